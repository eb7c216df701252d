/// An ISO 8601 week: weeks start on Monday and week 1 is the week that holds the year's first
/// Thursday, so the first days of January can belong to the previous year's last week.
public struct ISOWeek: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The ISO week-numbering year (not always the calendar year of every day in the week).
  public let weekYear: Int
  /// The week of the year, 1–53.
  public let week: Int

  /// Creates a week from its parts.
  public init(weekYear: Int, week: Int) {
    self.weekYear = weekYear
    self.week = week
  }

  /// `YYYY-Www`, for example `2015-W53`.
  public var description: String { "\(weekYear)-W\(LocalDate.pad(week, 2))" }

  /// Orders weeks chronologically.
  public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
    (lhs.weekYear, lhs.week) < (rhs.weekYear, rhs.week)
  }
}

extension LocalDate {
  /// The ISO 8601 week this day belongs to (2016-01-01 is 2015-W53; 2024-12-30 is 2025-W01).
  public var isoWeek: ISOWeek {
    // The Thursday of this day's week decides the week-year.
    let thursday = adding(days: 4 - weekday.rawValue)
    let weekYear = thursday.year
    let january1 = LocalDate(year: weekYear, month: 1, day: 1)!
    let week = january1.days(to: thursday) / 7 + 1
    return ISOWeek(weekYear: weekYear, week: week)
  }
}
