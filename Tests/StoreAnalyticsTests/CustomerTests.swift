import AnalyticsCore
import DataFormats
import Foundation
import Testing

@testable import StoreAnalytics
@testable import StoreModel

/// Three customers and an order without one at a store in Chicago (issue 31: migration 024's
/// customer views; issue 34: new, returning and repeat customers). Worked out by hand, over the
/// completed orders:
/// - c1 "Ana": orders 1 (10.00) and 2 (20.00), 30.00; named "Ana Ruiz", then "Ana R." (latest).
/// - c2 "Bo": orders 3 (7.50, no name) and 5 (12.00), 19.50.
/// - c3 "Cy": order 7 (2.00); order 6 was cancelled and counts nowhere.
/// - order 4 names no customer: 6.00.
private let orders = """
  order_id,store_id,placed_at,status,customer_id,customer_name,item_name,category,quantity,unit_price
  1,dt,2026-10-01 12:00,,c1,Ana Ruiz,Pizza,Food,1,10.00
  2,dt,2026-10-10 12:00,,c1,Ana R.,Pizza,Food,2,10.00
  3,dt,2026-10-20 13:00,,c2,,Salad,Food,1,7.50
  4,dt,2026-10-21 18:00,,,,Soda,Drinks,3,2.00
  5,dt,2026-10-25 19:00,,c2,Bo Chen,Pizza,Food,1,10.00
  5,dt,2026-10-25 19:00,,c2,Bo Chen,Soda,Drinks,1,2.00
  6,dt,2026-10-26 12:00,cancelled,c3,Cy,Pizza,Food,1,10.00
  7,dt,2026-10-26 13:00,,c3,Cy,Soda,Drinks,1,2.00
  """

@Suite("Customers")
struct CustomerTests {
  private func store(_ backend: Backend) throws -> (ShopAnalytics, KnownStore) {
    let shops = try ShopAnalytics(repository: backend.make())
    _ = try shops.addStore(
      id: "dt", name: "Downtown", zone: try Zone(identifier: "America/Chicago"))
    let summary = try shops.importLines(
      try OrderLineFile.parse(Data(orders.utf8), fileName: "orders.csv"))
    #expect(summary.orders == 7)
    return (shops, try shops.store("dt"))
  }

