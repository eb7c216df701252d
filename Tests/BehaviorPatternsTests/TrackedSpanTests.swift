import AnalyticsCore
import Testing

@testable import BehaviorPatterns

/// Issue 12's example: a week of entries (2026-11-16 … 22), Sertraline daily since 2026-11-01
/// and taken each of those 7 days, the monthly report as of 2026-11-22. The old rules judged the
/// 30 days from 2026-10-24 as if they had been tracked: adherence 7 / 22 = 31.8 %, a Sertraline
/// correlation over 22 days, "Energy Level: 0 → 7" against an untracked previous month.
@Suite("Reports judge only tracked days")
struct TrackedSpanTests {
  static func store() throws -> BehaviorStore {
    let store = try Fixture.store()
    try Fixture.medication(store, "Sertraline", .daily, since: "2026-11-01")
    for day in 16...22 {
      try Fixture.log(store, "energy-level", "2026-11-\(day) 09:00", intensity: 3)
      try Fixture.dose(store, "Sertraline", "2026-11-\(day) 08:00")
    }
    for day in [16, 17, 19, 20] {
      try Fixture.log(store, "sensory-overload", "2026-11-\(day) 15:00", intensity: 4)
    }
    return store
  }

  @Test("Monthly: averages, adherence and correlations over the 7 tracked days; no changes")
  func monthly() throws {
    let report = try Self.store().monthlyReport(asOf: Fixture.day("2026-11-22"), zone: .utc)
    #expect(report.window.start == Fixture.day("2026-10-24"))
    #expect(
      report.trackedDays
        == (try DayRange(start: Fixture.day("2026-11-16"), end: Fixture.day("2026-11-22"))))
    #expect(report.totalEntries == 11)  // 7 energy + 4 sensory overload
    #expect(report.dailyAverage == 1.57)  // 11 / 7 tracked days = 1.571…
    let sertraline = try #require(report.medicationEffectiveness.first)
    #expect(sertraline.dosesExpected == 7)  // Nov 16–22, not Nov 1–22
    #expect(sertraline.dosesTaken == 7)
    #expect(sertraline.adherenceRate == 100)
    // Taken on all 7 tracked days: 0 days without, below the 3-and-3 rule; Energy Level was
    // logged on all 7 too. So no correlation at all.
    #expect(report.correlations.isEmpty)
    // The previous 30 days (Sep 24 – Oct 23) were not tracked: nothing to compare with.
    #expect(report.previousTrackedDays == nil)
    #expect(report.changes.isEmpty)
    let json = ReportJSON.monthly(report)
    #expect(json["previous_tracked_period"] == .null)
    #expect(json["changes_compared"] == .bool(false))
  }

  @Test("Weekly: a window that starts before tracking averages over its tracked days")
  func weekly() throws {
    let report = try Self.store().weeklyReport(asOf: Fixture.day("2026-11-18"), zone: .utc)
    #expect(
      report.trackedDays
        == (try DayRange(start: Fixture.day("2026-11-16"), end: Fixture.day("2026-11-18"))))
    #expect(report.totalEntries == 5)  // energy on the 16th, 17th, 18th; overload the 16th, 17th
    #expect(report.dailyAverage == 1.67)  // 5 / 3 = 1.666…
    let sertraline = try #require(report.medicationInsights.first)
    #expect(sertraline.dosesExpected == 3)  // Nov 16–18
    #expect(sertraline.adherenceRate == 100)
    // The week before (Nov 5–11) was not tracked: 3 energy entries are not a rise "from 0".
    #expect(report.previousTrackedDays == nil)
    #expect(report.changes.isEmpty)
    #expect(ReportJSON.weekly(report)["changes_compared"] == .bool(false))
  }

  @Test("meds list's 30 days judge adherence from the first entry without reading the entries")
  func recentAdherence() throws {
    let insights = try Self.store().medicationInsights(
      days: 30, asOf: Fixture.day("2026-11-22"), zone: .utc)
    // Oct 24 – Nov 22, tracked from Nov 16: 7 doses due, 7 taken.
    #expect(insights.map(\.dosesExpected) == [7])
    #expect(insights.map(\.dosesTaken) == [7])
    #expect(insights.map(\.adherenceRate) == [100])
  }

  @Test("An extra dose on one day does not make up for a day without one")
  func extraDoseDoesNotHideSkippedDay() throws {
    let store = try Fixture.store()
    try Fixture.medication(store, "Sertraline", .daily, since: "2026-11-01")
    for day in 16...22 {
      try Fixture.log(store, "energy-level", "2026-11-\(day) 09:00", intensity: 3)
      // Nov 19 skipped; Nov 20 taken twice.
      if day != 19 { try Fixture.dose(store, "Sertraline", "2026-11-\(day) 08:00") }
    }
    try Fixture.dose(store, "Sertraline", "2026-11-20 20:00")
    let insights = try store.medicationInsights(
      days: 7, asOf: Fixture.day("2026-11-22"), zone: .utc)
    // 7 days due, 6 with a dose (the second on Nov 20 counts once): 6 / 7 = 85.7 %.
    #expect(insights.map(\.dosesExpected) == [7])
    #expect(insights.map(\.dosesTaken) == [6])
    #expect(insights.map(\.adherenceRate) == [85.7])
    // A stop is recorded once it happened: the day after the clock's day is refused.
    #expect(throws: TallyError.self) {
      try store.stopMedication("Sertraline", on: Fixture.day("2026-12-02"), zone: .utc)
    }
  }

  @Test("Nothing logged: no tracked days, averages 0, adherence null")
  func nothingTracked() throws {
    let store = try Fixture.store()
    try Fixture.medication(store, "Sertraline", .daily, since: "2026-11-01")
    let report = try store.monthlyReport(asOf: Fixture.day("2026-11-22"), zone: .utc)
    #expect(report.trackedDays == nil)
    #expect(report.dailyAverage == 0)
    #expect(report.medicationEffectiveness.isEmpty)  // not active on a tracked day, never logged
  }
}
