import AnalyticsCore
import Foundation
import RVUDomain
import Testing

/// Issue 30: with a 2026 catalog imported, a visit on 2025-06-02 stored 99213 at 1.50 (2026's)
/// where 2025's is 1.30. CMS's Physician Fee Schedule of a year applies to services furnished
/// in that year (42 CFR 414.20; each year's final rule sets that year's RVUs), so a visit takes
/// the values of the catalog in force on its date of service; `catalogYear` stays an override.
@Suite("A visit takes the catalog in force on its date of service")
struct CatalogInForceTests {
  func store() throws -> RVUStore {
    // The starter catalog is 2025 (99213: 1.30); this file's title says 2026 (99213: 1.50).
    let store = try RVUStore.inMemory()
    _ = try store.importCatalog(
      try RelativeValueFile(
        data: miniPPRRVU(rows: [row("99213", "Office visit est", work: "1.50")]),
        fileName: "a.csv"), year: nil, source: "a.csv")
    return store
  }

  func visit(_ day: String) -> VisitInput {
    VisitInput(
      date: try! LocalDate(parsing: day),
      procedures: [try! ProcedureInput(hcpcs: "99213")])
  }

  @Test func eachVisitItsYearsValues() throws {
    let store = try store()
    let in2025 = try store.addVisit(visit("2025-06-02"), userId: "u")
    #expect(in2025.procedures.map(\.workRVU) == [rvu("1.30")])
    let in2026 = try store.addVisit(visit("2026-02-01"), userId: "u")
    #expect(in2026.procedures.map(\.workRVU) == [rvu("1.50")])
    // An import of both years' visits takes each one's own.
    let imported = try store.importVisits(
      [
        VisitImportFile.Record(source: .init("v.json element 1"), input: visit("2025-12-31")),
        VisitImportFile.Record(source: .init("v.json element 2"), input: visit("2026-01-01")),
      ], userId: "w")
    #expect(imported.added == 2)
    let totals = try store.visits(userId: "w").map { $0.procedures.map(\.workRVU) }
    #expect(Set(totals) == [[rvu("1.30")], [rvu("1.50")]])
    // Its payment estimate reads the same year's catalog (practice expense, malpractice,
    // conversion factor) as its work RVUs.
    #expect(try store.paymentEstimate(visitId: in2025.visit.id!, userId: "u").catalogYear == 2025)
    #expect(try store.paymentEstimate(visitId: in2026.visit.id!, userId: "u").catalogYear == 2026)
    // The override still wins.
    let chosen = try store.addVisit(visit("2025-06-02"), userId: "u", catalogYear: 2026)
    #expect(chosen.procedures.map(\.workRVU) == [rvu("1.50")])
  }

  @Test func aVisitBeforeEveryCatalogIsRefusedNamingTheDay() throws {
    let store = try store()
    let error = try #require(throws: TallyError.self) {
      try store.addVisit(visit("2024-06-02"), userId: "u")
    }
    #expect(
      error.description
        == "there is no catalog \"in force on 2024-06-02\": expected a visit in 2025 or later, the first year imported (2026, 2025); for earlier visits import that year's file"
    )
    // A no-show needs no catalog.
    _ = try store.addVisit(
      VisitInput(date: try LocalDate(parsing: "2024-06-02"), isNoShow: true, procedures: []),
      userId: "u")
  }
}
