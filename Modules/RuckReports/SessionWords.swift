import Foundation
import RuckAnalytics

/// The words a session's status is said in, the same in the terminal and on its page.
public enum SessionWords {
  /// `is faster than 3:00 /km`, `is longer than 250 km`, `is slower than 60:00 /km`, ….
  public static func implausible(_ implausibility: Implausibility?) -> String {
    let metric = UnitFormatter(system: .metric)
    switch implausibility {
    case .tooFast?: return "is faster than " + metric.pace(RuckSession.fastestPlausiblePace)
    case .tooLong?:
      return "is longer than "
        + String(
          format: "%.0f km", UnitSystem.metric.distance(metres: RuckSession.longestPlausibleMeters))
    case .tooSlow?: return "is slower than " + metric.pace(RuckSession.slowestPlausiblePace)
    case .tooLongInTime?:
      return "lasts longer than \(Int(RuckSession.longestPlausibleSeconds / 3600)) hours"
    case .tooHeavy?:
      return "carries more than \(Int(RuckSession.heaviestPlausibleLoadKg)) kg"
    case nil: return "looks implausible"
    }
  }

  /// The name of the file a session came from (`files`: the store's `sourceFileNames()`), or
  /// `manual` for one logged by hand.
  public static func source(_ session: RuckSession, files: [Int64: String]) -> String {
    session.sourceFileId.map { files[$0] ?? "file" } ?? "manual"
  }

  /// Whether the session counts in records, and why not when it waits for confirmation (the
  /// same reason the import gave).
  public static func records(_ session: RuckSession) -> String {
    switch session.recordStatus {
    case .counted: return "counted"
    case .excluded: return "excluded"
    case .unconfirmed:
      return "left out until confirmed: it \(implausible(session.implausibility)) "
        + "(sessions edit \(session.id ?? 0) --confirm)"
    }
  }
}
