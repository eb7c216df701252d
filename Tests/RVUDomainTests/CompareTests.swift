import AnalyticsCore
import Foundation
import RVUDomain
import Testing

@Suite("Analytics against the previous window")
struct CompareTests {
  @Test("the previous equal window's totals and the percent change, null from zero")
  func previous() throws {
    let store = try RVUStore.inMemory()
    for (date, codes, noShow) in [
      ("2026-02-03", ["99213x2"], false), ("2026-02-09", ["99213"], false),
      ("2026-02-10", ["99214"], false), ("2026-02-11", [], true),
      ("2026-01-31", ["99215"], false),  // before the previous window: counted nowhere
    ] {
      _ = try store.addVisit(
        VisitInput(date: day(date), isNoShow: noShow, procedures: codes.map(procedure)),
        userId: "u")
    }
    let report = try store.analytics(
      RVUAnalyticsQuery(
        userId: "u", range: try DayRange(start: day("2026-02-08"), end: day("2026-02-14")),
        compareWithPrevious: true))
    let previous = try #require(report.previous)
    // 7 days before 02-08…02-14: 02-01…02-07.
    #expect(previous.range == (try DayRange(start: day("2026-02-01"), end: day("2026-02-07"))))
    // Now 1.30 + 1.92 = 3.22 over 2 encounters and 1 no-show; before 2 × 1.30 = 2.60, 1, 0.
    #expect(report.totals.totalWorkRVU == rvu("3.22"))
    #expect(previous.totals.totalWorkRVU == rvu("2.60"))
    // (3.22 − 2.60) ÷ 2.60 × 100 = 23.846…% → 23.85; (2 − 1) ÷ 1 × 100 = 100; no-shows from 0.
    #expect(previous.workRVUChange == rvu("23.85"))
    #expect(previous.encountersChange == rvu("100"))
    #expect(previous.noShowsChange == nil)
    let plain = try store.analytics(
      RVUAnalyticsQuery(userId: "u", range: DayRange(day: day("2026-02-09"))))
    #expect(plain.previous == nil)
  }
}
