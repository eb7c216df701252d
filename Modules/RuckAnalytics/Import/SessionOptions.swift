import AnalyticsCore

/// The session details a user may give on import, when logging by hand or when editing.
public struct SessionOptions: Sendable, Equatable {
  /// Pack load, kg (default 0).
  public var loadKg: Double?
  /// Body weight, kg (default: the profile's).
  public var bodyWeightKg: Double?
  public var terrain: Terrain?
  /// Air temperature, °C.
  public var temperatureC: Double?
  /// Weather in words.
  public var conditions: String?
  public var notes: String?
  /// When the session started, for a file whose points have no times (a planned route).
  public var start: Instant?
  /// What it was, over the file's sport (default: the file's, else ruck).
  public var activity: Activity?
  /// The gear it was done with, by name; `nil` puts on the default of each kind (a ruck only).
  public var gear: [String]?
  /// The zone the user's days are read in: which day `start` falls on (a planned route is a new
  /// session on another day) and whether it lies after today.
  public var zone: Zone

  public init(
    loadKg: Double? = nil, bodyWeightKg: Double? = nil, terrain: Terrain? = nil,
    temperatureC: Double? = nil, conditions: String? = nil, notes: String? = nil,
    start: Instant? = nil, activity: Activity? = nil, gear: [String]? = nil, zone: Zone = .utc
  ) {
    self.gear = gear
    self.zone = zone
    self.start = start
    self.activity = activity
    self.loadKg = loadKg
    self.bodyWeightKg = bodyWeightKg
    self.terrain = terrain
    self.temperatureC = temperatureC
    self.conditions = conditions
    self.notes = notes
  }

  /// These options, each detail not given taken from `saved` (what Tally's own export wrote).
  func filling(from saved: SessionOptions?) -> SessionOptions {
    guard let saved else { return self }
    var out = self
    out.loadKg = loadKg ?? saved.loadKg
    out.bodyWeightKg = bodyWeightKg ?? saved.bodyWeightKg
    out.terrain = terrain ?? saved.terrain
    out.temperatureC = temperatureC ?? saved.temperatureC
    out.conditions = conditions ?? saved.conditions
    out.notes = notes ?? saved.notes
    return out
  }
}

/// What importing one file did.
public enum ImportOutcome: Sendable, Equatable {
  /// New sessions were saved.
  case imported([RuckSession])
  /// The same bytes were imported before (as `previousName`); nothing was added.
  case duplicate(previousName: String)

  /// The sessions saved (none for a duplicate).
  public var sessions: [RuckSession] {
    if case .imported(let sessions) = self { return sessions }
    return []
  }

  /// Their total distance, m.
  public var distanceMeters: Double { sessions.reduce(0) { $0 + $1.distanceMeters } }
}

/// Something an import read and kept but the user should hear about.
public enum ImportWarning: Sendable, Equatable {
  /// This many points had a time earlier than a point before them in their segment: their
  /// distance counts, their time does not.
  case timesGoBack(points: Int)
  /// The file gives its own start (its points' times, a Tally export's, a sessions file's
  /// dates), so the start given for a file without times was not used: the first session
  /// starts at `start`.
  case ownTimes(start: Instant)
}
