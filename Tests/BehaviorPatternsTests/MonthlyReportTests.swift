import AnalyticsCore
import Testing

@testable import BehaviorPatterns

/// The 30 days 2026-03-02 … 2026-03-31 against 2026-01-31 … 2026-03-01; every entry at 12:00
/// UTC. Expected values worked out by hand in the comments.
@Suite("Monthly report")
struct MonthlyReportTests {
  static func store() throws -> BehaviorStore {
    let store = try Fixture.store()
    func on(_ day: LocalDate) -> String { "\(day) 12:00" }
    let start = Fixture.day("2026-03-02")
    // Current window.
    for offset in 0..<16 {
      try Fixture.log(store, "special-interest-deep-dive", on(start.adding(days: offset)))
    }
    for offset in 12..<20 {
      try Fixture.log(store, "hyperfocus-episode", on(start.adding(days: offset)))
    }
    try Fixture.log(store, "sleep-quality", "2026-03-07 07:00", intensity: 2)
    try Fixture.log(store, "sleep-quality", "2026-03-08 07:00", intensity: 3)
    try Fixture.log(store, "sleep-quality", "2026-03-20 07:00", intensity: 5)
    try Fixture.log(store, "sensory-overload", "2026-03-08 15:00")
    try Fixture.log(store, "sensory-overload", "2026-03-09 15:00")
    for (day, energy, others) in [
      ("2026-03-10", 1, 3), ("2026-03-11", 3, 2), ("2026-03-12", 5, 0), ("2026-03-13", 4, 1),
    ] {
      try Fixture.log(store, "energy-level", "\(day) 09:00", intensity: energy)
      for _ in 0..<others { try Fixture.log(store, "social-interaction", "\(day) 18:00") }
    }
    for day in 25...28 { try Fixture.log(store, "stimming-type", "2026-03-\(day) 12:00") }
    // Previous window.
    let previous = Fixture.day("2026-01-31")
    for offset in 0..<20 {
      try Fixture.log(store, "special-interest-deep-dive", on(previous.adding(days: offset)))
    }
    for offset in 0..<10 {
      try Fixture.log(store, "hyperfocus-episode", on(previous.adding(days: offset)))
    }
    for offset in 0..<8 {
      try Fixture.log(store, "stimming-type", on(previous.adding(days: offset)))
    }
    try Fixture.log(store, "social-interaction", "2026-02-10 12:00")
    try Fixture.log(store, "social-interaction", "2026-02-11 12:00")
    // Medications: A taken the first 6 days, B only 2 (below the 3-and-3 rule).
    try Fixture.medication(store, "Med A", .daily, since: "2026-03-02")
    try Fixture.medication(store, "Med B", .daily, since: "2026-03-02")
    for day in 2...7 { try Fixture.dose(store, "Med A", "2026-03-0\(day) 08:00") }
    for day in 2...3 { try Fixture.dose(store, "Med B", "2026-03-0\(day) 08:00") }
    return store
  }

  let asOf = Fixture.day("2026-03-31")

