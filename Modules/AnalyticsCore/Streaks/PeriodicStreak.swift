/// Streaks of consecutive periods (weeks by default) with at least a minimum number of events,
/// such as "two rucks a week".
///
/// The rules, shared by every app:
/// - A period counts when it holds at least `minimum` events; a period with fewer — an empty one
///   included — breaks the streak.
/// - The unfinished period containing the as-of day neither extends nor breaks the streak while
///   it is short of `minimum`; once it reaches `minimum` it extends it.
/// - Events after the as-of day are ignored.
/// - Runs start on the first day of their first period and end on the last day of their last.
public enum PeriodicStreak {
  /// Computes the current and longest streak of periods as of `asOf`.
  ///
  /// - Parameters:
  ///   - eventDays: the day of each event; a day appears once per event.
  ///   - minimum: events a period needs to count (at least 1).
  ///   - period: the period (`.week` for weekly streaks).
  ///   - weekStart: the first day of a week (Monday unless asked).
  public static func compute(
    eventDays: some Sequence<LocalDate>, minimum: Int, asOf: LocalDate, period: Period = .week,
    weekStart: Weekday = .monday
  ) -> Streak {
    let needed = max(1, minimum)
    var counts: [LocalDate: Int] = [:]
    for day in eventDays where day <= asOf {
      counts[period.start(of: day, weekStart: weekStart), default: 0] += 1
    }
    let currentStart = period.start(of: asOf, weekStart: weekStart)
    let qualifying = counts.filter { $0.value >= needed }.keys.sorted()

    var runs: [StreakRun] = []
    var runStart: LocalDate?
    var lastStart = currentStart
    var length = 0
    func close() {
      if let start = runStart {
        let end = period.nextStart(after: lastStart).adding(days: -1)
        runs.append(StreakRun(start: start, end: end, length: length))
      }
    }
    for start in qualifying {
      if runStart != nil, period.nextStart(after: lastStart) == start {
        length += 1
      } else {
        close()
        runStart = start
        length = 1
      }
      lastStart = start
    }
    close()

    // Alive when the last run ends with this period, or with the previous one while this one is
    // still short (pending).
    var current: StreakRun?
    if let last = runs.last {
      let lastPeriodStart = period.start(of: last.end, weekStart: weekStart)
      if lastPeriodStart == currentStart
        || period.nextStart(after: lastPeriodStart) == currentStart
      {
        current = last
      }
    }
    return Streak(runs: runs, currentRun: current)
  }
}
