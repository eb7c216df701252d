import AnalyticsCore

/// What kind of outing a session was. Records, streaks, weight moved and insights count rucks,
/// and hikes and walks under load; runs, rides and anything else (a drive recorded by mistake)
/// are kept and listed but not counted.
public enum Activity: String, Sendable, CaseIterable {
  case ruck, hike, walk, run, bike, other

  /// On foot: a pace faster than `RuckSession.fastestPlausiblePace` is then implausible.
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
  /// Flagged on import as implausibly fast on foot: left out until the user confirms it.
  case unconfirmed
}

extension RuckSession {
  /// Faster than 3:00 /km for a whole session on foot is beyond a loaded walker and most runners
  /// (an elite marathon is about 2:55 /km): far more likely a vehicle or a GPS fault.
  public static let fastestPlausiblePace = 180.0

  /// Whether its pace is implausibly fast for its activity.
  public var isImplausiblyFast: Bool {
    guard activity.isOnFoot, let pace = paceSecondsPerKm else { return false }
    return pace < Self.fastestPlausiblePace
  }

  /// Flags a counted session that is implausibly fast; a confirmed or excluded one keeps its
  /// status (the user has said).
  mutating func flagIfImplausible() {
    if recordStatus == .counted, isImplausiblyFast { recordStatus = .unconfirmed }
  }
}
