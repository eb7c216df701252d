import AnalyticsCore
import Foundation
import RVUDomain
import ReportKit
import Testing

@testable import RVUReports

/// The RVU report's summary cards from two visits worked by hand with the starter catalog's 2025
/// work RVUs (CMS PFS 2025): 99213 1.30 and 99214 1.92, and a no-show: 3.22 work RVUs over two
/// encounters, 1.61 each.
@Suite("The RVU report's cards")
struct RVUReportCardsTests {
  @Test func summary() throws {
    let store = try RVUStore.inMemory(clock: .on(LocalDate(year: 2025, month: 6, day: 30)!))
    for (day, code) in [("2025-06-02", "99213"), ("2025-06-03", "99214")] {
      _ = try store.addVisit(
        VisitInput(
          date: try LocalDate(parsing: day), procedures: [try ProcedureInput(hcpcs: code)]),
        userId: "u")
    }
    _ = try store.addVisit(
      VisitInput(date: try LocalDate(parsing: "2025-06-04"), isNoShow: true, procedures: []),
      userId: "u")
    let page = try RVUReportPage.build(
      store: store, userId: "u",
      range: try DayRange(
        start: try LocalDate(parsing: "2025-06-01"), end: try LocalDate(parsing: "2025-06-07")),
      period: .day, asOf: nil, generatedAt: nil, zone: nil)
    let html = page.render()
    let report = try store.analytics(
      RVUAnalyticsQuery(
        userId: "u",
        range: try DayRange(
          start: try LocalDate(parsing: "2025-06-01"), end: try LocalDate(parsing: "2025-06-07"))))
    #expect(
      RVUReportPage.cards(report).map { "\($0.label): \($0.value)" } == [
        "Work RVUs: 3.22", "Encounters: 2", "No-shows: 1", "Average RVUs per encounter: 1.61",
      ])
    #expect(html.contains("Work RVU report"))
  }
}
