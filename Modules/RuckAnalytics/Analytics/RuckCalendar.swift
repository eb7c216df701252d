import AnalyticsCore

/// Sessions per day over whole Monday weeks, laid out as a calendar: one row per weekday, one
/// column per week, as a streak calendar draws them.
public struct RuckCalendar: Sendable, Equatable {
  /// The Monday of each week, oldest first.
  public let weeks: [LocalDate]
  /// `sessions[weekday][week]`, Monday first: the sessions that count toward the streak on that
  /// day; `nil` for the days after the as-of day (not yet lived, rather than empty).
  public let sessions: [[Int?]]
  /// The weekly goal, sessions: the streak counts a week that reached it.
  public let minRucksPerWeek: Int

  /// A year of weeks: 52 Mondays.
  public static let yearOfWeeks = 52
}

extension RuckStore {
  /// The sessions the streak counts on each day of the last `weeks` Monday weeks up to the week
  /// holding `asOf`.
  ///
  /// - throws: `TallyError` (usage) for `weeks` outside `RuckWeekly.weekCounts`.
  public func calendar(weeks: Int = RuckCalendar.yearOfWeeks, asOf: LocalDate, zone: Zone) throws
    -> RuckCalendar
  {
    try RuckWeekly.check(weeks: weeks)
    let (starts, profile) = try writer.read { db in
      (try SessionFacts.starts(db), try RuckProfile.current(db))
    }
    let first = Period.week.start(of: asOf).adding(days: -7 * (weeks - 1))
    var counts: [LocalDate: Int] = [:]
    for start in starts {
      let day = zone.localDate(of: start)
      if day >= first && day <= asOf { counts[day, default: 0] += 1 }
    }
    let mondays = (0..<weeks).map { first.adding(days: 7 * $0) }
    let sessions = (0..<7).map { weekday in
      mondays.map { monday -> Int? in
        let day = monday.adding(days: weekday)
        return day > asOf ? nil : counts[day] ?? 0
      }
    }
    return RuckCalendar(
      weeks: mondays, sessions: sessions, minRucksPerWeek: profile.minRucksPerWeek)
  }
}
