import AnalyticsCore
import Foundation
import RVUDomain
import Testing

@Suite("No-shows earn nothing; visits after today are refused")
struct NoShowAndFutureTests {
  /// Today is 2026-11-22 for every store here.
  private func store() throws -> RVUStore {
    try RVUStore.inMemory(clock: .on(day("2026-11-22")))
  }

  @Test("a no-show's total is 0 on add, import and update; attended again, it gets them back")
  func noShowTotals() throws {
    let store = try store()
    let added = try store.addVisit(
      VisitInput(date: day("2026-02-08"), isNoShow: true, procedures: [procedure("99213x2")]),
      userId: "u")
    #expect(added.visit.totalWorkRVU == .zero)
    // The procedure keeps the catalog's value as logged.
    #expect(added.procedures.map(\.workRVU) == [rvu("1.30")])
    let csv = """
      visit,date,no_show,hcpcs
      a,2026-02-09,true,99214
      """
    _ = try store.importVisits(
      try VisitImportFile.parse(Data(csv.utf8), fileName: "v.csv"), userId: "u")
    let imported = try store.visits(
      userId: "u", from: day("2026-02-09"), through: day("2026-02-09"))
    #expect(imported.map(\.visit.totalWorkRVU) == [.zero])

    let attended = try store.addVisit(
      VisitInput(date: day("2026-02-10"), procedures: [procedure("99213x2")]), userId: "u")
    #expect(attended.visit.totalWorkRVU == rvu("2.60"))  // 2 × 1.30
    let id = attended.visit.id!
    let noShow = try store.updateVisit(id: id, changes: VisitChanges(isNoShow: true), userId: "u")
    #expect(noShow.visit.totalWorkRVU == .zero)
    #expect(try store.visit(id: id, userId: "u").visit.totalWorkRVU == .zero)
    let back = try store.updateVisit(id: id, changes: VisitChanges(isNoShow: false), userId: "u")
    #expect(back.visit.totalWorkRVU == rvu("2.60"))
    // Replacing the procedures of a no-show keeps it at 0: 99214 (1.92) earns nothing.
    _ = try store.updateVisit(id: id, changes: VisitChanges(isNoShow: true), userId: "u")
    let replaced = try store.updateVisit(
      id: id, changes: VisitChanges(procedures: [procedure("99214")]), userId: "u")
    #expect(replaced.visit.totalWorkRVU == .zero)
    // Analytics agree: three no-shows, nothing earned in February.
    let totals = try store.analytics(
      RVUAnalyticsQuery(
        userId: "u", range: try DayRange(start: day("2026-02-01"), end: day("2026-02-28")))
    ).totals
    #expect(totals.totalWorkRVU == .zero)
    #expect(totals.totalNoShows == 3)
    #expect(totals.totalEncounters == 0)
  }

  @Test("a visit after today is refused on add, update and import; nothing is saved")
  func futureDays() throws {
    let store = try store()
    // Today itself is fine.
    let today = try store.addVisit(
      VisitInput(date: day("2026-11-22"), procedures: [procedure("99213")]), userId: "u")
    #expect {
      try store.addVisit(
        VisitInput(date: day("2026-11-23"), procedures: [procedure("99213")]), userId: "u")
    } throws: { error in
      let error = error as! TallyError
      return error.category == .usage && error.field == "date" && error.value == "2026-11-23"
        && error.expected == "a day on or before 2026-11-22"
    }
    #expect {
      try store.updateVisit(
        id: today.visit.id!, changes: VisitChanges(date: day("2027-01-01")), userId: "u")
    } throws: { ($0 as! TallyError).expected == "a day on or before 2026-11-22" }
    let csv = """
      visit,date,hcpcs
      a,2026-11-21,99213
      b,2026-12-01,99214
      """
    #expect {
      _ = try store.importVisits(
        try VisitImportFile.parse(Data(csv.utf8), fileName: "v.csv"), userId: "u")
    } throws: { error in
      let error = error as! TallyError
      return error.category == .badData && error.source?.description == "v.csv line 3"
        && error.value == "2026-12-01"
    }
    #expect(try store.visits(userId: "u").map(\.visit.date) == [day("2026-11-22")])
  }
}
