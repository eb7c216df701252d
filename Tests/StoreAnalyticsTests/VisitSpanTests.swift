import AnalyticsCore
import Foundation
import GRDB
import Testing

@testable import StoreAnalytics
@testable import StorePostgres
@testable import StoreSQLite

/// A window's distinct customers, summed over its days from each customer's first and last day
/// (`store_customer`, `first_visits`, `last_visits`: issue 34 §6) or deduplicated over its
/// customer-days, must be the same number. Counted by hand from this set (store S, UTC):
/// - c1: 03-01, 03-05; c2: 03-03 (02:00Z); c3: 03-05, 03-09; c4: 03-09; an order without a
///   customer on 03-02.
private let visits = """
  order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,unit_price
  O1,S,2026-03-01T12:00:00Z,completed,c1,Tea,Drinks,1,2.00
  O2,S,2026-03-02T12:00:00Z,completed,,Tea,Drinks,1,2.00
  O3,S,2026-03-03T02:00:00Z,completed,c2,Tea,Drinks,1,2.00
  O4,S,2026-03-05T12:00:00Z,completed,c1,Tea,Drinks,1,2.00
  O5,S,2026-03-05T13:00:00Z,completed,c3,Tea,Drinks,1,2.00
  O6,S,2026-03-09T12:00:00Z,completed,c3,Tea,Drinks,1,2.00
  O7,S,2026-03-09T13:00:00Z,completed,c4,Tea,Drinks,1,2.00
  """

@Suite("Distinct customers from first and last visits")
struct VisitSpanTests {
  private func customers(_ store: ShopAnalytics, _ first: String, _ last: String) throws -> Int {
    let window = try DayRange(start: day(first), end: day(last))
    return try store.repository.metricsTotals(of: "S", current: window, previous: window)
      .customers
  }

  private func imported(_ text: String, into store: ShopAnalytics) throws {
    _ = try store.importLines(
      try OrderLineFile.parse(Data(text.utf8), fileName: "visits.csv"), replace: true)
    // Before the refund no order is unsold; every other table holds rows.
    try expectConsistent(store, allowingEmpty: ["store_day_status"])
  }

  @Test(
    "any window: ending at the last day, starting at the first, or inside",
    arguments: Backend.allCases)
  func windows(backend: Backend) throws {
    let store = ShopAnalytics(repository: try backend.make())
    _ = try store.addStore(id: "S", name: "S", zone: .utc)
    try imported(visits, into: store)
    // No last day follows: c1 c2 c3 c4; c1 (03-05) c3 c4.
    #expect(try customers(store, "2026-03-01", "2026-03-09") == 4)
    #expect(try customers(store, "2026-03-04", "2026-03-31") == 3)
    // No first day precedes (c1's and c3's last days follow): c1 c2.
    #expect(try customers(store, "2026-02-01", "2026-03-04") == 2)
    // Inside: c1 (03-05) c2 c3; nobody; c2 alone.
    #expect(try customers(store, "2026-03-02", "2026-03-05") == 3)
    #expect(try customers(store, "2026-03-06", "2026-03-08") == 0)
    #expect(try customers(store, "2026-03-03", "2026-03-04") == 1)

    // c3's 03-09 order refunded: c3's last day goes back to 03-05.
    try imported(
      """
      order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,unit_price
      O6,S,2026-03-09T12:00:00Z,refunded,c3,Tea,Drinks,1,2.00
      """, into: store)
    #expect(try customers(store, "2026-03-06", "2026-03-09") == 1)
    #expect(try customers(store, "2026-03-04", "2026-03-09") == 3)
    // c4's only order cancelled: c4 has no day left.
    try imported(
      """
      order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,unit_price
      O7,S,2026-03-09T13:00:00Z,cancelled,c4,Tea,Drinks,1,2.00
      """, into: store)
    #expect(try customers(store, "2026-03-06", "2026-03-09") == 0)
    #expect(try customers(store, "2026-03-01", "2026-03-31") == 3)
    // c4 again, earlier than anyone: the first day moves to 02-28.
    try imported(
      """
      order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,unit_price
      O8,S,2026-02-28T12:00:00Z,completed,c4,Tea,Drinks,1,2.00
      """, into: store)
    #expect(try customers(store, "2026-02-28", "2026-02-28") == 1)
    #expect(try customers(store, "2026-02-01", "2026-03-02") == 2)

    // New York: O3 (03-03 02:00Z) is 03-02 21:00, so c2's only day moves to 03-02.
    _ = try store.editStore("S", zone: try Zone(identifier: "America/New_York"))
    try expectConsistent(store, allowingEmpty: ["store_day_status"])
    #expect(try customers(store, "2026-03-03", "2026-03-04") == 0)
    #expect(try customers(store, "2026-03-02", "2026-03-02") == 1)
  }
}

@Suite("store-16 and store-pg-12: first and last visits of a stored history")
struct VisitSpanMigrationTests {
  /// c7 on 03-08 and 03-09, c8 on 03-09: c7's first day is 03-08, both last days 03-09.
  private let history = """
    INSERT INTO store_day (store_id, date, orders, revenue_cents, tax_cents, total_cents,
      customers) VALUES ('S', '2026-03-08', 1, 100, 0, 100, 1), ('S', '2026-03-09', 2, 300, 0, 300, 2);
    INSERT INTO store_day_customer VALUES ('S', '2026-03-08', 7, 1), ('S', '2026-03-09', 7, 1),
      ('S', '2026-03-09', 8, 1);
    """
  private let expected = [
    "S|7|2026-03-08|2026-03-09", "S|8|2026-03-09|2026-03-09", "S|2026-03-08|1|0",
    "S|2026-03-09|1|2",
  ]

  @Test("SQLite: each customer's days and each day's first and last visits, from the rows")
  func sqlite() throws {
    let queue = try DatabaseQueue()
    try StoreSchema.migrator.migrate(queue, upTo: "store-15-item-family")
    try queue.write { try $0.execute(sql: history) }
    try StoreSchema.migrator.migrate(queue)
    let rows = try queue.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT store_id || '|' || customer_key || '|' || first_date || '|' || last_date
          FROM store_customer ORDER BY 1
          """)
        + String.fetchAll(
          db,
          sql: """
            SELECT store_id || '|' || date || '|' || first_visits || '|' || last_visits
            FROM store_day ORDER BY 1
            """)
    }
    #expect(rows == expected)
  }

  @Test(
    "PostgreSQL: the same", .enabled(if: PostgresTesting.url != nil, "TALLY_TEST_PG_URL is unset"))
  func postgres() throws {
    let location = try PostgresTesting.location(schema: PostgresTesting.freshSchema())
    try PostgresPool(location).withSession { session in
      try PostgresSchema.migrate(session, location: location, upTo: "store-pg-11-item-family")
      try session.execute(history)
      try PostgresSchema.migrate(session, location: location)
      let rows = try session.query(
        """
        SELECT * FROM (
          SELECT store_id || '|' || customer_key || '|' || first_date || '|' || last_date
          FROM store_customer
          UNION ALL
          SELECT store_id || '|' || date || '|' || first_visits || '|' || last_visits
          FROM store_day) t ORDER BY 1
        """
      ).map { try $0.decode(String.self) }
      #expect(rows == expected.sorted())
    }
  }
}
