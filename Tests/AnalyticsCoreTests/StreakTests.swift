import AnalyticsCore
import Testing

/// Every day from `first` to `last`.
private func days(_ first: String, _ last: String) -> [LocalDate] {
  Array(try! DayRange(start: day(first), end: day(last)))
}

@Suite("Daily streaks")
struct DailyStreakTests {
  static let events =
    days("2026-01-01", "2026-01-03") + days("2026-01-10", "2026-01-16")
    + days("2026-02-01", "2026-02-05")

  @Test(
    "current streak as of a day",
    arguments: [
      ("2026-02-05", 5),  // logged today
      ("2026-02-06", 5),  // today pending: the run ending yesterday still counts
      ("2026-02-07", 0),  // 02-06 fully missed
      ("2026-02-03", 3),  // later events are ignored
      ("2026-01-12", 3),
      ("2025-12-31", 0),  // before any event
    ])
  func current(asOf: String, expected: Int) {
    #expect(DailyStreak.compute(eventDays: Self.events, asOf: day(asOf)).current == expected)
  }

  @Test("longest streak with its first and last day") func longest() {
    let streak = DailyStreak.compute(eventDays: Self.events, asOf: day("2026-03-01"))
    #expect(
      streak.longestRun == StreakRun(start: day("2026-01-10"), end: day("2026-01-16"), length: 7))
    #expect(streak.current == 0)
    #expect(streak.currentRun == nil)
    #expect(streak.runs.map(\.length) == [3, 7, 5])
  }

  @Test("ties for longest go to the earliest run") func ties() {
    let streak = DailyStreak.compute(
      eventDays: days("2026-01-01", "2026-01-03") + days("2026-01-05", "2026-01-07"),
      asOf: day("2026-01-07"))
    #expect(streak.longestRun?.start == day("2026-01-01"))
    #expect(streak.current == 3)
  }

  @Test("several events on a day count once") func duplicates() {
    let streak = DailyStreak.compute(
      eventDays: [day("2026-01-01"), day("2026-01-01"), day("2026-01-02")], asOf: day("2026-01-02"))
    #expect(streak.current == 2)
  }

  @Test("no events") func empty() {
    let streak = DailyStreak.compute(eventDays: [], asOf: day("2026-01-02"))
    #expect(streak.current == 0 && streak.longest == 0 && streak.longestRun == nil)
  }

  @Test("rest days neither extend nor break") func restDays() {
    // Weekdays logged, weekends rest: 2026-02-02 is a Monday.
    let weekdays = days("2026-02-02", "2026-02-06") + days("2026-02-09", "2026-02-13")
    let weekends: Set<LocalDate> = [
      day("2026-02-07"), day("2026-02-08"), day("2026-02-14"), day("2026-02-15"),
    ]
    let friday = DailyStreak.compute(
      eventDays: weekdays, asOf: day("2026-02-13"), restDays: weekends)
    #expect(friday.current == 10)
    #expect(friday.currentRun?.start == day("2026-02-02"))
    // On Sunday (rest) and on Monday before logging (pending) the streak is still alive.
    #expect(
      DailyStreak.compute(eventDays: weekdays, asOf: day("2026-02-15"), restDays: weekends).current
        == 10)
    #expect(
      DailyStreak.compute(eventDays: weekdays, asOf: day("2026-02-16"), restDays: weekends).current
        == 10)
    // Tuesday with Monday missed: broken.
    #expect(
      DailyStreak.compute(eventDays: weekdays, asOf: day("2026-02-17"), restDays: weekends).current
        == 0)
    // An event on a rest day does not extend the streak.
    let withSaturday = weekdays + [day("2026-02-07")]
    #expect(
      DailyStreak.compute(eventDays: withSaturday, asOf: day("2026-02-13"), restDays: weekends)
        .current == 10)
    // Without rest days the weekend breaks it.
    #expect(DailyStreak.compute(eventDays: weekdays, asOf: day("2026-02-13")).longest == 5)
  }
}

@Suite("Periodic (weekly) streaks")
struct PeriodicStreakTests {
  /// Weeks (Mondays) with their event counts; each event on the week's Tuesday.
  static func events(_ weeks: [(String, Int)]) -> [LocalDate] {
    weeks.flatMap { monday, count in
      [LocalDate](repeating: day(monday).adding(days: 1), count: count)
    }
  }

  static let base: [(String, Int)] = [
    ("2026-01-12", 2), ("2026-01-19", 3), ("2026-01-26", 2), ("2026-02-02", 2),
  ]

