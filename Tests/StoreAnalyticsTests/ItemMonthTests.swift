import AnalyticsCore
import Foundation
import GRDB
import StoreAnalytics
import Testing

@testable import StoreSQLite

/// A window's items and categories on SQLite come from `item_month` and `category_month` over its
/// whole months and from order lines over the days of the months it cuts (store-18, store-19). Each window's figures are recounted here in
/// SQL from the order lines alone, on the same database, and must be equal.
@Suite(
  "Items and categories of a window: whole months from the month tables, cut months from lines")
struct ItemMonthTests {
  /// Two orders a day at store K from 2026-01-20 to 2026-04-10, of items I0…I4 (one or two
  /// lines each, quantities 1–3), every seventh cancelled and a discount line now and then.
  static func store() throws -> (ShopAnalytics, SQLiteStoreRepository) {
    let repository = try SQLiteStoreRepository.open(.memory)
    let store = ShopAnalytics(repository: repository)
    var csv =
      "order_id,store_id,placed_at,status,customer_id,item_name,category,subcategory,quantity,"
      + "unit_price,tax,kind\n"
    // I0–I2 Mains, I3 Sides, I4 Sides / Hot: an order of I3 and I0 is in two categories.
    func category(_ item: Int) -> String {
      item < 3 ? "Mains," : item == 3 ? "Sides," : "Sides,Hot"
    }
    var day = LocalDate(year: 2026, month: 1, day: 20)!
    var number = 0
    while day <= LocalDate(year: 2026, month: 4, day: 10)! {
      for hour in [12, 18] {
        number += 1
        let status = number % 7 == 0 ? "cancelled" : "completed"
        let item = number % 5
        csv +=
          "K\(number),K,\(day) \(hour):00,\(status),c\(number % 9),I\(item),\(category(item)),"
          + "\(1 + number % 3),\(4 + item).50,,sale\n"
        if number % 2 == 0 {
          csv +=
            "K\(number),K,\(day) \(hour):00,\(status),c\(number % 9),I\((item + 2) % 5),"
            + "\(category((item + 2) % 5)),1,\(4 + (item + 2) % 5).50,,sale\n"
        }
        if number % 11 == 0 {
          csv +=
            "K\(number),K,\(day) \(hour):00,\(status),c\(number % 9),Promo,Discounts,,1,"
            + "(1.00),,discount\n"
        }
      }
      day = day.adding(days: 1)
    }
    _ = try store.importLines(try OrderLineFile.parse(Data(csv.utf8), fileName: "k.csv"))
    return (store, repository)
  }

  @Test(
    "equal to a recount from the lines, whatever months the window cuts",
    arguments: [
      ("2026-01-25", "2026-03-31"),  // part of January, February and March whole
      ("2026-02-01", "2026-02-28"),  // one whole month
      ("2026-02-10", "2026-02-20"),  // inside a month
      ("2026-01-31", "2026-04-01"),  // a day on each side of two whole months
      ("2026-01-01", "2026-04-30"),  // whole months beyond the data on both sides
    ])
  func windows(start: String, end: String) throws {
    let (store, repository) = try Self.store()
    let range = try DayRange(start: LocalDate(parsing: start), end: LocalDate(parsing: end))
    let items = try store.popular(storeId: "K", range: range, limit: 100)
    let recount = try repository.writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT m.name, COUNT(DISTINCT o.key), SUM(l.quantity_thousandths),
                 SUM(l.subtotal_cents)
          FROM store_order o JOIN order_line l ON l.order_key = o.key
          JOIN menu_item m ON m.id = l.menu_item_id
          WHERE o.store_id = 'K' AND o.status = 'completed' AND l.kind = 'sale'
            AND o.local_date BETWEEN ? AND ?
          GROUP BY 1 ORDER BY 1
          """, arguments: [start, end]
      ).map { "\($0[0] as String) \($0[1] as Int) \($0[2] as Int64) \($0[3] as Int64)" }
    }
    let ours = items.map {
      "\($0.itemName) \($0.timesOrdered) \($0.totalQuantity.thousandths) "
        + "\($0.totalRevenue.hundredths)"
    }.sorted()
    #expect(!recount.isEmpty)
    #expect(ours == recount)
    // Categories, each line under its own: the repository's window against a recount.
    let categories = try repository.categorySales(of: "K", in: range).map {
      "\($0.category)/\($0.subcategory ?? "") \($0.orderCount) \($0.itemsSold.thousandths) "
        + "\($0.totalRevenue.hundredths)"
    }.sorted()
    let categoryRecount = try repository.writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT l.category || '/' || l.subcategory, COUNT(DISTINCT o.key),
                 SUM(l.quantity_thousandths), SUM(l.subtotal_cents)
          FROM store_order o JOIN order_line l ON l.order_key = o.key
          WHERE o.store_id = 'K' AND o.status = 'completed' AND l.kind = 'sale'
            AND o.local_date BETWEEN ? AND ?
          GROUP BY 1 ORDER BY 1
          """, arguments: [start, end]
      ).map { "\($0[0] as String) \($0[1] as Int) \($0[2] as Int64) \($0[3] as Int64)" }
    }
    #expect(categoryRecount.count == 3)
    #expect(categories == categoryRecount)
    // The same through the report's one read of both.
    let both = try repository.sales(of: "K", in: range)
    #expect(both.categories.count == 3 && both.items.count == items.count)
  }
}
