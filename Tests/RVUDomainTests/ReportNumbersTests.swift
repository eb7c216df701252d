import AnalyticsCore
import Foundation
import RVUDomain
import Testing

@Suite("The numbers of the RVU report")
struct ReportNumbersTests {
  /// 02-03: 99213 × 2 (previous window); 02-09: 99213; 02-10: 99214; 02-11: a no-show.
  func fixture() throws -> RVUStore {
    let store = try RVUStore.inMemory()
    for (date, codes, noShow) in [
      ("2026-02-03", ["99213x2"], false), ("2026-02-09", ["99213"], false),
      ("2026-02-10", ["99214"], false), ("2026-02-11", [], true),
    ] {
      _ = try store.addVisit(
        VisitInput(date: day(date), isNoShow: noShow, procedures: codes.map(procedure)),
        userId: "u")
    }
    return store
  }

  @Test("the average RVU per encounter has its change, and every total a Change")
  func averageChange() throws {
    let report = try fixture().analytics(
      RVUAnalyticsQuery(
        userId: "u", range: try DayRange(start: day("2026-02-08"), end: day("2026-02-14")),
        compareWithPrevious: true))
    let previous = try #require(report.previous)
    // Now 3.22 ÷ 2 = 1.61; before 2.60 ÷ 1 = 2.60; (1.61 − 2.60) ÷ 2.60 × 100 = −38.076…
    #expect(report.totals.averageRVUPerEncounter == rvu("1.61"))
    #expect(previous.totals.averageRVUPerEncounter == rvu("2.60"))
    #expect(previous.averageRVUPerEncounterChange == rvu("-38.08"))
    let changes = previous.changes
    #expect(changes.workRVU.current == 3.22 && changes.workRVU.previous == 2.6)
    #expect(changes.encounters.current == 2 && changes.encounters.previous == 1)
    // 1 no-show against none: no percent, and up is bad news for no-shows.
    #expect(changes.noShows.percent == nil)
    #expect(changes.noShows.assessment == .worsening)
    #expect(changes.averageRVUPerEncounter.direction == .down)
  }

  @Test("top codes sum the whole range, highest RVUs first, cut at the limit")
  func topCodes() throws {
    let store = try fixture()
    let range = try DayRange(start: day("2026-02-01"), end: day("2026-02-14"))
    let rows = try store.topCodes(userId: "u", range: range, limit: 10)
    // 99213: 1.30 × (2 + 1) = 3.90 in 2 visits; 99214: 1.92 in 1.
    #expect(rows.map(\.hcpcs) == ["99213", "99214"])
    #expect(rows.map(\.totalWorkRVU) == [rvu("3.90"), rvu("1.92")])
    #expect(rows.map(\.totalQuantity) == [3, 1])
    #expect(rows.map(\.encounterCount) == [2, 1])
    #expect(rows.allSatisfy { $0.periodStart == range.start })
    #expect(try store.topCodes(userId: "u", range: range, limit: 1).map(\.hcpcs) == ["99213"])
    #expect(try store.topCodes(userId: "other", range: range, limit: 5).isEmpty)
    #expect(throws: TallyError.self) { try store.topCodes(userId: "u", range: range, limit: 0) }
  }
}
