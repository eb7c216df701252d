import NIOConcurrencyHelpers
import PostgresNIO

/// Names a statement that each connection prepares once (parsed and planned by the server) and
/// then only binds: a POS order's transaction spent about two thirds of PostgreSQL's time
/// parsing and planning its statements (`log_min_duration_statement`: 2.5 of 3.7 ms), all of it
/// inside the writers' lock. A caseless enum per call site (`PostgresSession.query(_:_:)`).
protocol PreparedText: SendableMetatype {}

/// The text of each `PreparedText`: its query's own, kept at its first run. Interpolated values
/// are binds (`$n`), so a call site's text does not depend on them (checked).
enum PreparedTexts {
  static let known = NIOLockedValueBox<[ObjectIdentifier: String]>([:])

  static func keep<Text: PreparedText>(_: Text.Type, _ sql: String) {
    known.withLockedValue { texts in
      let key = ObjectIdentifier(Text.self)
      // Checked in every build: a text that changed would run the first one with other binds.
      precondition(texts[key] == nil || texts[key] == sql, "\(Text.self): its text changed")
      if texts[key] == nil { texts[key] = sql }
    }
  }
}

/// postgres-nio's prepared statement for a `PreparedText`, with the binds of one execution.
struct Prepared<Text: PreparedText>: PostgresPreparedStatement {
  typealias Row = PostgresRow
  static var name: String { "tally_\(String(reflecting: Text.self))" }
  static var sql: String {
    PreparedTexts.known.withLockedValue { $0[ObjectIdentifier(Text.self)]! }
  }
  let bindings: PostgresBindings

  func makeBindings() -> PostgresBindings { bindings }
  func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
