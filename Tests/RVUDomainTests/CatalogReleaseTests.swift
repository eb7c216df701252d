import AnalyticsCore
import Foundation
import RVUDomain
import Testing

/// Issue 30: CMS publishes a year's Physician Fee Schedule RVU file in January and corrects it
/// quarterly (files `RVUyyA`…`RVUyyD`, "April/July/October Release" in their title row); each
/// release applies to services from its own effective day (CMS, "PFS Relative Value Files": each
/// quarterly file lists its effective date). A visit takes the values of the release in force
/// on its date of service.
@Suite("Quarterly catalog releases, by effective day")
struct CatalogReleaseTests {
  private func release(_ month: String, work: String) throws -> RelativeValueFile {
    try RelativeValueFile(
      data: miniPPRRVU(
        title: "2026 National Physician Fee Schedule Relative Value File \(month) Release",
        rows: [row("99213", "Office visit est", work: work)]),
      fileName: "RVU26.csv")
  }

  private func visit(_ day: String) -> VisitInput {
    VisitInput(
      date: try! LocalDate(parsing: day), procedures: [try! ProcedureInput(hcpcs: "99213")])
  }

  @Test func eachVisitTakesTheReleaseInForceOnItsDay() throws {
    let store = try RVUStore.inMemory()
    let january = try store.importCatalog(
      try release("January", work: "1.50"), year: nil, source: "RVU26A.csv")
    let july = try store.importCatalog(
      try release("July", work: "1.55"), year: nil, source: "RVU26C.csv")
    #expect(january.effectiveOn.description == "2026-01-01")
    #expect(july.effectiveOn.description == "2026-07-01")
    // By hand: before July 1 the January values, from July 1 on the July ones.
    for (day, work) in [
      ("2026-03-10", "1.50"), ("2026-06-30", "1.50"), ("2026-07-01", "1.55"),
      ("2026-08-01", "1.55"),
    ] {
      let added = try store.addVisit(visit(day), userId: "u")
      #expect(added.procedures.map(\.workRVU) == [rvu(work)], "\(day)")
    }
    // The starter catalog (2025) stays for 2025; each release is its own version.
    #expect(
      try store.catalogVersions().map(\.effectiveOn.description) == [
        "2026-07-01", "2026-01-01", "2025-01-01",
      ])
    // A year named is that year's newest release.
    let chosen = try store.addVisit(visit("2026-03-10"), userId: "u", catalogYear: 2026)
    #expect(chosen.procedures.map(\.workRVU) == [rvu("1.55")])
    #expect(try store.code("99213", catalogYear: 2026).workRVU == rvu("1.55"))
    // The same release again replaces it; another day is another release.
    let again = try store.importCatalog(
      try release("July", work: "1.56"), year: nil, source: "RVU26C.csv")
    #expect(again.replacedExisting)
    let april = try store.importCatalog(
      try release("January", work: "1.52"), year: nil,
      effectiveOn: try LocalDate(parsing: "2026-04-01"), source: "RVU26B.csv")
    #expect(april.effectiveOn.description == "2026-04-01")
    #expect(try store.catalogVersions().count == 4)
    #expect(
      try store.addVisit(visit("2026-05-05"), userId: "u").procedures.map(\.workRVU) == [
        rvu("1.52")
      ])
  }

  @Test func aYearsOnlyReleaseServesTheWholeYear() throws {
    // Only the October file of 2026: a visit in February takes the year's schedule as imported.
    let store = try RVUStore.inMemory()
    _ = try store.importCatalog(
      try release("October", work: "1.58"), year: nil, source: "RVU26D.csv")
    let added = try store.addVisit(visit("2026-02-01"), userId: "u")
    #expect(added.procedures.map(\.workRVU) == [rvu("1.58")])
  }

  @Test func anEffectiveDayOutsideTheYearIsRefused() throws {
    let store = try RVUStore.inMemory()
    let error = try #require(throws: TallyError.self) {
      try store.importCatalog(
        try release("January", work: "1.50"), year: 2026,
        effectiveOn: try LocalDate(parsing: "2025-10-01"), source: "x.csv")
    }
    #expect(error.value == "2025-10-01")
  }

  /// 99213 non-facility, by hand: 2025 (starter: work 1.30 + PE 1.35 + MP 0.10 = 2.75 RVU ×
  /// 32.3465 = 88.952875 → 88.95); 2026 (file: 1.50 + 1.00 + 0.10 = 2.60 × 33.4009 = 86.84234
  /// → 86.84). A range across the years is paid as each visit was: 175.79, not 2 × 2026's.
  @Test func aRangeAcrossYearsIsPaidAsEachVisitWas() throws {
    let store = try RVUStore.inMemory()
    _ = try store.importCatalog(
      try release("January", work: "1.50"), year: nil, source: "RVU26A.csv")
    _ = try store.addVisit(visit("2025-12-31"), userId: "u")
    _ = try store.addVisit(visit("2026-01-02"), userId: "u")
    let query = RVUAnalyticsQuery(
      userId: "u",
      range: try DayRange(
        start: try LocalDate(parsing: "2025-12-01"), end: try LocalDate(parsing: "2026-01-31")),
      period: .month)
    let estimates = try store.paymentEstimates(query)
    #expect(estimates.total.amount == rvu("175.79"))
    #expect(
      estimates.total.releases.map(\.description) == ["2025-01-01", "2026-01-01"])
    #expect(estimates.byPeriod[try LocalDate(parsing: "2025-12-01")]?.amount == rvu("88.95"))
    #expect(estimates.byPeriod[try LocalDate(parsing: "2026-01-01")]?.amount == rvu("86.84"))
    // A year named prices every visit with it, as asked: December's visit (its logged work
    // 1.30) with 2026's PE, MP and factor is 2.40 × 33.4009 = 80.16; with January's, 167.00.
    #expect(try store.paymentEstimates(query, catalogYear: 2026).total.amount == rvu("167.00"))
  }
}
