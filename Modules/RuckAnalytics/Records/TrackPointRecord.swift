import AnalyticsCore
import GRDB
import Storage

/// A stored track point of a session (table `track_point`). Imports write the table through
/// `BulkStatement` (see `RuckStore.insertTrack`); this record reads it.
public struct TrackPointRecord: Sendable, Equatable {
  public var sessionId: Int64
  /// Order within the session, from 0.
  public var seq: Int
  /// The segment it belongs to, from 0: distance is never measured across segments.
  public var segment: Int
  /// When it was recorded, if the file says.
  public var time: Instant?
  public var latitude: Double
  public var longitude: Double
  /// Metres, if the file says.
  public var elevation: Double?
  /// Beats per minute, if recorded.
  public var heartRate: Int?

  public enum Columns {
    public static let sessionId = Column("session_id")
    public static let seq = Column("seq")
    public static let segment = Column("segment")
    public static let time = Column("time_ms")
    public static let latitude = Column("lat")
    public static let longitude = Column("lon")
    public static let elevation = Column("elevation_m")
    public static let heartRate = Column("heart_rate_bpm")
  }
}

extension TrackPointRecord: FetchableRecord, TableRecord {
  public static let databaseTableName = "track_point"

  public init(row: Row) throws {
    sessionId = row[Columns.sessionId]
    seq = row[Columns.seq]
    segment = row[Columns.segment]
    time = row[Columns.time]
    latitude = row[Columns.latitude]
    longitude = row[Columns.longitude]
    elevation = row[Columns.elevation]
    heartRate = row[Columns.heartRate]
  }
}

extension DerivableRequest<TrackPointRecord> {
  /// A session's points in recorded order.
  func ofSession(_ sessionId: Int64) -> Self {
    filter(TrackPointRecord.Columns.sessionId == sessionId).order(TrackPointRecord.Columns.seq)
  }
}
