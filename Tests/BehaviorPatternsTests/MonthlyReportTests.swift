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

  /// Issue 35: correlations counted days with nothing logged as "not taken, no challenges".
  /// Logged days here: Mar 2–21 and Mar 25–28 (24); Mar 22–24 and 29–31 have nothing.
  @Test("Correlations: over logged days only, the 3-and-3 rule, counts shown")
  func correlations() throws {
    let report = try Self.store().monthlyReport(asOf: asOf, zone: .utc)
    func finding(_ factor: String, _ outcome: String) -> CorrelationFinding? {
      report.correlations.first { $0.factor == factor && $0.outcome == outcome }
    }
    // Med A taken Mar 2–7 (6 of the 24 logged days) against the hard-day score (3 on Mar 8 and
    // 9, Sensory Overload without an intensity; 0 on the other logged days): numpy.corrcoef
    // gives −0.1741 over 24 days (it was n = 30 when empty days counted).
    let same = try #require(finding("Med A taken", "the hard-day score that day"))
    #expect(same.r == -0.17 && same.n == 24 && same.daysWith == 6 && same.daysWithout == 18)
    #expect(same.confidence == "medium")
    #expect(
      same.summary
        == "On days Med A was taken, the hard-day score that day was slightly lower (r = -0.17, "
        + "n = 24, medium confidence).")
    // The next day's score, over the 22 logged days whose next day is logged (not Mar 21, 28):
    // numpy 0.1614.
    let next = try #require(finding("Med A taken", "the next day's hard-day score"))
    #expect(next.r == 0.16 && next.n == 22 && next.daysWith == 6 && next.daysWithout == 16)
    // Med B: taken on 2 days, under the rule.
    #expect(!report.correlations.contains { $0.factor == "Med B taken" })
    // Sleep (2, 3, 5) against the next day's scores (3, 3, 0): numpy −0.9449, n = 3: low, so
    // listed after the medium ones.
    let sleep = try #require(finding("Sleep Quality intensity", "the next day's hard-day score"))
    #expect(sleep.r == -0.94 && sleep.n == 3 && sleep.confidence == "low")
    #expect(report.correlations.count == ReportBuilder.correlationLimit)
    #expect(report.correlations.first?.confidence == "medium")
    // A harder type is never paired with its own day's score.
    #expect(finding("Sensory Overload logged", "the hard-day score that day") == nil)
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
    // 2 challenging entries over the 18 logged days without a dose (Mar 8–21, 25–28): the 6
    // days with nothing logged are not days without challenges.
    #expect(a.challengingPerDayNotTaken == 0.11)
    #expect(b.adherenceRate == 6.7)  // 2 / 30
    #expect(b.challengingPerDayNotTaken == 0.09)  // 2 / 22 logged days
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
