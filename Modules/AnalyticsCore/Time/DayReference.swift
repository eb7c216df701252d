/// A day as people type it: `2026-02-08`, `today`, `yesterday`, or a weekday name meaning the
/// most recent such day (today included).
///
/// Parsing needs no "today"; resolving does, so an option can be parsed before the as-of day is
/// known and resolved once it is.
public enum DayReference: Sendable, Hashable, CustomStringConvertible {
  /// A calendar day.
  case day(LocalDate)
  /// The as-of day.
  case today
  /// The day before the as-of day.
  case yesterday
  /// The most recent day with this weekday, the as-of day included.
  case last(Weekday)

  /// What `init(parsing:)` accepts, for error messages.
  public static let expectedText =
    "a day as YYYY-MM-DD (such as 2026-02-08), today, yesterday or a weekday name"

  /// Parses `YYYY-MM-DD`, `today`, `yesterday` or a weekday (`mon`, `monday`), case-insensitively.
  ///
  /// - throws: `TallyError` naming the text; for a slashed form such as `2/8/2026`, which some read
  ///   month first and others day first, the message shows the ISO form of both readings.
  public init(parsing text: String) throws {
    let lower = text.lowercased()
    if lower == "today" {
      self = .today
    } else if lower == "yesterday" {
      self = .yesterday
    } else if let weekday = try? Weekday(parsing: lower) {
      self = .last(weekday)
    } else if let day = try? LocalDate(parsing: text) {
      guard LocalDate.supportedRange.contains(day) else {
        throw TallyError(value: text, expected: LocalDate.supportedRangeText)
      }
      self = .day(day)
    } else if let reason = LocalDate.nonexistent(text) {
      throw TallyError(value: text, expected: reason)
    } else {
      throw TallyError(value: text, expected: DayReference.expected(for: text))
    }
  }

  /// The day this reference means when `asOf` is today.
  public func resolve(asOf: LocalDate) -> LocalDate {
    switch self {
    case .day(let day): return day
    case .today: return asOf
    case .yesterday: return asOf.adding(days: -1)
    case .last(let weekday):
      let back = (asOf.weekday.rawValue - weekday.rawValue + 7) % 7
      return asOf.adding(days: -back)
    }
  }

  /// `2026-02-08`, `today`, `yesterday` or the weekday's name.
  public var description: String {
    switch self {
    case .day(let day): return day.description
    case .today: return "today"
    case .yesterday: return "yesterday"
    case .last(let weekday): return weekday.name
    }
  }

  /// The expected text, naming both ISO readings of an ambiguous `A/B/YYYY` (or `A.B.YYYY`).
  static func expected(for text: String) -> String {
    let parts = text.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "-" })
    guard parts.count == 3, let first = Int(parts[0]), let second = Int(parts[1]),
      let year = Int(parts[2]), parts[2].count == 4
    else { return expectedText }
    let readings = [
      LocalDate(year: year, month: first, day: second),
      LocalDate(year: year, month: second, day: first),
    ].compactMap { $0 }
    let distinct = readings.reduce(into: [LocalDate]()) { if !$0.contains($1) { $0.append($1) } }
    guard !distinct.isEmpty else { return expectedText }
    return "YYYY-MM-DD: write "
      + distinct.map(\.description).joined(separator: " or ")
  }
}
