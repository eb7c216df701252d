/// A day of the week, numbered as ISO 8601 does: Monday 1 through Sunday 7.
public enum Weekday: Int, Sendable, CaseIterable, Comparable, Codable {
  /// Monday, ISO day 1: the default first day of a week.
  case monday = 1
  /// Tuesday, ISO day 2.
  case tuesday
  /// Wednesday, ISO day 3.
  case wednesday
  /// Thursday, ISO day 4: the day that decides which year an ISO week belongs to.
  case thursday
  /// Friday, ISO day 5.
  case friday
  /// Saturday, ISO day 6.
  case saturday
  /// Sunday, ISO day 7: the first day of a week on request.
  case sunday

  /// Orders weekdays Monday first.
  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The English name, lowercased (`monday`).
  public var name: String { String(describing: self) }

  /// The three-letter English abbreviation (`Mon`).
  public var shortName: String {
    ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1]
  }

  /// Parses a weekday name or abbreviation, case-insensitively (`monday`, `Mon`).
  public init(parsing text: String) throws {
    let lower = text.lowercased()
    guard
      let day = Weekday.allCases.first(where: {
        $0.name == lower || $0.shortName.lowercased() == lower
      }) ?? Self.otherAbbreviations[lower]
    else { throw TallyError(value: text, expected: "a weekday such as monday or sunday") }
    self = day
  }

  /// Abbreviations people write besides the three-letter ones (`tues`, `thurs`).
  static let otherAbbreviations: [String: Weekday] = [
    "tues": .tuesday, "weds": .wednesday, "thur": .thursday, "thurs": .thursday,
  ]
}