  @Test("Totals and top patterns (ties by name)")
  func top() throws {
    let report = try Self.store().monthlyReport(asOf: asOf, zone: .utc)
    #expect(report.window.start == Fixture.day("2026-03-02"))
    #expect(
      report.previousWindow
        == (try DayRange(start: Fixture.day("2026-01-31"), end: Fixture.day("2026-03-01"))))
    #expect(report.totalEntries == 43)  // 16 + 8 + 3 + 2 + 4 + 6 + 4
    #expect(report.dailyAverage == 1.43)
    #expect(
      report.topPatterns.map(\.name) == [
        "Special Interest Deep Dive", "Hyperfocus Episode", "Social Interaction", "Energy Level",
        "Stimming Type",
      ])
    #expect(report.topPatterns.map(\.count) == [16, 8, 6, 4, 4])
  }

  @Test("Correlations: Pearson over days, only past the 3-and-3 rule, with confidence")
  func correlations() throws {
    let report = try Self.store().monthlyReport(asOf: asOf, zone: .utc)
    // Med A: x = six 1s then 24 0s, y = 1 on Mar 8 and Mar 9: Sxy = -0.4, Sxx = 4.8,
    // Syy = 2 - 2/15 → r = -0.4 / √8.96 = -0.1336. Med B has 2 days taken: not reported.
    // Sleep (2, 3, 5) vs next-day Sensory Overload (1, 1, 0): r = -5/√28 = -0.9449; vs
    // Meltdown Trigger (0, 0, 0): no variance, not reported.
    // Energy (1, 3, 5, 4) vs other entries (3, 2, 0, 1): r = -6.5/√43.75 = -0.9827.
    #expect(
      report.correlations.map(\.factor) == [
        "Med A taken", "Sleep Quality intensity", "Energy Level intensity",
      ])
    #expect(report.correlations.map(\.r) == [-0.13, -0.94, -0.98])
    #expect(report.correlations.map(\.n) == [30, 3, 4])
    #expect(report.correlations.map(\.confidence) == ["high", "low", "low"])
    #expect(report.correlations[1].outcome == "Sensory Overload entries the next day")
  }

  @Test("Best and challenging days")
  func days() throws {
    let report = try Self.store().monthlyReport(asOf: asOf, zone: .utc)
    // Only Sensory Overload is challenging here: Mar 8 and Mar 9, score 3 each (no intensity).
    #expect(
      report.challengingDays.map(\.date) == [Fixture.day("2026-03-08"), Fixture.day("2026-03-09")])
    #expect(report.challengingDays.map(\.challengeScore) == [3, 3])
    // Score 0 everywhere else: highest energy first.
    #expect(
      report.bestDays.map(\.date) == [
        Fixture.day("2026-03-12"), Fixture.day("2026-03-13"), Fixture.day("2026-03-11"),
      ])
    #expect(report.bestDays.map(\.averageEnergy) == [5, 4, 3])
  }

  @Test("Changes: at least 3 entries and 25% against the previous 30 days")
  func changes() throws {
    let report = try Self.store().monthlyReport(asOf: asOf, zone: .utc)
    // Deep dive 20 → 16 (-4 < 25% of 20), hyperfocus 10 → 8 (-2), sensory 0 → 2: not reported.
    #expect(
      report.changes.map(\.name) == [
        "Energy Level", "Social Interaction", "Stimming Type", "Sleep Quality",
      ])
    #expect(report.changes.map(\.previous) == [0, 2, 8, 0])
    #expect(report.changes.map(\.current) == [4, 6, 4, 3])
    #expect(report.changes.map(\.percentChange) == [nil, 200, -50, nil])
    #expect(report.changes.map(\.direction) == ["up", "up", "down", "up"])
  }

  @Test("Category trends per Monday week of the window")
  func trends() throws {
    let report = try Self.store().monthlyReport(asOf: asOf, zone: .utc)
    #expect(
      report.categoryTrends.map(\.weekStart)
        == [
          "2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23", "2026-03-30",
        ].map(Fixture.day))
    let first = Dictionary(
      uniqueKeysWithValues: report.categoryTrends[0].counts.map { ($0.category, $0.count) })
    #expect(first[.behavioral] == 7)
    #expect(first[.energyCapacity] == 2)
    #expect(first[.sensory] == 1)
    #expect(report.categoryTrends[3].counts.first { $0.category == .physical }?.count == 4)
    #expect(report.categoryTrends[4].days.dayCount == 2)
    #expect(report.categoryTrends[4].counts.allSatisfy { $0.count == 0 })
  }

  @Test("Medication effectiveness: adherence and challenging entries with and without a dose")
  func effectiveness() throws {
    let report = try Self.store().monthlyReport(asOf: asOf, zone: .utc)
    let (a, b) = (report.medicationEffectiveness[0], report.medicationEffectiveness[1])
    #expect(a.adherenceRate == 20)  // 6 / 30
    #expect(a.challengingPerDayTaken == 0)
    #expect(a.challengingPerDayNotTaken == 0.08)  // 2 / 24
    #expect(b.adherenceRate == 6.7)  // 2 / 30
    #expect(b.challengingPerDayNotTaken == 0.07)  // 2 / 28
  }

  @Test("An empty window gives zeros and empty lists")
  func empty() throws {
    let report = try Fixture.store().monthlyReport(asOf: asOf, zone: .utc)
    #expect(report.totalEntries == 0)
    #expect(report.topPatterns.isEmpty && report.correlations.isEmpty && report.changes.isEmpty)
    #expect(report.bestDays.isEmpty && report.challengingDays.isEmpty)
    #expect(report.medicationEffectiveness.isEmpty)
    #expect(report.categoryTrends.count == 5)
  }
}
