import AnalyticsCore
import Foundation
import RVUDomain
import Testing

@Suite("Medicare payment estimate")
struct PaymentTests {
  // Starter catalog (CMS 2025, conversion factor 32.3465), work | non-facility PE | facility PE |
  // MP: 99213 1.30 | 1.35 | 0.57 | 0.10; 99214 1.92 | 1.80 | 0.83 | 0.15.

  @Test("per visit and per period, non-facility then facility, worked by hand") func estimates()
    throws
  {
    let store = try RVUStore.inMemory()
    let first = try store.addVisit(
      VisitInput(date: day("2026-02-09"), procedures: [procedure("99213x2")]), userId: "u")
    _ = try store.addVisit(
      VisitInput(date: day("2026-02-10"), procedures: [procedure("99214")]), userId: "u")
    _ = try store.addVisit(
      VisitInput(date: day("2026-02-10"), isNoShow: true, procedures: [procedure("99215")]),
      userId: "u")
    // 99213 × 2 non-facility: (1.30 + 1.35 + 0.10) × 2 = 5.50; × 32.3465 = 177.90575 → 177.91.
    let visit = try store.paymentEstimate(visitId: first.visit.id!, userId: "u")
    #expect(visit.totalRVU == rvu("5.50"))
    #expect(visit.amount == rvu("177.91"))
    #expect(visit.setting == .nonFacility)
    let query = RVUAnalyticsQuery(
      userId: "u", range: try DayRange(start: day("2026-02-09"), end: day("2026-02-15")),
      period: .week)
    // The week: 5.50 + (1.92 + 1.80 + 0.15 = 3.87) = 9.37 (the no-show left out);
    // × 32.3465 = 303.086705 → 303.09.
    let week = try store.paymentEstimates(query)
    #expect(week.total.totalRVU == rvu("9.37"))
    #expect(week.total.amount == rvu("303.09"))
    #expect(week.byPeriod[day("2026-02-09")]?.amount == rvu("303.09"))
    _ = try store.updateSettings(RVUSettingsChanges(practiceSetting: .facility), userId: "u")
    // Facility: (1.30 + 0.57 + 0.10) × 2 = 3.94 and 1.92 + 0.83 + 0.15 = 2.90: 6.84;
    // × 32.3465 = 221.25006 → 221.25.
    let facility = try store.paymentEstimates(query)
    #expect(facility.total.totalRVU == rvu("6.84"))
    #expect(facility.total.amount == rvu("221.25"))
  }

  @Test("a code missing from the catalog counts its work RVU alone and is named") func missing()
    throws
  {
    let store = try RVUStore.inMemory()
    var custom = procedure("12345")
    custom.workRVU = rvu("2.25")
    let saved = try store.addVisit(
      VisitInput(date: day("2026-02-09"), procedures: [custom]), userId: "u")
    let estimate = try store.paymentEstimate(visitId: saved.visit.id!, userId: "u")
    // 2.25 × 32.3465 = 72.779625 → 72.78.
    #expect(estimate.amount == rvu("72.78"))
    #expect(estimate.codesWithoutCatalogRow == ["12345"])
    #expect(throws: TallyError.self) { try store.paymentEstimate(visitId: 99, userId: "u") }
  }
}