  @Test("all time: customers, repeat rate, spend, extremes and names", arguments: Backend.allCases)
  func allTime(backend: Backend) throws {
    let (shops, dt) = try store(backend)
    let all = try shops.customers(of: dt, asOf: day("2026-10-27"))
    #expect(all.customers == 3)
    #expect(all.newCustomers == 3 && all.returningCustomers == 0)
    // c1 and c2 have two orders: 2 of 3 = 66.666… → 66.7.
    #expect(all.repeatCustomers == 2)
    #expect(all.repeatRate == 66.7)
    #expect(all.ordersWithCustomer == 5 && all.ordersWithoutCustomer == 1)
    #expect(all.customerSales == cents("51.50") && all.salesWithoutCustomer == cents("6.00"))
    // 51.50 ÷ 3 = 17.1666… → 17.17; 5 ÷ 3 = 1.666… → 1.67.
    #expect(all.averageSpend == cents("17.17"))
    #expect(all.ordersPerCustomer == cents("1.67"))
    #expect(all.extremes == OrderExtremes(highest: cents("20.00"), lowest: cents("2.00")))
    #expect(all.ranked.map(\.customerId) == ["c1", "c2", "c3"])
    #expect(all.ranked.map(\.name) == ["Ana R.", "Bo Chen", "Cy"])
    #expect(all.ranked.map(\.spent) == [cents("30.00"), cents("19.50"), cents("2.00")])
    #expect(all.ranked.map(\.averageOrderValue) == [cents("15.00"), cents("9.75"), cents("2.00")])

    // Migration 024's views: the store summary (6 orders, 57.50, 57.50 ÷ 6 = 9.5833 → 9.58),
    // customer insights, top customers (more than one order) with the last order in Chicago.
    let summary = StoreWire.storeSummary(all, shop: dt.shop)
    #expect(
      summary["total_orders"] == .int(6) && summary["total_revenue"] == .decimal(cents("57.50")))
    #expect(summary["avg_order_value"] == .decimal(cents("9.58")))
    #expect(summary["unique_customers"] == .int(3) && summary["repeat_customers"] == .int(2))
    let insights = StoreWire.customerInsights(all)
    #expect(insights["repeat_rate"]?.plainText == "66.7")
    #expect(insights["avg_spent_per_customer"] == .decimal(cents("17.17")))
    #expect(insights["highest_order"] == .decimal(cents("20.00")))
    let top = StoreWire.topCustomer(all.ranked[1], storeId: "dt", zone: dt.zone)
    #expect(top["last_order_date"] == .string("2026-10-25T19:00:00-05:00"))
    #expect(top["customer_phone"] == .null)
    #expect(try shops.insights(of: dt, asOf: day("2026-10-27")).customerRetention == 66.7)
  }

  @Test("a week: new and returning customers, repeat to date", arguments: Backend.allCases)
  func week(backend: Backend) throws {
    let (shops, dt) = try store(backend)
    // 21–27 Oct: orders 4 (no customer, 6.00), 5 (c2, 12.00), 7 (c3, 2.00). c2 ordered on the
    // 20th (returning) and has two orders to date (repeat); c3 is new with one.
    let week = try shops.customers(
      of: dt, range: try DayRange(start: day("2026-10-21"), end: day("2026-10-27")))
    #expect(week.customers == 2)
    #expect(week.newCustomers == 1 && week.returningCustomers == 1)
    #expect(week.repeatCustomers == 1 && week.repeatRate == 50.0)
    #expect(week.ordersWithCustomer == 2 && week.ordersWithoutCustomer == 1)
    #expect(week.extremes == OrderExtremes(highest: cents("12.00"), lowest: cents("2.00")))
    #expect(week.ranked.map(\.customerId) == ["c2", "c3"])
    // A window before any order: nothing, and no rate.
    let empty = try shops.customers(
      of: dt, range: try DayRange(start: day("2026-09-01"), end: day("2026-09-30")))
    #expect(empty.customers == 0 && empty.repeatRate == nil && empty.averageSpend == nil)
    #expect(empty.extremes == nil)
  }

  @Test(
    "a new name is an updated order; two names in one order are refused",
    arguments: Backend.allCases)
  func names(backend: Backend) throws {
    let (shops, dt) = try store(backend)
    let renamed = orders.replacingOccurrences(of: "Ana R.,", with: "Ana Ruiz,")
    let again = try shops.importLines(
      try OrderLineFile.parse(Data(renamed.utf8), fileName: "orders.csv"))
    #expect(again.updated == 1 && again.alreadyPresent == 6)
    #expect(try shops.customers(of: dt, asOf: day("2026-10-27")).ranked[0].name == "Ana Ruiz")

    let split = """
      order_id,store_id,placed_at,customer_id,customer_name,item_name,category,quantity,unit_price
      9,dt,2026-10-02 12:00,c1,Ana,Pizza,Food,1,10.00
      9,dt,2026-10-02 12:00,c1,Anna,Soda,Drinks,1,2.00
      """
    #expect {
      try shops.importLines(try OrderLineFile.parse(Data(split.utf8), fileName: "split.csv"))
    } throws: {
      "\($0)" == "split.csv line 3: customer_name \"Anna\" is not valid: expected Ana as on "
        + "split.csv line 2 for order 9"
    }
  }

  /// Sizes are subcategories: "Veggie / L" (15.00) outsells each Classic size (10.00), but
  /// Classic (20.00) outsells Veggie. Found by a new-user trial on the pizza data.
  @Test("the top category sums its subcategories", arguments: Backend.allCases)
  func topCategory(backend: Backend) throws {
    let shops = try ShopAnalytics(repository: backend.make())
    let csv = """
      order_id,store_id,placed_at,item_name,category,subcategory,quantity,unit_price
      1,p,2026-10-01 12:00,Classic M,Classic,M,1,10.00
      2,p,2026-10-01 13:00,Classic S,Classic,S,1,10.00
      3,p,2026-10-01 14:00,Veggie L,Veggie,L,1,15.00
      """
    _ = try shops.importLines(try OrderLineFile.parse(Data(csv.utf8), fileName: "p.csv"))
    let insights = try shops.insights(of: try shops.store("p"), asOf: day("2026-10-02"))
    #expect(insights.topCategory == "Classic")
  }

  @Test("a customer name without a customer id is refused")
  func nameWithoutCustomer() throws {
    let shops = try ShopAnalytics(repository: Backend.sqlite.make())
    let csv = """
      order_id,store_id,placed_at,customer_id,customer_name,item_name,category,quantity,unit_price
      1,p,2026-10-01 12:00,,Walk-in Wally,Pizza,Food,1,10.00
      """
    #expect {
      try shops.importLines(try OrderLineFile.parse(Data(csv.utf8), fileName: "p.csv"))
    } throws: {
      "\($0)" == "p.csv line 2: customer_name \"Walk-in Wally\" is not valid: expected a "
        + "customer_id beside it (a name alone names no customer)"
    }
  }

  @Test("customer_name from JSON Lines and a POS body, and its length limit")
  func otherInputs() throws {
    let jsonl = """
      {"order_id": 1, "store_id": "dt", "placed_at": "2026-10-01T12:00:00Z", "customer_id": "c1", "customer_name": "Ana", "item_name": "Pizza", "category": "Food", "quantity": 1, "unit_price": 10}
      """
    #expect(try OrderLineFile.parse(Data(jsonl.utf8), fileName: "o.jsonl")[0].customerName == "Ana")
    let body = """
      {"order_id": "P1", "placed_at": "2026-10-01T12:00:00Z", "customer_id": "c1",
       "customer_name": "Bo", "lines": [{"item_name": "Soda", "category": "Drinks",
       "quantity": 1, "unit_price": 2}]}
      """
    #expect(try POSOrderBody.lines(Data(body.utf8), storeId: "dt")[0].customerName == "Bo")
    let long = String(repeating: "n", count: 201)
    let csv =
      "order_id,store_id,placed_at,customer_name,item_name,category,quantity,unit_price\n"
      + "1,dt,2026-10-01 12:00,\(long),Pizza,Food,1,10.00\n"
    #expect {
      try OrderLineFile.parse(Data(csv.utf8), fileName: "o.csv")
    } throws: { "\($0)".contains("customer_name") && "\($0)".contains("at most 200 bytes") }
  }
}
