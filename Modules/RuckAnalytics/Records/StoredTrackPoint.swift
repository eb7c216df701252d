import AnalyticsCore
import GRDB

/// A stored track point of a session, as read back from its `TrackChunk`.
public struct StoredTrackPoint: Sendable, Equatable {
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
}

extension RuckStore {
  /// A session's stored points in order (none for a session without a track).
  static func storedPoints(_ db: Database, sessionId: Int64) throws -> [StoredTrackPoint] {
    try TrackChunk.points(TrackChunk.all().ofSession(sessionId).fetchAll(db))
  }
}
