import AnalyticsCore

/// How often a medication is meant to be taken.
public enum MedicationFrequency: String, Sendable, CaseIterable, Codable {
  /// Once a day.
  case daily
  /// Twice a day.
  case twiceDaily = "twice-daily"
  /// Three times a day.
  case threeTimesDaily = "three-times-daily"
  /// Once a week, on the weekday of its first day (`since`).
  case weekly
  /// When needed: no schedule, so no adherence.
  case asNeeded = "as-needed"

  /// The frequency named by `text` (`twice_daily` and `twice daily` are accepted too).
  ///
  /// - throws: `TallyError` (usage) listing the frequencies.
  public static func resolve(_ text: String) throws -> MedicationFrequency {
    let key = PatternCatalog.normalize(text)
    guard let frequency = MedicationFrequency(rawValue: key) else {
      throw TallyError.invalid(
        "frequency", text, expected: "one of " + allCases.map(\.rawValue).joined(separator: ", "),
        category: .usage)
    }
    return frequency
  }

  /// The doses expected on `day` for a medication started on `since` (0 for as-needed).
  public func expectedDoses(on day: LocalDate, since: LocalDate) -> Int {
    switch self {
    case .daily: 1
    case .twiceDaily: 2
    case .threeTimesDaily: 3
    case .weekly: since.days(to: day) % 7 == 0 ? 1 : 0
    case .asNeeded: 0
    }
  }
}
