import AnalyticsCore

/// What kind of outing a session was. Records, streaks, weight moved and insights count rucks,
/// and hikes and walks under load; runs, rides and anything else (a drive recorded by mistake)
/// are kept and listed but not counted.
public enum Activity: String, Sendable, CaseIterable {
  case ruck, hike, walk, run, bike, other

  /// On foot: a pace or a distance beyond a person's is then implausible (`Implausibility`).
  public var isOnFoot: Bool { self != .bike && self != .other }

  /// Parses an activity name.
  ///
  /// - throws: `TallyError` naming the value and listing the activities.
  public init(parsing text: String) throws {
    guard let activity = Activity(rawValue: text.lowercased()) else {
      throw TallyError(
        value: text, expected: "one of " + Activity.allCases.map(\.rawValue).joined(separator: ", ")
      )
    }
    self = activity
  }

  /// The activity a file's sport names (TCX `Sport`, GPX `<type>`), by the words apps write:
  /// `Running`, `running`, `Hiking`, `cycling`, `Biking`, `walk`… A TCX `Other` says nothing
  /// (`nil`: the default applies); any other unknown word is `other`, so that it is not counted
  /// as a ruck.
  public init?(fileSport text: String) {
    let word = text.lowercased()
    if word.isEmpty || word == "other" { return nil }
    let words: [(String, Activity)] = [
      ("ruck", .ruck), ("hik", .hike), ("walk", .walk), ("run", .run), ("bik", .bike),
      ("cycl", .bike), ("ride", .bike),
    ]
    self = words.first { word.contains($0.0) }?.1 ?? .other
  }
}

/// Whether a session counts in personal records.
public enum RecordStatus: String, Sendable, CaseIterable {
  /// It counts (the default, or confirmed by the user).
  case counted
  /// The user left it out.
  case excluded
  /// Flagged as implausible on foot (`Implausibility`): left out until the user confirms it.
  case unconfirmed
}

/// Why a session on foot looks like something else (a drive, a planned route, a GPS fault).
public enum Implausibility: String, Sendable, Equatable {
  /// Faster than `RuckSession.fastestPlausiblePace`.
  case tooFast
  /// Longer than `RuckSession.longestPlausibleMeters`.
  case tooLong
  /// Slower than `RuckSession.slowestPlausiblePace`.
  case tooSlow
  /// Lasting longer than `RuckSession.longestPlausibleSeconds`.
  case tooLongInTime
  /// A load heavier than `RuckSession.heaviestPlausibleLoadKg`.
  case tooHeavy
}

extension RuckSession {
  /// Faster than 3:00 /km for a whole session on foot is beyond a loaded walker and most runners
  /// (an elite marathon is about 2:55 /km): far more likely a vehicle or a GPS fault.
  public static let fastestPlausiblePace = 180.0

  /// Longer than 250 km in one session on foot is beyond the longest one-stage foot races
  /// (Spartathlon, 246 km): far more likely a planned route or a trip by car.
  public static let longestPlausibleMeters = 250_000.0

  /// Slower than 60:00 /km (1 km/h) over a whole session on foot is slower than any walk,
  /// however loaded or steep: a watch left running, or minutes typed as hours (999 h for 4 mi
  /// made a month's pace 847:24 /mi).
  public static let slowestPlausiblePace = 3600.0

  /// Over 48 hours of moving in one session on foot is beyond the one-stage ultras (Spartathlon's
  /// cut-off is 36 hours): a multi-day trip logged as one session, or a typo.
  public static let longestPlausibleSeconds = 48.0 * 3600

  /// A load over 100 kg is beyond what anyone carries on foot for a session (military loads and
  /// ruck events stay under 70 kg): pounds given as kilograms, or a typo (a load of `300lb`).
  public static let heaviestPlausibleLoadKg = 100.0

  /// Why it is implausible for its activity, or `nil`.
  public var implausibility: Implausibility? {
    guard activity.isOnFoot else { return nil }
    if let pace = paceSecondsPerKm, pace < Self.fastestPlausiblePace { return .tooFast }
    if distanceMeters > Self.longestPlausibleMeters { return .tooLong }
    if let pace = paceSecondsPerKm, pace > Self.slowestPlausiblePace { return .tooSlow }
    if movingSeconds > Self.longestPlausibleSeconds { return .tooLongInTime }
    if loadKg > Self.heaviestPlausibleLoadKg { return .tooHeavy }
    return nil
  }

  /// Flags a counted session that is implausible; a confirmed or excluded one keeps its status
  /// (the user has said).
  mutating func flagIfImplausible() {
    if recordStatus == .counted, implausibility != nil { recordStatus = .unconfirmed }
  }
}
