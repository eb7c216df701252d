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

  @Test("Intensity by day: the mean of the day's entries with an intensity, 2 decimals")
  func intensity() throws {
    let (_, overview) = try Fixture.weekly().weeklyReportWithOverview(asOf: asOf, zone: .utc)
    // Feb 25: (2 + 3) / 2 = 2.5; Feb 27: (4 + 5 + 2) / 3 = 3.666… → 3.67; Mar 1: (2 + 3 + 4) / 3
    // = 3; Mar 3: the custom pattern has no intensity; the other days have no entries.
    #expect(overview.intensityByDay.map(\.value) == [2.5, nil, 3.67, nil, 3, nil, nil])
    #expect(overview.intensityByDay.first?.date == Fixture.day("2026-02-25"))
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
