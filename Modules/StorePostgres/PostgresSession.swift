import AnalyticsCore
import Logging
import NIOConcurrencyHelpers
import NIOSSL
import PostgresNIO

/// Connections to one PostgreSQL database, handed out one caller at a time.
///
/// The domain is synchronous (the server calls it from Hummingbird handlers), so queries use
/// postgres-nio's `EventLoopFuture` API and block with `wait()`: the connections run on NIO's
/// own event-loop threads, never on Swift's cooperative pool, so a blocked caller waits for a
/// NIO thread and not for another Swift task (which would deadlock a 2-thread pool). Idle
/// connections are kept for the next caller, so a server serves requests in parallel, each on
/// a connection of its own.
final class PostgresPool: Sendable {
  let location: PostgresLocation
  private let idle = NIOLockedValueBox<[PostgresConnection]>([])
  private let nextId = NIOLockedValueBox(0)
  /// Idle connections kept open; more are opened when callers overlap, and closed after.
  private static let idleLimit = 16

  /// How connections are encrypted, made once from the URL's `sslmode`.
  private let tls: PostgresConnection.Configuration.TLS

  /// - throws: `TallyError` (usage) when `sslrootcert` cannot be read.
  init(_ location: PostgresLocation) throws {
    self.location = location
    tls = try Self.tls(location)
  }

  /// libpq's `sslmode` as postgres-nio's TLS setting: `prefer`/`allow` fall back to plain text
  /// when the server has no TLS, `require` and the `verify-*` modes refuse to.
  private static func tls(_ location: PostgresLocation) throws
    -> PostgresConnection.Configuration.TLS
  {
    var configuration = TLSConfiguration.makeClientConfiguration()
    switch location.tlsMode {
    case .disable: return .disable
    case .allow, .prefer, .require: configuration.certificateVerification = .none
    case .verifyCA: configuration.certificateVerification = .noHostnameVerification
    case .verifyFull: configuration.certificateVerification = .fullVerification
    }
    if let path = location.rootCertificate {
      do {
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(path))
      } catch {
        throw TallyError.invalid(
          "sslrootcert", path, expected: "a readable file of PEM certificates", category: .usage)
      }
    }
    let context: NIOSSLContext
    do { context = try NIOSSLContext(configuration: configuration) } catch {
      throw TallyError(.io, .failed("cannot set up TLS: \(error)"))
    }
    switch location.tlsMode {
    case .allow, .prefer: return .prefer(context)
    default: return .require(context)
    }
  }

  deinit {
    for connection in idle.withLockedValue({ $0 }) { try? connection.close().wait() }
  }

  /// Runs `body` on a connection of its own. A connection whose query failed mid-way (or that
  /// the server closed) is dropped rather than handed to the next caller.
  func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
    let connection = try idle.withLockedValue { $0.popLast() } ?? connect()
    let session = PostgresSession(connection, schema: location.schema)
    do {
      let result = try body(session)
      release(connection)
      return result
    } catch {
      if connection.isClosed || session.broken {
        try? connection.close().wait()
      } else {
        release(connection)
      }
      throw error
    }
  }

  private func release(_ connection: PostgresConnection) {
    let kept = idle.withLockedValue { connections -> Bool in
      guard connections.count < Self.idleLimit, !connection.isClosed else { return false }
      connections.append(connection)
      return true
    }
    if !kept { try? connection.close().wait() }
  }

  private func connect() throws -> PostgresConnection {
    let configuration = PostgresConnection.Configuration(
      host: location.host, port: location.port, username: location.user,
      password: location.password, database: location.database, tls: tls)
    let id = nextId.withLockedValue { id in
      id += 1
      return id
    }
    do {
      let connection = try PostgresConnection.connect(
        on: PostgresConnection.defaultEventLoopGroup.any(), configuration: configuration, id: id,
        logger: quietLogger
      ).wait()
      let session = PostgresSession(connection, schema: location.schema)
      // Unqualified names are Tally's tables; `public` keeps the server's own functions.
      try session.execute("SET search_path TO \(location.schema), public")
      return connection
    } catch {
      throw TallyError(
        .io,
        .failed("cannot connect to \(location): \(PostgresSession.message(of: error))"))
    }
  }
}

