import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

/// Expected values worked out by hand from `Fixture.weekly()` (see the comments there).
@Suite("Weekly report")
struct WeeklyReportTests {
  let asOf = Fixture.day("2026-03-03")

  @Test("Totals, the tie for the most active day, and a week across a month boundary")
  func totals() throws {
    let report = try Fixture.weekly().weeklyReport(asOf: asOf, zone: .utc)
    #expect(report.window.start == Fixture.day("2026-02-25"))
    #expect(report.window.end == Fixture.day("2026-03-03"))
    // Feb 25: 2, Feb 27: 3, Mar 1: 3, Mar 3: 1; Feb 24 and Mar 4 are outside.
    #expect(report.totalEntries == 9)
    #expect(report.dailyAverage == 1.29)  // 9 / 7 = 1.2857
    #expect(report.mostActiveDay == Fixture.day("2026-02-27"))  // ties with Mar 1: earliest
    #expect(report.mostActiveDayEntries == 3)
    #expect(report.dailyCounts.map(\.count) == [2, 0, 3, 0, 3, 0, 1])
  }

  @Test("Pattern frequency by count then name; a custom pattern under its own name")
  func frequency() throws {
    let report = try Fixture.weekly().weeklyReport(asOf: asOf, zone: .utc)
    #expect(
      report.patternFrequency.map(\.name) == [
        "Energy Level", "Sensory Overload", "Echolalia", "Meltdown Trigger", "Social Interaction",
      ])
    #expect(report.patternFrequency.map(\.count) == [4, 2, 1, 1, 1])
    #expect(report.patternFrequency[2].typeID == "custom-pattern")
  }

  @Test("Category distribution: percents of all entries, ties in catalog order")
  func categories() throws {
    let report = try Fixture.weekly().weeklyReport(asOf: asOf, zone: .utc)
    #expect(
      report.categoryDistribution.map(\.category) == [
        .energyCapacity, .sensory, .socialCommunication, .emotionalRegulation,
      ])
    #expect(report.categoryDistribution.map(\.count) == [4, 2, 2, 1])
    #expect(report.categoryDistribution.map(\.percent) == [44.4, 22.2, 22.2, 11.1])
  }

  @Test("Energy trend: the day's mean Energy Level intensity, nil when none")
  func energy() throws {
    let report = try Fixture.weekly().weeklyReport(asOf: asOf, zone: .utc)
    #expect(report.energyTrend.map(\.value) == [2, nil, 4, nil, 3.5, nil, nil])
  }

  @Test("Common triggers: tags and note words of trigger-type entries, at least twice")
  func triggers() throws {
    let report = try Fixture.weekly().weeklyReport(asOf: asOf, zone: .utc)
    // {noise, loud, office}, {noise, work, office}, {noise}: "again" is a stop word.
    #expect(
      report.commonTriggers == [
        TriggerCount(trigger: "noise", count: 3), TriggerCount(trigger: "office", count: 2),
      ])
  }

  @Test("Medication insights: started mid-window, as-needed, weekly, stopped before the window")
  func medications() throws {
    let report = try Fixture.weekly().weeklyReport(asOf: asOf, zone: .utc)
    #expect(
      report.medicationInsights.map(\.medication) == ["Melatonin", "Sertraline", "Vitamin D"])
    let melatonin = report.medicationInsights[0]
    #expect(melatonin.dosesTaken == 2)
    #expect(melatonin.dosesExpected == nil)
    #expect(melatonin.adherenceRate == nil)
    let sertraline = report.medicationInsights[1]
    // Active Feb 27 … Mar 3: 5 doses expected; taken Feb 27, Feb 28, Mar 2 (Feb 26 was before
    // its first day, Mar 1 skipped).
    #expect(sertraline.dosesExpected == 5)
    #expect(sertraline.dosesTaken == 3)
    #expect(sertraline.adherenceRate == 60)
    #expect(sertraline.averageEffectiveness == 3.5)
    #expect(sertraline.averageMood == 3.5)
    #expect(sertraline.averageEnergy == 2)
    let vitaminD = report.medicationInsights[2]
    // Weekly from Fri Feb 20: due Feb 27 only in this window.
    #expect(vitaminD.dosesExpected == 1)
    #expect(vitaminD.dosesTaken == 1)
    #expect(vitaminD.adherenceRate == 100)
  }

  @Test("Changes against the previous 7 days cover only its tracked days")
  func changesAgainstPartlyTrackedWeek() throws {
    let report = try Fixture.weekly().weeklyReport(asOf: asOf, zone: .utc)
    // The previous week is Feb 18–24; tracking began with the first entry, on Feb 24, so only
    // that day of it is compared. It held 1 Sensory Overload; this week 4 Energy Level (0 → 4:
    // +4 ≥ 3, from none so no percent) and 2 Sensory Overload (1 → 2: +1 < 3, not listed).
    #expect(
      report.previousWindow
        == (try DayRange(start: Fixture.day("2026-02-18"), end: Fixture.day("2026-02-24"))))
    #expect(
      report.previousTrackedDays
        == (try DayRange(start: Fixture.day("2026-02-24"), end: Fixture.day("2026-02-24"))))
    #expect(
      report.changes == [
        PatternChange(
          name: "Energy Level", typeID: "energy-level", current: 4, previous: 0, change: 4,
          percentChange: nil, direction: "up")
      ])
    let json = ReportJSON.weekly(report)
    #expect(json["changes_compared"] == .bool(true))
    #expect(
      json["previous_period"]
        == .object(["start": .string("2026-02-18"), "end": .string("2026-02-24"), "days": .int(7)]))
  }

  @Test("Changes: a fall and a rise of 3, both by at least 25%, ties by name")
  func changesBetweenTrackedWeeks() throws {
    let store = try Fixture.store()
    // Previous week Mar 2–8: 4 Anxiety Spike. This week Mar 9–15: 1 Anxiety Spike, 3 Energy
    // Level, 1 Sensory Overload.
    for day in 2...5 { try Fixture.log(store, "anxiety-spike", "2026-03-0\(day) 10:00") }
    try Fixture.log(store, "anxiety-spike", "2026-03-10 10:00")
    for day in 11...13 {
      try Fixture.log(store, "energy-level", "2026-03-\(day) 09:00", intensity: 3)
    }
    try Fixture.log(store, "sensory-overload", "2026-03-14 09:00")
    let report = try store.weeklyReport(asOf: Fixture.day("2026-03-15"), zone: .utc)
    // Anxiety Spike 4 → 1: −3, and 3 ≥ 25% of 4 = 1, so −75.0%; Energy Level 0 → 3: +3 from
    // none; Sensory Overload 0 → 1: +1 < 3. Equal moves of 3: by name.
    #expect(report.changes.map(\.name) == ["Anxiety Spike", "Energy Level"])
    #expect(report.changes.map(\.change) == [-3, 3])
    #expect(report.changes.map(\.percentChange) == [-75, nil])
    #expect(report.changes.map(\.direction) == ["down", "up"])
  }

  @Test("An empty week is zeros and empty lists")
  func emptyWeek() throws {
    let report = try Fixture.weekly().weeklyReport(asOf: Fixture.day("2026-02-15"), zone: .utc)
    #expect(report.totalEntries == 0)
    #expect(report.dailyAverage == 0)
    #expect(report.mostActiveDay == nil)
    #expect(report.mostActiveDayEntries == 0)
    #expect(report.patternFrequency.isEmpty)
    #expect(report.categoryDistribution.isEmpty)
    #expect(report.energyTrend.allSatisfy { $0.value == nil })
    #expect(report.energyTrend.count == 7)
    #expect(report.commonTriggers.isEmpty)
    // The week (Feb 9–15) is before tracking began (the first entry, on Feb 24): Old
    // med was active, but untracked days are unknown, not missed, so nothing is judged.
    #expect(report.trackedDays == nil)
    #expect(report.medicationInsights.isEmpty)
    #expect(report.previousTrackedDays == nil)  // Feb 2–8, untracked too
    #expect(report.changes.isEmpty)
  }

  @Test("Days are local days: an entry at 03:00 UTC is the evening before in Chicago")
  func localDays() throws {
    let store = try Fixture.store()
    try Fixture.log(store, "energy-level", "2026-02-08 03:00", intensity: 3)
    let chicago = try Zone(identifier: "America/Chicago")
    let report = try store.weeklyReport(asOf: Fixture.day("2026-02-07"), zone: chicago)
    #expect(report.totalEntries == 1)
    #expect(try store.weeklyReport(asOf: Fixture.day("2026-02-07"), zone: .utc).totalEntries == 0)
  }
}

@Suite("Local days")
struct LocalDaysTests {
  @Test(
    "Cached spans agree with the zone for every half hour of two years, in either order",
    arguments: ["America/Chicago", "Asia/Kathmandu", "Australia/Lord_Howe", "UTC"])
  func agree(identifier: String) throws {
    let zone = try Zone(identifier: identifier)
    let start: Int64 = 1_735_689_600  // 2025-01-01T00:00:00Z
    let instants = (0..<(2 * 365 * 48)).map { start + Int64($0) * 1_800 }
    for order in [instants, instants.reversed()] {
      let days = LocalDays(zone: zone)
      for seconds in order {
        let expected = zone.localDate(
          of: Instant(Date(timeIntervalSince1970: TimeInterval(seconds))))
        if days.day(of: Instant(secondsSinceEpoch: seconds)) != expected {
          Issue.record(
            "\(identifier) \(seconds): \(days.day(of: Instant(secondsSinceEpoch: seconds))) != \(expected)"
          )
          return
        }
      }
    }
  }
}
