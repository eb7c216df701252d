import AnalyticsCore
import Foundation
import StoreAnalytics
import Testing

/// Monthly cohorts (issue 34 §2) on orders built for them, on every backend, counted by hand.
/// Store C in UTC, as of 2026-03-20, three months (January to March 2026):
/// - c1 first orders 2026-01-05, again 02-10 and 03-01; c2 first 01-20, again 03-15;
/// - c3 first 02-02, and a refunded order 03-05 (not completed: not an order here);
/// - c4 first 2025-12-30, again 01-10: first ordered before the months shown, in no cohort;
/// - c5 first 03-03; an order without a customer 02-05 is in none.
let cohortOrders = """
  order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,unit_price
  1,C,2026-01-05 12:00,completed,c1,Pie,Food,1,10.00
  2,C,2026-02-10 12:00,completed,c1,Pie,Food,1,10.00
  3,C,2026-03-01 12:00,completed,c1,Pie,Food,1,10.00
  4,C,2026-01-20 12:00,completed,c2,Pie,Food,1,10.00
  5,C,2026-03-15 12:00,completed,c2,Pie,Food,1,10.00
  6,C,2026-02-02 12:00,completed,c3,Pie,Food,1,10.00
  7,C,2026-03-05 12:00,refunded,c3,Pie,Food,1,10.00
  8,C,2025-12-30 12:00,completed,c4,Pie,Food,1,10.00
  9,C,2026-01-10 12:00,completed,c4,Pie,Food,1,10.00
  10,C,2026-03-03 12:00,completed,c5,Pie,Food,1,10.00
  11,C,2026-02-05 12:00,completed,,Pie,Food,1,10.00
  """

@Suite("Customer cohorts")
struct CohortTests {
  @Test("three monthly cohorts, counted by hand", arguments: Backend.allCases)
  func cohorts(backend: Backend) throws {
    let store = ShopAnalytics(repository: try backend.make(), clock: .on(day("2026-12-31")))
    _ = try store.importLines(try OrderLineFile.parse(Data(cohortOrders.utf8), fileName: "c.csv"))
    let table = try store.cohorts(storeId: "C", months: 3, asOf: day("2026-03-20"))
    #expect(
      table.cohorts.map(\.month) == [day("2026-01-01"), day("2026-02-01"), day("2026-03-01")])
    // January: c1, c2; in February c1 ordered again, in March both.
    #expect(table.cohorts[0].customers == 2 && table.cohorts[0].active == [2, 1, 2])
    #expect(table.cohorts[0].shares == [100, 50, 100])
    // February: c3, whose March order was refunded.
    #expect(table.cohorts[1].customers == 1 && table.cohorts[1].active == [1, 0])
    // March: c5.
    #expect(table.cohorts[2].customers == 1 && table.cohorts[2].active == [1])
    #expect(table.asOfMonthIsPartial)
    // One month: March only; c1 and c2 came back but are January's.
    let march = try store.cohorts(storeId: "C", months: 1, asOf: day("2026-03-31"))
    #expect(march.cohorts.map(\.customers) == [1] && !march.asOfMonthIsPartial)
    #expect(throws: TallyError.self) {
      try store.cohorts(storeId: "C", months: 0, asOf: day("2026-03-20"))
    }
  }
}
