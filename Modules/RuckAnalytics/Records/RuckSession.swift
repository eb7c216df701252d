import AnalyticsCore
import Foundation
import GRDB

/// Where a session's calories came from.
public enum CaloriesSource: String, Sendable, Codable {
  /// Recorded by the device (TCX laps).
  case device
  /// Estimated with the Pandolf equation.
  case pandolf
  /// Given by the user.
  case manual
  /// Unknown (no body weight to estimate with).
  case none
}

/// One rucking session.
public struct RuckSession: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The table.
  public static let databaseTableName = "ruck_session"

  /// The session id.
  public var id: Int64?
  /// When it started.
  public var startedAt: Date
  /// When it ended.
  public var endedAt: Date
  /// Elapsed time, seconds.
  public var elapsedSeconds: Double
  /// Moving time, seconds.
  public var movingSeconds: Double
  /// Distance, metres.
  public var distanceMeters: Double
  /// Elevation gain, metres (when known).
  public var elevationGainMeters: Double?
  /// Elevation loss, metres (when known).
  public var elevationLossMeters: Double?
  /// Pack load, kg.
  public var loadKg: Double
  /// Body weight, kg (when known).
  public var bodyWeightKg: Double?
  /// Energy, kcal (when known).
  public var calories: Double?
  /// Where `calories` came from.
  public var caloriesSource: CaloriesSource
  /// The ground.
  public var terrain: Terrain?
  /// Air temperature, °C.
  public var temperatureC: Double?
  /// Weather in words.
  public var conditions: String?
  /// Notes.
  public var notes: String?
  /// The imported file it came from.
  public var sourceFileId: Int64?
  /// When it was saved.
  public var createdAt: Date

  /// Moving time ÷ distance in seconds per kilometre; `nil` without distance or moving time.
  public var paceSecondsPerKm: Double? {
    distanceMeters > 0 && movingSeconds > 0 ? movingSeconds / (distanceMeters / 1000) : nil
  }

  /// Load × distance, kg·km.
  public var weightMovedKgKm: Double { loadKg * distanceMeters / 1000 }

  /// Column names.
  public enum Columns {
    /// `started_at`.
    public static let startedAt = Column(CodingKeys.startedAt)
  }

  enum CodingKeys: String, CodingKey {
    case id, terrain, conditions, notes, calories
    case startedAt = "started_at"
    case endedAt = "ended_at"
    case elapsedSeconds = "elapsed_s"
    case movingSeconds = "moving_s"
    case distanceMeters = "distance_m"
    case elevationGainMeters = "elevation_gain_m"
    case elevationLossMeters = "elevation_loss_m"
    case loadKg = "load_kg"
    case bodyWeightKg = "body_weight_kg"
    case caloriesSource = "calories_source"
    case temperatureC = "temperature_c"
    case sourceFileId = "source_file_id"
    case createdAt = "created_at"
  }

  /// Takes the id SQLite assigned.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// Instants are stored as seconds since 1970: exact, compact and fast to read back.
  public static func databaseDateEncodingStrategy(for column: String)
    -> DatabaseDateEncodingStrategy
  { .timeIntervalSince1970 }

  /// See `databaseDateEncodingStrategy(for:)`.
  public static func databaseDateDecodingStrategy(for column: String)
    -> DatabaseDateDecodingStrategy
  { .timeIntervalSince1970 }
}
