import AnalyticsCore
import Foundation
import Testing

@testable import StoreAnalytics
@testable import StoreSQLite

@Suite("The numbers of the store report")
struct StoreReportNumbersTests {
  @Test("the average order value now and before, and the changes of the KPI cards")
  func averageOrderValueChange() throws {
    let metrics = try fixture().metrics(
      storeId: "NYC", current: DayRange(day: day("2026-03-08")),
      previous: DayRange(day: day("2026-03-07")))
    // Now A2 10.00 + A3 8.25 + A6 14.00 = 32.25 over 3 orders = 10.75; before A1 23.50 over 1.
    #expect(metrics.averageOrderValue == cents("10.75"))
    #expect(metrics.previousAverageOrderValue == cents("23.50"))
    // (10.75 − 23.50) ÷ 23.50 × 100 = −54.255…
    let change = try #require(metrics.averageOrderValueChange)
    #expect(abs(change - -54.2553) < 0.0001)
    let changes = metrics.changes
    // (32.25 − 23.50) ÷ 23.50 × 100 = 37.234…; orders 3 against 1: +200%.
    #expect(abs((changes.revenue.percent ?? 0) - 37.2340) < 0.0001)
    #expect(changes.orders.percent == 200)
    #expect(changes.averageOrderValue.direction == .down)
  }

  @Test("no orders before: the average's change is unknown, not infinite")
  func fromNothing() throws {
    let metrics = try fixture().metrics(
      storeId: "NYC", current: DayRange(day: day("2026-03-08")),
      previous: DayRange(day: day("2026-03-01")))
    #expect(metrics.previousAverageOrderValue == .zero)
    #expect(metrics.averageOrderValueChange == nil)
    #expect(metrics.changes.revenue.percent == nil)
  }
}
