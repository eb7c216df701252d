import AnalyticsCore
import GRDB

/// The figures of a session that reports use, read with one query and positional columns — much
/// cheaper than decoding whole `RuckSession` records when there are thousands.
struct SessionFacts: Sendable {
  let id: Int64
  let start: Double
  let elapsedSeconds: Double
  let movingSeconds: Double
  let distanceMeters: Double
  let loadKg: Double
  let calories: Double?
  let terrain: Terrain?
  let temperatureC: Double?

  /// Moving time ÷ distance, s/km; `nil` without either.
  var paceSecondsPerKm: Double? {
    distanceMeters > 0 && movingSeconds > 0 ? movingSeconds / (distanceMeters / 1000) : nil
  }

  /// Load × distance, kg·km.
  var weightMovedKgKm: Double { loadKg * distanceMeters / 1000 }

  /// Every session's start (seconds since 1970), oldest first: all a streak needs.
  static func starts(_ db: Database) throws -> [Double] {
    try Double.fetchAll(db, sql: "SELECT started_at FROM ruck_session ORDER BY started_at")
  }

  /// Every session, oldest first.
  static func all(_ db: Database) throws -> [SessionFacts] {
    let cursor = try Row.fetchCursor(
      db,
      sql: """
        SELECT id, started_at, elapsed_s, moving_s, distance_m, load_kg, calories, terrain,
               temperature_c
        FROM ruck_session ORDER BY started_at, id
        """)
    var facts: [SessionFacts] = []
    while let row = try cursor.next() {
      facts.append(
        SessionFacts(
          id: row[0], start: row[1], elapsedSeconds: row[2], movingSeconds: row[3],
          distanceMeters: row[4], loadKg: row[5], calories: row[6],
          terrain: (row[7] as String?).flatMap(Terrain.init(rawValue:)), temperatureC: row[8]))
    }
    return facts
  }
}
