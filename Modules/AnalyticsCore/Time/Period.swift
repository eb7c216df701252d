/// A calendar period that days are bucketed into.
public enum Period: String, Sendable, CaseIterable, Codable {
  /// One day.
  case day
  /// Seven days from the week's first day (Monday unless asked otherwise).
  case week
  /// A calendar month.
  case month
  /// A calendar quarter (January, April, July, October).
  case quarter
  /// A calendar year.
  case year

  /// Parses `day|week|month|quarter|year`, also in the adjective form (`daily`, `weekly`,
  /// `monthly`, `quarterly`, `yearly`), case-insensitively.
  public init(parsing text: String) throws {
    let aliases: [String: Period] = [
      "day": .day, "daily": .day, "week": .week, "weekly": .week, "month": .month,
      "monthly": .month, "quarter": .quarter, "quarterly": .quarter, "year": .year,
      "yearly": .year,
    ]
    guard let period = aliases[text.lowercased()] else {
      throw TallyError(
        value: text, expected: "one of daily, weekly, monthly, quarterly, yearly (or day, week, …)")
    }
    self = period
  }

  /// The first day of the period that contains `date`.
  ///
  /// Weeks start on `weekStart` (Monday by default, as ISO 8601 and PostgreSQL's
  /// `date_trunc('week')` do).
  public func start(of date: LocalDate, weekStart: Weekday = .monday) -> LocalDate {
    switch self {
    case .day:
      return date
    case .week:
      let offset = (date.weekday.rawValue - weekStart.rawValue + 7) % 7
      return date.adding(days: -offset)
    case .month:
      return LocalDate(year: date.year, month: date.month, day: 1)!
    case .quarter:
      return LocalDate(year: date.year, month: (date.month - 1) / 3 * 3 + 1, day: 1)!
    case .year:
      return LocalDate(year: date.year, month: 1, day: 1)!
    }
  }

  /// The first day of the period after the one that starts on `start`.
  public func nextStart(after start: LocalDate) -> LocalDate {
    switch self {
    case .day: return start.adding(days: 1)
    case .week: return start.adding(days: 7)
    case .month: return start.adding(months: 1)
    case .quarter: return start.adding(months: 3)
    case .year: return start.adding(years: 1)
    }
  }

  /// The whole period that contains `date`.
  public func range(containing date: LocalDate, weekStart: Weekday = .monday) -> DayRange {
    let first = start(of: date, weekStart: weekStart)
    return DayRange(uncheckedStart: first, end: nextStart(after: first).adding(days: -1))
  }
}
