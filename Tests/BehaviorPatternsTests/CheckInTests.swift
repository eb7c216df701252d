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
}
