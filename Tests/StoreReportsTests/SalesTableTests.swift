import AnalyticsCore
import Foundation
import ReportKit
import StoreAnalytics
import StoreSQLite
import Testing

@testable import StoreReports

/// The store report's "Sales of completed orders" table, from a day worked by hand: K1 sells 2 ×
/// 10.00 with a 2.00 discount and a 3.00 tip; K2 refunds 3.50; K3 comps a 2.00 Soda and sells a
/// 10.00 Burger; K4 is cancelled (6.00). Gross 30.00 − 2.00 − 2.00 − 3.50 = net 22.50.
@Suite("The store report's sales table")
struct SalesTableTests {
  @Test func grossToNet() throws {
    let day = LocalDate(year: 2026, month: 3, day: 8)!
    let store = try ShopAnalytics.inMemory(clock: .on(day))
    _ = try store.importLines(
      try OrderLineFile.parse(
        Data(
          """
          order_id,store_id,placed_at,status,item_name,category,quantity,unit_price,kind
          K1,K,2026-03-08 12:00,,Burger,Mains,2,10.00,
          K1,K,2026-03-08 12:00,,Happy hour,Discounts,1,2.00,discount
          K1,K,2026-03-08 12:00,,Tip,Tips,1,3.00,tip
          K2,K,2026-03-08 13:00,,Fries,Sides,-1,3.50,
          K3,K,2026-03-08 14:00,,Soda,Drinks,1,2.00,comp
          K3,K,2026-03-08 14:00,,Burger,Mains,1,10.00,
          K4,K,2026-03-08 15:00,cancelled,Cake,Sweets,1,6.00,
          """.utf8), fileName: "k.csv"))
    let metrics = try store.metrics(
      storeId: "K", current: try DayRange(start: day, end: day),
      previous: try DayRange(start: day.adding(days: -1), end: day.adding(days: -1)))
    let table = StoreReportPage.salesTable(metrics)
    #expect(
      table.rows == [
        ["Gross sales", "$30.00"], ["Less discounts", "$2.00"], ["Less comps", "$2.00"],
        ["Less refunds", "$3.50"], ["Net sales (revenue)", "$22.50"], ["Tax", "$0.00"],
        ["Tips (not sales)", "$3.00"], ["Cancelled orders (1)", "$6.00"],
        ["Refunded orders (0)", "$0.00"],
      ])
    // The page holds it, under the key figures.
    let page = try StoreReportPage.build(
      shops: store, store: try store.store("K"), range: .today, asOf: day,
      now: Instant(millisecondsSinceEpoch: 0))
    #expect(page.render().contains("Sales of completed orders"))
  }
}
