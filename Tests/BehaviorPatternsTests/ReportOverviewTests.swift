import AnalyticsCore
import Testing

@testable import BehaviorPatterns

/// Expected values worked out by hand from `Fixture.weekly()` (see the comments there).
@Suite("Report overview")
struct ReportOverviewTests {
  let asOf = Fixture.day("2026-03-03")

  @Test("The weekly overview repeats the weekly report's frequency, shares and energy")
  func weeklyMatchesReport() throws {
    let (report, overview) = try Fixture.weekly().weeklyReportWithOverview(asOf: asOf, zone: .utc)
    #expect(report == (try Fixture.weekly().weeklyReport(asOf: asOf, zone: .utc)))
    #expect(overview.window == report.window)
    #expect(overview.patternFrequency == report.patternFrequency)
    #expect(overview.categoryDistribution == report.categoryDistribution)
    #expect(overview.energyTrend == report.energyTrend)
  }

  /// Issue 35: "Intensity by day" averaged scales that point opposite ways (energy 5 is good,
  /// overload 5 hard); it is gone. The hard-day score sums the harder types only, and each
  /// better-is-higher type is its own line.
  @Test("Hard-day score from the harder types only; energy its own line; unlogged days are gaps")
  func hardDayScore() throws {
    let (_, overview) = try Fixture.weekly().weeklyReportWithOverview(asOf: asOf, zone: .utc)
    // Every day of Feb 25 … Mar 3 has an entry or a dose logged. Feb 25: Sensory Overload 3
    // (the energy of 2 is not in it); Feb 27: Meltdown Trigger 5 (Social Interaction points
    // neither way); Mar 1: Sensory Overload 2; Mar 3: a custom pattern, neither way: 0.
    #expect(overview.hardDayScore.map(\.value) == [3, 0, 5, 0, 2, 0, 0])
    #expect(overview.betterLines.map(\.name) == ["Energy Level"])
    // Energy Level: Feb 25 2, Feb 27 4, Mar 1 (3 + 4) / 2.
    #expect(overview.betterLines[0].days.map(\.value) == [2, nil, 4, nil, 3.5, nil, nil])
    let (_, month) = try Fixture.weekly().monthlyReportWithOverview(asOf: asOf, zone: .utc)
    // Feb 2 … Feb 23: nothing logged, so no score (a gap, not a calm 0); Feb 24: overload 4.
    #expect(month.hardDayScore.prefix(22).allSatisfy { $0.value == nil })
    #expect(month.hardDayScore[22].value == 4)
  }

  @Test("Streak as of the last day: Mar 3 alone (Mar 2 empty); longest Feb 24–25")
  func streak() throws {
    let (_, overview) = try Fixture.weekly().weeklyReportWithOverview(asOf: asOf, zone: .utc)
    #expect(overview.streak.current == 1)
    #expect(overview.streak.longest == 2)
  }

  @Test("The monthly overview covers the 30 days and every pattern, not the top five")
  func monthly() throws {
    let (report, overview) = try Fixture.weekly().monthlyReportWithOverview(asOf: asOf, zone: .utc)
    #expect(overview.window == report.window)
    #expect(overview.energyTrend.count == 30)
    // Feb 2 … Mar 3 holds every entry up to Mar 3: 10, with Sensory Overload 3 times (Feb 24
    // is inside now).
    #expect(overview.patternFrequency.map(\.count).reduce(0, +) == 10)
    #expect(
      overview.patternFrequency.first
        == PatternCount(
          name: "Energy Level", typeID: "energy-level", count: 4))
    #expect(overview.patternFrequency[1].count == 3)
    #expect(overview.categoryDistribution.map(\.count).reduce(0, +) == 10)
  }
}
