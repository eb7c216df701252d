/// Streaks of consecutive days with at least one event (a logging streak).
///
/// The rules, shared by every app:
/// - The current streak is the run of consecutive event days that ends on the as-of day.
/// - If the as-of day has no event yet, it is pending: the run ending the day before still counts.
/// - One fully missed day (no event, not a rest day) breaks the streak.
/// - Rest days, when given, are skipped: they neither extend nor break a streak, even when they
///   have events.
/// - Events after the as-of day are ignored.
public enum DailyStreak {
  /// Computes the current and longest streak of `eventDays` as of `asOf`.
  public static func compute(
    eventDays: some Sequence<LocalDate>, asOf: LocalDate, restDays: Set<LocalDate> = []
  ) -> Streak {
    let days = Set(eventDays.lazy.filter { $0 <= asOf && !restDays.contains($0) }).sorted()
    var runs: [StreakRun] = []
    var runStart: LocalDate?
    var runEnd = LocalDate(daysSinceEpoch: 0)
    var length = 0
    for day in days {
      if runStart != nil, onlyRestDays(between: runEnd, and: day, restDays: restDays) {
        runEnd = day
        length += 1
      } else {
        if let start = runStart {
          runs.append(StreakRun(start: start, end: runEnd, length: length))
        }
        runStart = day
        runEnd = day
        length = 1
      }
    }
    if let start = runStart { runs.append(StreakRun(start: start, end: runEnd, length: length)) }

    // The last run is alive when only rest days lie between its end and the as-of day (which,
    // without an event yet, is pending).
    let current = runs.last.flatMap { last in
      onlyRestDays(between: last.end, and: asOf, restDays: restDays) ? last : nil
    }
    return Streak(runs: runs, currentRun: current)
  }

  /// Whether every day strictly between `first` and `last` is a rest day.
  static func onlyRestDays(between first: LocalDate, and last: LocalDate, restDays: Set<LocalDate>)
    -> Bool
  {
    var day = first.adding(days: 1)
    while day < last {
      if !restDays.contains(day) { return false }
      day = day.adding(days: 1)
    }
    return true
  }
}
