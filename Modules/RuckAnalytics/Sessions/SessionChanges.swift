import AnalyticsCore

/// Measures and statuses an edit may change, beside the details of `SessionOptions`.
public struct SessionChanges: Sendable, Equatable {
  /// A new local day and/or start time, read in `zone`; the other keeps its local value and
  /// the session keeps its duration.
  public var date: LocalDate?
  public var time: TimeOfDay?
  public var zone: Zone
  /// Seconds, both elapsed and moving.
  public var duration: Double?
  /// Metres.
  public var distance: Double?
  /// Counted (confirms a flagged session), or excluded from records.
  public var recordStatus: RecordStatus?

  public init(
    date: LocalDate? = nil, time: TimeOfDay? = nil, zone: Zone = .utc, duration: Double? = nil,
    distance: Double? = nil, recordStatus: RecordStatus? = nil
  ) {
    self.date = date
    self.time = time
    self.zone = zone
    self.duration = duration
    self.distance = distance
    self.recordStatus = recordStatus
  }

  /// A measure a track gives, which an edit can override.
  public enum Measure: String, Sendable, Equatable {
    case start, duration, distance
  }
}

/// An edited session, and which of its track's measures the edit overrode (none for a session
/// without a track): the track's points keep their recorded times and positions.
public struct EditedSession: Sendable, Equatable {
  public let session: RuckSession
  public let trackMeasuresOverridden: [SessionChanges.Measure]
}
