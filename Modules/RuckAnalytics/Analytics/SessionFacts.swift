import AnalyticsCore
import GRDB
import Storage

/// The figures of a session that reports use, read with one query and positional columns — much
/// cheaper than decoding whole `RuckSession` records when there are thousands.
struct SessionFacts: Sendable, SessionMeasures {
  let id: Int64
  let start: Instant
  let elapsedSeconds: Double
  let movingSeconds: Double
  let distanceMeters: Double
  let loadKg: Double
  let calories: Double?
  let terrain: Terrain?
  let temperatureC: Double?
  let recordStatus: RecordStatus
  let elevationGainMeters: Double?

  /// The columns read, in the order `init(row:)` takes them.
  private static var columns: [any SQLSelectable] {
    typealias Columns = RuckSession.Columns
    return [
      Columns.id, Columns.startedAt, Columns.elapsedSeconds, Columns.movingSeconds,
      Columns.distanceMeters, Columns.loadKg, Columns.calories, Columns.terrain,
      Columns.temperatureC, Columns.recordStatus, Columns.elevationGainMeters,
    ]
  }

  private init(row: Row) {
    id = row[0]
    start = row[1]
    elapsedSeconds = row[2]
    movingSeconds = row[3]
    distanceMeters = row[4]
    loadKg = row[5]
    calories = row[6]
    terrain = (row[7] as String?).flatMap(Terrain.init(rawValue:))
    temperatureC = row[8]
    recordStatus = RecordStatus(rawValue: row[9]) ?? .excluded
    elevationGainMeters = row[10]
  }

  /// Every counted session's start (`countedAsRucks`), oldest first: all a streak needs.
  static func starts(_ db: Database) throws -> [Instant] {
    try Instant.fetchAll(
      db,
      RuckSession.select(RuckSession.Columns.startedAt).countedAsRucks().order(
        RuckSession.Columns.startedAt))
  }

  /// Every session reports count (`countedAsRucks`), oldest first, and the starts of those they
  /// leave out: of other types (runs, rides, `other`, unloaded walks), and rucks flagged and not
  /// confirmed. A report says how many of each, so that a run imported from a watch or a
  /// flagged ruck is not silently missing — from one scan of the table.
  static func all(_ db: Database) throws -> (
    counted: [SessionFacts], otherTypes: [Instant], unconfirmed: [Instant]
  ) {
    let rule = columns.count  // the position of the rules' values after the columns
    let cursor = try Row.fetchCursor(
      db,
      RuckSession.select(
        columns + [RuckSession.countedAsRuck, RuckSession.countedInReports]
      ).chronological())
    var facts: [SessionFacts] = []
    var otherTypes: [Instant] = []
    var unconfirmed: [Instant] = []
    while let row = try cursor.next() {
      if row[rule + 1] as Bool {
        facts.append(SessionFacts(row: row))
      } else if row[rule] as Bool {
        unconfirmed.append(row[1])
      } else {
        otherTypes.append(row[1])
      }
    }
    return (facts, otherTypes, unconfirmed)
  }

}
