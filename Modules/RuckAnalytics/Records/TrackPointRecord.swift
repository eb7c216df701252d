import GRDB

/// A stored track point of a session (table `track_point`).
public struct TrackPointRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "track_point"

  /// The session.
  public var sessionId: Int64
  /// Order within the session.
  public var seq: Int
  /// The segment it belongs to (0-based).
  public var segment: Int
  /// Seconds since 1970 (UTC), when recorded.
  public var time: Double?
  /// Latitude, degrees.
  public var latitude: Double
  /// Longitude, degrees.
  public var longitude: Double
  /// Elevation, metres.
  public var elevation: Double?

  enum CodingKeys: String, CodingKey {
    case seq, segment
    case sessionId = "session_id"
    case time = "time_s"
    case latitude = "lat"
    case longitude = "lon"
    case elevation = "elevation_m"
  }
}
