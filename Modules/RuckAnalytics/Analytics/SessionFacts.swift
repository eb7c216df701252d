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
  /// leave out (runs, rides, `other`, unloaded walks: a report says how many, so that a run
  /// imported from a watch is not silently missing) — from one scan of the table.
  static func all(_ db: Database) throws -> (counted: [SessionFacts], leftOut: [Instant]) {
    let counted = columns.count  // the position of the rule's value after the columns
    let cursor = try Row.fetchCursor(
      db, RuckSession.select(columns + [RuckSession.countedAsRuck]).chronological())
    var facts: [SessionFacts] = []
    var leftOut: [Instant] = []
    while let row = try cursor.next() {
      if row[counted] as Bool {
        facts.append(SessionFacts(row: row))
      } else {
        leftOut.append(row[1])
      }
    }
    return (facts, leftOut)
  }

}
