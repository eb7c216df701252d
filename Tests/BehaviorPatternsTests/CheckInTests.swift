import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

/// The daily check-in and custom ratings (issue 35 §2), worked by hand.
@Suite("Check-ins")
struct CheckInTests {
  @Test("one per day: a second one edits the fields it gives and keeps the rest")
  func editsTheDay() throws {
    let store = try Fixture.store()
    try store.addRating(name: "Pain", scale: 0...10, polarity: .higherIsHarder)
    let day = Fixture.day("2026-02-08")
    let first = try store.checkIn(
      CheckInInput(
        day: day, mood: 4, energy: 3, sleepMinutes: 450, ratings: [("pain", 3)]), zone: .utc)
    #expect(first.new && first.checkIn.ratings == ["Pain": 3])
    let second = try store.checkIn(
      CheckInInput(day: day, mood: 2, note: "loud day"), zone: .utc)
    #expect(!second.new)
    #expect(
      second.checkIn
        == CheckIn(
          day: day, mood: 2, energy: 3, sleepMinutes: 450, note: "loud day", ratings: ["Pain": 3]))
    #expect(try store.checkIns(in: DayRange(day: day)).count == 1)
  }

  @Test("refusals name the value: a rating out of its scale or unknown, a future day, nothing")
  func refusals() throws {
    let store = try Fixture.store()
    try store.addRating(name: "Pain", scale: 0...10, polarity: .higherIsHarder)
    let day = Fixture.day("2026-02-08")
    func message(_ input: CheckInInput) -> String {
      do {
        _ = try store.checkIn(input, zone: .utc)
        return "accepted"
      } catch { return "\(error)" }
    }
    #expect(message(CheckInInput(day: day, ratings: [("Pain", 11)])).contains("0 to 10"))
    #expect(message(CheckInInput(day: day, ratings: [("Focus", 1)])).contains("one of Pain"))
    #expect(message(CheckInInput(day: day)).contains("needs a mood"))
    #expect(message(CheckInInput(day: Fixture.day("2027-01-01"), mood: 3)).contains("on or before"))
    #expect(throws: TallyError.self) {
      try store.addRating(name: "pain", scale: 1...5, polarity: .neither)
    }
    #expect(throws: TallyError.self) {
      try store.addRating(name: "Mood", scale: 1...5, polarity: .neither)
    }
    #expect(try CheckInInput.sleepMinutes(hours: "7.25") == 435)
    #expect(throws: TallyError.self) { try CheckInInput.sleepMinutes(hours: "7.33") }
    #expect(try store.checkIns(in: DayRange(day: day)).isEmpty)
  }

  /// A day with only a check-in is a logged day: it counts in correlations, and its mood is a
  /// factor. Days Feb 2–7: mood 1, 2, 3, 4, 5, 3; Sensory Overload (intensity 4) on Feb 2 and 3
  /// only, so the hard-day score is 4, 4, 0, 0, 0, 0.
  @Test("mood pairs with the hard-day score over checked-in days; the summary averages it")
  func moodInReports() throws {
    let store = try Fixture.store()
    for (offset, mood) in [1, 2, 3, 4, 5, 3].enumerated() {
      try store.checkIn(
        CheckInInput(day: Fixture.day("2026-02-02").adding(days: offset), mood: mood), zone: .utc)
    }
    try Fixture.log(store, "sensory-overload", "2026-02-02 10:00", intensity: 4)
    try Fixture.log(store, "sensory-overload", "2026-02-03 10:00", intensity: 4)
    let report = try store.monthlyReport(asOf: Fixture.day("2026-02-07"), zone: .utc)
    // x = 1 2 3 4 5 3 (mean 3), y = 4 4 0 0 0 0 (mean 4/3): Sxy = (−2)(8/3) + (−1)(8/3) +
    // 0 + 1(−4/3) + 2(−4/3) + 0 = −12; Sxx = 10; Syy = 2(64/9) + 4(16/9) = 192/9.
    // r = −12 / √(10 × 192/9) = −0.8216.
    let mood = try #require(
      report.correlations.first { $0.factor == "Mood" && $0.outcome.hasSuffix("that day") })
    #expect(mood.r == -0.82 && mood.n == 6)
    #expect(report.checkIns.days == 6)
    // (1 + 2 + 3 + 4 + 5 + 3) / 6 = 3.
    #expect(report.checkIns.averages == [CheckInAverage(name: "Mood", average: 3, days: 6)])
  }

  @Test("a backup keeps ratings and check-ins: export, import into an empty database, export")
  func backup() throws {
    let store = try Fixture.store()
    try store.addRating(name: "Pain", scale: 0...10, polarity: .higherIsHarder)
    try store.checkIn(
      CheckInInput(
        day: Fixture.day("2026-02-08"), mood: 4, sleepMinutes: 420, note: "ok",
        ratings: [("Pain", 2)]), zone: .utc)
    let exported = try store.exportJSON(zone: .utc)
    let empty = try Fixture.store()
    let summary = try empty.importJSON(exported, name: "b.json", zone: .utc)
    #expect(summary.checkIns == 1 && summary.ratings == 1)
    #expect(try empty.exportJSON(zone: .utc) == exported)
    let again = try empty.importJSON(exported, name: "b.json", zone: .utc)
    #expect(again.checkIns == 0 && again.checkInsPresent == 1 && again.ratingsPresent == 1)
  }

  @Test("any span of days: the monthly rules over it, against as many days before")
  func periodReport() throws {
    let store = try Fixture.weekly()
    let window = try DayRange(start: Fixture.day("2026-02-25"), end: Fixture.day("2026-03-03"))
    let (report, overview) = try store.periodReportWithOverview(window, zone: .utc)
    #expect(report.window == window && report.previousWindow == window.previous)
    // The weekly fixture's 7 days: the same entries as its weekly report (8 of the 10 logged).
    #expect(
      report.totalEntries == (try store.weeklyReport(asOf: window.end, zone: .utc)).totalEntries)
    #expect(overview.hardDayScore.count == 7)
    // The monthly report is the 30-day period.
    let month = try DayRange.lastDays(30, asOf: Fixture.day("2026-03-03"))
    #expect(
      try store.periodReportWithOverview(month, zone: .utc).report
        == store.monthlyReport(asOf: Fixture.day("2026-03-03"), zone: .utc))
    #expect(throws: TallyError.self) {
      try store.periodReportWithOverview(
        DayRange(start: Fixture.day("2025-01-01"), end: Fixture.day("2026-03-03")), zone: .utc)
    }
  }

  @Test("a year in pixels: each day's mood, a pattern's entries on logged days, gaps elsewhere")
  func yearInPixels() throws {
    let store = try Fixture.store()
    try store.checkIn(CheckInInput(day: Fixture.day("2026-02-08"), mood: 4), zone: .utc)
    try Fixture.log(store, "sensory-overload", "2026-02-09 10:00", intensity: 3)
    let mood = try store.yearInPixels(2026, of: .mood, zone: .utc)
    #expect(mood.days.count == 365 && mood.scale == 1...5)
    // Feb 8 is day 39 of the year (31 + 8).
    #expect(mood.days[38].date == Fixture.day("2026-02-08") && mood.days[38].value == 4)
    #expect(mood.days.compactMap(\.value) == [4])
    let overload = try store.yearInPixels(
      2026, of: try store.pixelSeries("sensory-overload"), zone: .utc)
    // Feb 8 was logged (a check-in) without an overload: 0; Feb 9: 1; every other day: nothing.
    #expect(overload.days[38].value == 0 && overload.days[39].value == 1)
    #expect(overload.days.compactMap(\.value).count == 2)
    #expect(throws: TallyError.self) { try store.pixelSeries("sensory") }
  }

  @Test("a backup's rating measured another way than the stored one is refused, not merged")
  func ratingConflict() throws {
    let source = try Fixture.store()
    try source.addRating(name: "Pain", scale: 0...10, polarity: .higherIsHarder)
    try source.checkIn(
      CheckInInput(day: Fixture.day("2026-02-08"), ratings: [("Pain", 8)]), zone: .utc)
    let exported = try source.exportJSON(zone: .utc)
    let target = try Fixture.store()
    try target.addRating(name: "pain", scale: 1...5, polarity: .higherIsHarder)
    let error = try #require(throws: TallyError.self) {
      try target.importJSON(exported, name: "b.json", zone: .utc)
    }
    #expect(error.description.contains("1-5"))
    #expect(try target.checkIns(in: DayRange(day: Fixture.day("2026-02-08"))).isEmpty)
  }
}