/// postgres-nio logs at debug and trace only; Tally reports failures as `TallyError`s.
let quietLogger = Logger(label: "tally.store.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

/// One connection in use by one caller: queries with bound values, run synchronously.
final class PostgresSession {
  let connection: PostgresConnection
  let schema: String
  /// Set when a statement failed, so the pool does not reuse a connection in an unknown state.
  private(set) var broken = false
  /// What was sent and not yet waited for: copies, and writes whose rows nobody reads. Each runs
  /// after the one before it on the connection's event loop, so a transaction's writes cross
  /// from the caller's thread to the loop once, not once each; the next query waits for them
  /// all (`copied`), and the first failure is reported there.
  private var pending: EventLoopFuture<Void>?
  /// Where copies run, held by the session so that it outlives every copy it runs (each is
  /// waited for before the session ends).
  private lazy var executor = EventLoopExecutor(connection.eventLoop)

  init(_ connection: PostgresConnection, schema: String) {
    self.connection = connection
    self.schema = schema
  }

  /// Runs one statement and returns its rows: values interpolated into `query` are bound
  /// (`\(value)` becomes `$n`), SQL fragments go in as `\(unescaped: text)`.
  @discardableResult
  func query(_ query: PostgresQuery) throws -> [PostgresRow] {
    try copied()
    do {
      return Array(try connection.query(query, logger: quietLogger).wait())
    } catch {
      throw tallyError(error)
    }
  }

  /// Runs `query` as the statement `Text` names, which this connection prepares at its first
  /// run (`PreparedText`). postgres-nio runs prepared statements async only: as a copy, on the
  /// connection's own event loop, waited for as a future.
  @discardableResult
  func query<Text: PreparedText>(_: Text.Type, _ query: PostgresQuery) throws -> [PostgresRow] {
    let rows = fetch(Text.self, query)
    try copied()
    return rows.withLockedValue { $0 }
  }

  /// Sends `query` as the statement `Text` names and returns without waiting: its rows are in
  /// the box once the session has waited (`copied()`, or any later query). Several reads sent
  /// this way cost one wait.
  func fetch<Text: PreparedText>(_: Text.Type, _ query: PostgresQuery)
    -> NIOLockedValueBox<[PostgresRow]>
  {
    let rows = NIOLockedValueBox<[PostgresRow]>([])
    run(Text.self, query) { read in rows.withLockedValue { $0 = read } }
    return rows
  }

  /// Sends `query` as the statement `Text` names and returns without waiting: for writes whose
  /// rows nobody reads. It runs after what was sent before it; the next query waits for it.
  func send<Text: PreparedText>(_: Text.Type, _ query: PostgresQuery) {
    run(Text.self, query) { _ in }
  }

  /// Sends `query` (unprepared) and returns without waiting, as `send(_:_:)` does.
  func send(_ query: PostgresQuery) {
    let connection = connection
    enqueue { connection.query(query, logger: quietLogger).map { _ in } }
  }

  private func run<Text: PreparedText>(
    _: Text.Type, _ query: PostgresQuery,
    rows: @escaping @Sendable ([PostgresRow]) -> Void
  ) {
    PreparedTexts.keep(Text.self, query.sql)
    let (connection, statement) = (connection, Prepared<Text>(bindings: query.binds))
    let executor = executor
    enqueue {
      executor.run {
        var read: [PostgresRow] = []
        for try await row in try await connection.execute(statement, logger: quietLogger) {
          read.append(row)
        }
        rows(read)
      }
    }
  }

  /// Starts `COPY table (columns) FROM STDIN` with `rows` (COPY's text format) and returns
  /// without waiting for it, so the caller plans the next rows while PostgreSQL takes these in.
  /// The next query on this session waits for it first (`copied`).
  ///
  /// `copyFrom` is async only: it runs as a task on the connection's own event loop
  /// (`EventLoopExecutor`), never on Swift's cooperative pool, and is waited for as a future.
  func startCopy(into table: String, columns: [String], rows: [ByteBuffer]) {
    let (connection, executor) = (connection, executor)
    enqueue {
      executor.run {
        try await connection.copyFrom(table: table, columns: columns, logger: quietLogger) {
          writer in
          for buffer in rows { try await writer.write(buffer) }
        }
      }
    }
  }

  /// Runs `start` on the connection's event loop once what was sent before has run; after a
  /// failure nothing more runs, and the failure is what the next wait reports.
  private func enqueue(_ start: @escaping @Sendable () -> EventLoopFuture<Void>) {
    if let before = pending {
      pending = before.flatMap { start() }
    } else {
      pending = connection.eventLoop.flatSubmit(start)
    }
  }

  /// Waits for everything sent, if anything.
  func copied() throws {
    guard let sent = pending else { return }
    pending = nil
    do {
      try sent.wait()
    } catch {
      throw tallyError(error)
    }
  }

  /// Runs statements without binds, separated by `;` (none of Tally's holds one in a literal):
  /// postgres-nio sends every query as a prepared statement, which takes one command.
  func execute(_ sql: String) throws {
    for statement in sql.split(separator: ";")
    where statement.contains(where: { !$0.isWhitespace }) {
      try query(PostgresQuery(unsafeSQL: String(statement)))
    }
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  func inTransaction<T>(_ body: () throws -> T) throws -> T {
    send("BEGIN")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // What was sent ends before the rollback; its error is not the one to report.
      try? copied()
      do { try execute("ROLLBACK") } catch { broken = true }
      throw error
    }
  }

  /// The server's message, or what went wrong on the way: `PSQLError`'s own description is
  /// deliberately generic.
  static func message(of error: any Error) -> String {
    guard let error = error as? PSQLError else { return String(describing: error) }
    if let message = error.serverInfo?[.message] { return message }
    switch error.code {
    case .authMechanismRequiresPassword:
      return "the server asks for a password: expected one in the URL, PGPASSWORD or ~/.pgpass"
    case .sslUnsupported:
      return "the server does not offer TLS, which this sslmode requires (sslmode=prefer takes "
        + "plain text then)"
    default: break
    }
    guard let underlying = error.underlying else { return "\(error.code)" }
    // NIO's and BoringSSL's descriptions are nests of types; the reason is enough.
    let text = String(describing: underlying)
    let reasons = [
      (
        "CERTIFICATE_VERIFY_FAILED",
        "the server's TLS certificate is not trusted: expected one signed by a CA of sslrootcert "
          + "(or of the system's, without it)"
      ),
      ("failedToValidateHostname", "the server's TLS certificate does not name this host"),
      ("Connection refused", "connection refused"), ("No route to host", "no route to host"),
      ("Network is unreachable", "the network is unreachable"), ("timed out", "timed out"),
      ("DNS", "the host name is not known"),
    ]
    return reasons.first { text.localizedCaseInsensitiveContains($0.0) }?.1 ?? text
  }

  private func tallyError(_ error: any Error) -> any Error {
    if error is TallyError { return error }
    broken = true
    return TallyError(.io, .failed("PostgreSQL: \(Self.message(of: error))"))
  }
}
