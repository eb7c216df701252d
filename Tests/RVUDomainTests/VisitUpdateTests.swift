import AnalyticsCore
import Foundation
import RVUDomain
import Testing

@Suite("Visit updates change only what is given")
struct VisitUpdateTests {
  /// A visit on 2026-02-08 at 14:30 with 99214 (1.92) and G2211 (0.33): 2.25 work RVU.
  private func logged(_ store: RVUStore) throws -> VisitDetail {
    try store.addVisit(
      VisitInput(
        date: day("2026-02-08"), time: try TimeOfDay(parsing: "14:30"), notes: "knee",
        procedures: [procedure("99214"), procedure("G2211")]), userId: "u")
  }

  @Test("notes alone keep the day, time, procedures and total") func notesOnly() throws {
    let store = try RVUStore.inMemory()
    let before = try logged(store)
    let after = try store.updateVisit(
      id: before.visit.id!, changes: VisitChanges(notes: "left knee"), userId: "u")
    #expect(after.visit.notes == "left knee")
    #expect(after.visit.time == "14:30:00")
    #expect(after.visit.date == day("2026-02-08"))
    #expect(after.procedures.map(\.hcpcs) == ["99214", "G2211"])
    #expect(after.visit.totalWorkRVU == rvu("2.25"))  // 1.92 + 0.33
    #expect(try store.visit(id: before.visit.id!, userId: "u") == after)
  }

  @Test("a new day moves the kept procedures and the daily totals with it") func moveDay() throws {
    let store = try RVUStore.inMemory()
    let before = try logged(store)
    let after = try store.updateVisit(
      id: before.visit.id!, changes: VisitChanges(date: day("2026-02-10")), userId: "u")
    #expect(after.procedures.allSatisfy { $0.date == day("2026-02-10") })
    let report = try store.analytics(
      RVUAnalyticsQuery(
        userId: "u", range: try DayRange(start: day("2026-02-01"), end: day("2026-02-28")),
        groupByCode: true))
    // Only 2026-02-10 has work now: 2.25; per code 1.92 and 0.33 on that day.
    #expect(report.summary.map(\.periodStart) == [day("2026-02-10")])
    #expect(report.totals.totalWorkRVU == rvu("2.25"))
    #expect(report.codes.map(\.totalWorkRVU) == [rvu("1.92"), rvu("0.33")])
  }

  @Test("procedures are replaced only when given; no-show and back") func procedures() throws {
    let store = try RVUStore.inMemory()
    let id = try logged(store).visit.id!
    let replaced = try store.updateVisit(
      id: id, changes: VisitChanges(procedures: [procedure("99213x2")]), userId: "u")
    #expect(replaced.procedures.map(\.hcpcs) == ["99213"])
    #expect(replaced.visit.totalWorkRVU == rvu("2.60"))  // 2 × 1.30
    #expect(replaced.visit.time == "14:30:00")
    let noShow = try store.updateVisit(id: id, changes: VisitChanges(isNoShow: true), userId: "u")
    #expect(noShow.visit.isNoShow)
    #expect(noShow.procedures.allSatisfy { $0.isNoShow })
    let range = DayRange(day: day("2026-02-08"))
    let totals = try store.analytics(RVUAnalyticsQuery(userId: "u", range: range)).totals
    #expect(totals.totalNoShows == 1)
    // A no-show without procedures cannot become an attended visit without one.
    let empty = try store.addVisit(
      VisitInput(date: day("2026-02-08"), isNoShow: true, procedures: []), userId: "u")
    #expect(throws: TallyError.self) {
      try store.updateVisit(
        id: empty.visit.id!, changes: VisitChanges(isNoShow: false), userId: "u")
    }
    #expect(try store.visit(id: empty.visit.id!, userId: "u").visit.isNoShow)
  }

  @Test("time and notes can be removed") func removals() throws {
    let store = try RVUStore.inMemory()
    let id = try logged(store).visit.id!
    let after = try store.updateVisit(
      id: id, changes: VisitChanges(time: .some(nil), notes: .some(nil)), userId: "u")
    #expect(after.visit.time == nil)
    #expect(after.visit.notes == nil)
  }
}