  @Test("an unfinished week short of the goal neither extends nor breaks") func pending() {
    let streak = PeriodicStreak.compute(
      eventDays: Self.events(Self.base + [("2026-02-09", 1)]), minimum: 2, asOf: day("2026-02-11"))
    #expect(streak.current == 4)
    #expect(streak.currentRun?.start == day("2026-01-12"))
    #expect(streak.currentRun?.end == day("2026-02-08"))
  }

  @Test("an unfinished week that reaches the goal extends") func extends() {
    let streak = PeriodicStreak.compute(
      eventDays: Self.events(Self.base + [("2026-02-09", 2)]), minimum: 2, asOf: day("2026-02-11"))
    #expect(streak.current == 5)
    #expect(streak.currentRun?.end == day("2026-02-15"))
  }

  @Test("a finished short week breaks") func shortWeekBreaks() {
    let weeks: [(String, Int)] = [
      ("2026-01-12", 2), ("2026-01-19", 3), ("2026-01-26", 2), ("2026-02-02", 1),
    ]
    let streak = PeriodicStreak.compute(
      eventDays: Self.events(weeks), minimum: 2, asOf: day("2026-02-11"))
    #expect(streak.current == 0)
    #expect(streak.longest == 3)
  }

  @Test("an empty week breaks the streak") func emptyWeekBreaks() {
    let weeks: [(String, Int)] = [("2026-01-05", 2), ("2026-01-19", 2), ("2026-01-26", 2)]
    let streak = PeriodicStreak.compute(
      eventDays: Self.events(weeks), minimum: 2, asOf: day("2026-02-01"))
    #expect(streak.runs.map(\.length) == [1, 2])
    #expect(
      streak.longestRun == StreakRun(start: day("2026-01-19"), end: day("2026-02-01"), length: 2))
    #expect(streak.current == 2)
    // Two weeks on, with the week of 02-02 empty: broken.
    #expect(
      PeriodicStreak.compute(eventDays: Self.events(weeks), minimum: 2, asOf: day("2026-02-09"))
        .current == 0)
  }

  @Test("Sunday weeks and events after the as-of day") func sundayWeeks() {
    // Sunday 02-01 and Saturday 02-07 share a Sunday week; Monday 02-02 starts a new Monday week.
    let events = [day("2026-02-01"), day("2026-02-07"), day("2026-02-20")]
    let sunday = PeriodicStreak.compute(
      eventDays: events, minimum: 2, asOf: day("2026-02-08"), weekStart: .sunday)
    #expect(sunday.current == 1)
    #expect(sunday.currentRun?.start == day("2026-02-01"))
    let monday = PeriodicStreak.compute(eventDays: events, minimum: 2, asOf: day("2026-02-08"))
    #expect(monday.current == 0)
  }

  @Test("monthly periods") func monthly() {
    let events = [day("2026-01-05"), day("2026-02-05"), day("2026-03-05")]
    let streak = PeriodicStreak.compute(
      eventDays: events, minimum: 1, asOf: day("2026-04-10"), period: .month)
    #expect(streak.current == 3)
    #expect(streak.currentRun?.end == day("2026-03-31"))
  }
}

@Suite("Personal records")
struct PersonalRecordTests {
  @Test("maximum, ties to the earliest day") func maximum() {
    let best = PersonalRecord.best(
      of: [
        PersonalRecord(value: 5, id: "a", date: day("2026-02-03")),
        PersonalRecord(value: 7, id: "b", date: day("2026-02-05")),
        PersonalRecord(value: 7, id: "c", date: day("2026-02-01")),
        PersonalRecord(value: 7, id: "d", date: day("2026-02-01")),
      ], kind: .maximum)
    #expect(best?.id == "c")
  }

  @Test("minimum skips values of zero or below") func minimum() {
    let best = PersonalRecord.best(
      of: [
        PersonalRecord(value: 0, id: 1, date: day("2026-01-01")),
        PersonalRecord(value: -1, id: 2, date: day("2026-01-01")),
        PersonalRecord(value: 300, id: 3, date: day("2026-01-02")),
        PersonalRecord(value: 290, id: 4, date: day("2026-01-09")),
        PersonalRecord(value: 290, id: 5, date: day("2026-01-03")),
        PersonalRecord(value: .nan, id: 6, date: day("2026-01-01")),
      ], kind: .minimum)
    #expect(best?.id == 5)
  }

  @Test("no candidates") func none() {
    #expect(PersonalRecord<Int>.best(of: [], kind: .maximum) == nil)
    #expect(
      PersonalRecord.best(
        of: [PersonalRecord(value: 0, id: 1, date: day("2026-01-01"))], kind: .minimum)
        == nil)
  }
}
