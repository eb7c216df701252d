import AnalyticsCore
import GRDB
import Storage
import StoreAnalytics
import StoreModel

/// The SQLite backend of `StoreRepository`: GRDB records for the reads, and for the bulk paths
/// of an import raw multi-row statements (`SQLiteStoreTransaction`), where they are measured to
/// matter.
public struct SQLiteStoreRepository: StoreRepository {
  /// Kept inside (GRDB's `AppDatabase`): callers see domain operations, never the connection.
  /// Tests reach it with `@testable import` to recount the aggregates.
  let writer: any DatabaseWriter

  /// Opens (and migrates) the database at `location`.
  public static func open(_ location: DatabaseLocation) throws -> SQLiteStoreRepository {
    SQLiteStoreRepository(
      writer: try DatabaseOpener.open(location, migrator: StoreSchema.migrator))
  }

  public func shops() throws -> [Shop] {
    try writer.read { db in try Shop.fetchAll(db) }
  }

  public func shop(id: String) throws -> Shop? {
    // A cached statement rather than the query interface: every command and every store request
    // looks its store up (twice for an RPC), and generating and preparing the SQL each time was
    // 8% of the server's CPU answering `get_store_metrics` (perf, `scripts/load`).
    try writer.read { db in
      try Shop.fetchOne(
        try db.cachedStatement(sql: "SELECT * FROM shop WHERE id = ?"), arguments: [id])
    }
  }

  public func revision() throws -> Int64? {
    try writer.read { db in
      try Int64.fetchOne(try db.cachedStatement(sql: "SELECT revision FROM store_revision"))
    }
  }

  /// Raises the revision inside the write transaction it marks.
  private static func raiseRevision(_ db: Database) throws {
    try db.execute(sql: "UPDATE store_revision SET revision = revision + 1")
  }

  public func inTransaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
    try writer.writeWithoutTransaction { db in
      try Self.enterWriteMode(db)
      // A large page cache: millions of rows go into several B-trees at once.
      let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? Self.defaultCacheSize
      try db.execute(sql: "PRAGMA cache_size = \(Self.importCacheSize)")
      defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
      // Made once per connection: a `CREATE` of any kind, even one that creates nothing, makes
      // GRDB drop its schema cache and every cached statement, which each transaction then
      // prepared again (a POS order's cost was mostly that).
      let visitTables = try db.cachedStatement(
        sql: "SELECT COUNT(*) FROM sqlite_temp_master WHERE name = 'visit_change'")
      if try Int.fetchOne(visitTables) == 0 {
        try db.execute(sql: SQLiteStoreTransaction.visitTables)
      }
      // A first import (no orders yet) writes with a rollback journal: see `RollbackJournal`.
      return try RollbackJournal.transaction(db, empty: !StoreOrder.anyStored(db)) {
        let transaction = SQLiteStoreTransaction(db)
        let result = try body(transaction)
        try transaction.close()
        try Self.raiseRevision(db)
        return result
      }
    }
  }

  /// Turns off, once per connection, the checks every store write makes itself, and leaves them
  /// off: setting a flag pragma expires every prepared statement (SQLite's `OP_Expire`), so
  /// turning them off and on around each transaction compiled a POS order's forty cached
  /// statements again every time (a quarter of its time, perf). Every store write goes through
  /// `inTransaction`. The pragmas only change outside a transaction.
  /// - Foreign keys: their checks cost a fifth of a large import; an import creates every store
  ///   and menu item before its transaction ends and deletes a replaced order's lines itself,
  ///   and the tests check `PRAGMA foreign_key_check` after every kind of write.
  /// - Check constraints: the rows are typed values checked by the domain (a status is an
  ///   `OrderStatus`); SQLite checking `status IN ('completed', 'cancelled', 'refunded')` again
  ///   built a temporary index of the three texts for every order row (its page zeroed, as
  ///   Debian's SQLite is built with SECURE_DELETE). Callgrind, a 100,000-line import: the
  ///   writing thread went from 2,309 M to 1,878 M instructions without it.
  private static func enterWriteMode(_ db: Database) throws {
    if try Bool.fetchOne(db.cachedStatement(sql: "PRAGMA foreign_keys")) != false {
      try db.execute(sql: "PRAGMA foreign_keys = OFF")
    }
    if try Bool.fetchOne(db.cachedStatement(sql: "PRAGMA ignore_check_constraints")) != true {
      try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
    }
  }

  /// SQLite's default page cache, in KiB when negative.
  private static let defaultCacheSize = -2000
  /// 512 MiB, in KiB (negative: a size, not a page count).
  private static let importCacheSize = -524_288

  public func customerSales(of storeId: String, in range: DayRange) throws -> [CustomerSales] {
    try writer.read { db in
      try Row.fetchAll(
        try db.cachedStatement(
          sql: """
            SELECT g.*, s.first_date
            FROM (SELECT NULLIF(customer_id, '') AS id, customer_name, COUNT(*),
                    SUM(subtotal_cents), MIN(placed_at), MAX(placed_at)
                  FROM store_order
                  WHERE store_id = ?1 AND local_date BETWEEN ?2 AND ?3 AND status = 'completed'
                  GROUP BY 1, 2) g
            LEFT JOIN customer c ON c.external_id = g.id
            LEFT JOIN store_customer s ON s.store_id = ?1 AND s.customer_key = c.id
            """), arguments: [storeId, range.start, range.end]
      ).map { row in
        CustomerSales(
          customerId: row[0], name: row[1], orders: row[2],
          spent: FixedDecimal(hundredths: row[3]),
          firstOrder: Instant(millisecondsSinceEpoch: row[4]),
          lastOrder: Instant(millisecondsSinceEpoch: row[5]), firstDay: row[6])
      }
    }
  }

  public func customerFirstDays(of storeId: String, in range: DayRange) throws
    -> [(customer: Int64, day: LocalDate)]
  {
    try writer.read { db in
      try Row.fetchAll(
        try db.cachedStatement(
          sql: """
            SELECT customer_key, first_date FROM store_customer
            WHERE store_id = ? AND first_date BETWEEN ? AND ?
            """), arguments: [storeId, range.start, range.end]
      ).map { ($0[0], $0[1]) }
    }
  }

  public func customerDays(of storeId: String, in range: DayRange) throws
    -> [(customer: Int64, day: LocalDate)]
  {
    try writer.read { db in
      // Decoded from the statement's columns as they are stepped (no copied rows).
      let rows = try Row.fetchCursor(
        try db.cachedStatement(
          sql: """
            SELECT customer_key, date FROM store_day_customer
            WHERE store_id = ? AND date BETWEEN ? AND ?
            """), arguments: [storeId, range.start, range.end])
      var days: [(customer: Int64, day: LocalDate)] = []
      while let row = try rows.next() { days.append((row[0], row[1])) }
      return days
    }
  }

  /// A store's distinct customers within `range`: summed over its days when no customer's last
  /// day follows the window (or no first day precedes it), else deduplicated over its
  /// customer-days (`store-16-visit-spans`).
  static func customerCount(_ db: Database, of storeId: String, in range: DayRange) throws -> Int {
    let spans = try Row.fetchOne(
      db.cachedStatement(
        sql: """
          SELECT
            NOT EXISTS (SELECT 1 FROM store_day
                        WHERE store_id = ?1 AND date > ?3 AND last_visits > 0),
            (SELECT SUM(last_visits) FROM store_day WHERE store_id = ?1 AND date BETWEEN ?2 AND ?3),
            NOT EXISTS (SELECT 1 FROM store_day
                        WHERE store_id = ?1 AND date < ?2 AND first_visits > 0),
            (SELECT SUM(first_visits) FROM store_day WHERE store_id = ?1 AND date BETWEEN ?2 AND ?3)
          """), arguments: [storeId, range.start, range.end])
    if let spans {
      if spans[0] as Bool { return spans[1] ?? 0 }
      if spans[2] as Bool { return spans[3] ?? 0 }
    }
    // Counted in Swift, not by COUNT(DISTINCT): see `DistinctCount`.
    var customers = DistinctCount()
    let keys = try Int64.fetchCursor(
      db.cachedStatement(
        sql: """
          SELECT \(StoreDayCustomer.Columns.customerKey.name)
          FROM \(StoreDayCustomer.databaseTableName) WHERE store_id = ? AND date BETWEEN ? AND ?
          """),
      arguments: [storeId, range.start, range.end])
    while let key = try keys.next() { customers.insert(key) }
    return customers.count
  }

  public func customerCount(of storeIds: [String], in range: DayRange) throws -> Int {
    // A customer of two stores is one: the per-store counts do not add up.
    guard storeIds.count == 1 else { return try distinctCustomers(of: storeIds, in: range) }
    return try writer.read { try Self.customerCount($0, of: storeIds[0], in: range) }
  }

  public func menuItems(ids: [Int64]) throws -> [MenuItem] {
    try writer.read { try MenuItem.fetchAll($0, keys: ids) }
  }

  public func shifts(of storeId: String, from: Instant, before: Instant) throws -> [Shift] {
    try writer.read {
      try SQLiteStoreTransaction.shifts(in: $0, of: storeId, from: from, before: before)
    }
  }

  public func orderExtremes(of storeId: String, in range: DayRange) throws -> OrderExtremes? {
    try writer.read { db in
      let row = try Row.fetchOne(
        try db.cachedStatement(
          sql: """
            SELECT MAX(subtotal_cents), MIN(subtotal_cents) FROM store_order
            WHERE store_id = ? AND local_date BETWEEN ? AND ? AND status = 'completed'
            """), arguments: [storeId, range.start, range.end])
      guard let row, let highest: Int64 = row[0], let lowest: Int64 = row[1] else { return nil }
      return OrderExtremes(
        highest: FixedDecimal(hundredths: highest), lowest: FixedDecimal(hundredths: lowest))
    }
  }

  public func days(of storeId: String, in range: DayRange) throws -> [StoreDay] {
    try writer.read { db in
      try StoreDay.all().at(storeId).within(range).order(StoreDay.Columns.date).fetchAll(db)
    }
  }

  public func metricsTotals(of storeId: String, current: DayRange, previous: DayRange) throws
    -> MetricsTotals
  {
    try writer.read { db in
      // Literal SQL in cached statements, the columns named as the records name them: built
      // through the query interface, these four statements were generated and prepared on every
      // call, after GRDB had read the three tables' schema (callgrind, `metrics --range year`
      // as a whole process: 33.9 M instructions with the query interface, 32.1 M without).
      var totals = MetricsTotals()
      let sales = try db.cachedStatement(
        sql: """
          SELECT SUM(\(StoreDay.Columns.orders.name)), SUM(\(StoreDay.Columns.revenue.name)),
            SUM(\(StoreDay.Columns.tax.name))
          FROM \(StoreDay.databaseTableName) WHERE store_id = ? AND date BETWEEN ? AND ?
          """)
      func sums(_ range: DayRange) throws -> (Int, FixedDecimal, FixedDecimal) {
        let row = try Row.fetchOne(sales, arguments: [storeId, range.start, range.end])
        // SUM over no rows is NULL.
        let orders: Int? = row?[0]
        let revenue: Int64? = row?[1]
        let tax: Int64? = row?[2]
        return (
          orders ?? 0, FixedDecimal(hundredths: revenue ?? 0), FixedDecimal(hundredths: tax ?? 0)
        )
      }
      (totals.orders, totals.revenue, totals.tax) = try sums(current)
      (totals.previousOrders, totals.previousRevenue, _) = try sums(previous)
      totals.customers = try Self.customerCount(db, of: storeId, in: current)
      typealias Status = StoreDayStatus.Columns
      let statuses = try Row.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT \(Status.status.name), SUM(\(Status.orders.name)), SUM(\(Status.amount.name))
            FROM \(StoreDayStatus.databaseTableName) WHERE store_id = ? AND date BETWEEN ? AND ?
            GROUP BY 1
            """),
        arguments: [storeId, current.start, current.end])
      for row in statuses {
        let unsold = UnsoldOrders(orders: row[1], amount: FixedDecimal(hundredths: row[2]))
        if row[0] == OrderStatus.cancelled.rawValue {
          totals.cancelled = unsold
        } else {
          totals.refunded = unsold
        }
      }
      let kinds = try Row.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT kind, SUM(amount_cents) FROM store_day_kind
            WHERE store_id = ? AND date BETWEEN ? AND ? GROUP BY 1
            """),
        arguments: [storeId, current.start, current.end])
      for row in kinds {
        guard let kind = LineKind(rawValue: row[0]) else { continue }
        totals.parts[kind] = FixedDecimal(hundredths: row[1])
      }
      return totals
    }
  }

  public func latestDays(of storeId: String, through day: LocalDate, limit: Int) throws
    -> [StoreDay]
  {
    try writer.read { db in
      try StoreDay.all().at(storeId).filter(StoreDay.Columns.date <= day)
        .order(StoreDay.Columns.date.desc).limit(limit).fetchAll(db)
    }
  }

  public func hours(of storeId: String, in range: DayRange) throws -> [StoreHour] {
    try writer.read { db in
      // By position, each day's text parsed once for its hours: a year is up to 8,760 rows, and
      // decoding them by column name was a ninth of the year's store report (callgrind).
      let cursor = try Row.fetchCursor(
        db,
        sql: """
          SELECT date, hour, orders, revenue_cents FROM store_hour
          WHERE store_id = ? AND date BETWEEN ? AND ? ORDER BY date, hour
          """, arguments: [storeId, range.start, range.end])
      var hours: [StoreHour] = []
      var dayText = ""
      var day = range.start
      while let row = try cursor.next() {
        let text: String = row[0]
        if text != dayText {
          day = try LocalDate(parsing: text)
          dayText = text
        }
        hours.append(
          StoreHour(
            storeId: storeId, date: day, hour: row[1], orders: row[2],
            revenue: FixedDecimal(hundredths: row[3])))
      }
      return hours
    }
  }

  public func hourTotals(of storeId: String) throws -> [StoreHourTotal] {
    try writer.read { db in
      try StoreHourTotal.filter(StoreHourTotal.Columns.storeId == storeId).fetchAll(db)
    }
  }

  public func itemSales(of storeId: String) throws -> [ItemSales] {
    try writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT t.menu_item_id, m.name, t.orders, t.quantity_thousandths, t.revenue_cents
          FROM item_total t JOIN menu_item m ON m.id = t.menu_item_id
          WHERE t.store_id = ?
          """, arguments: [storeId]
      ).map { row in
        ItemSales(
          storeId: storeId, menuItemId: row[0], itemName: row[1], timesOrdered: row[2],
          totalQuantity: Quantity(thousandths: row[3]),
          totalRevenue: FixedDecimal(hundredths: row[4]))
      }
    }
  }

  public func categorySales(of storeId: String?) throws -> [CategorySales] {
    try writer.read { db in
      typealias C = CategoryTotal.Columns
      var request = CategoryTotal.all()
      if let storeId { request = request.filter(C.storeId == storeId) }
      return try request.select(
        C.category, C.subcategory, sum(C.orders).forKey("orders"), sum(C.items).forKey("items"),
        sum(C.revenue).forKey("revenue")
      )
      .group(C.category, C.subcategory)
      .asRequest(of: Row.self).fetchAll(db)
      .map { row in
        let subcategory: String = row[C.subcategory]
        return CategorySales(
          category: row[C.category], subcategory: subcategory.isEmpty ? nil : subcategory,
          orderCount: row["orders"], itemsSold: Quantity(thousandths: row["items"]),
          totalRevenue: FixedDecimal(hundredths: row["revenue"]))
      }
    }
  }

  // Sales within a range: whole months from the monthly aggregates, the days of the months a
  // window cuts from the orders (per-day item tables made the import 4× slower, `Docs/Store.md`).

  public func itemSales(of storeId: String, in range: DayRange) throws -> [ItemSales] {
    try writer.read { db in
      try WindowSales.readByMonth(db, storeId: storeId, range: range, byCategory: false)
        .items(db, storeId)
    }
  }

  public func categorySales(of storeId: String?, in range: DayRange) throws -> [CategorySales] {
    try writer.read { db in
      try WindowSales.readByMonth(
        db, storeId: storeId, range: range, items: false, byCategory: true
      ).categorySales()
    }
  }

  public func sales(of storeId: String, in range: DayRange) throws
    -> (items: [ItemSales], categories: [CategorySales])
  {
    try writer.read { db in
      let sales = try WindowSales.readByMonth(
        db, storeId: storeId, range: range, byCategory: true)
      return (try sales.items(db, storeId), sales.categorySales())
    }
  }
}

/// The completed orders of a window summed by item and by category in one pass over their
/// lines.
///
/// SQLite's `GROUP BY` with `COUNT(DISTINCT order)` over the same join took six times as long as
/// the join alone (sqlite3, a year of one store of the 1M-order database: 180 ms against 30 ms,
/// the temporary B-trees of the grouping and the distinct count), so the rows are read in the
/// index's order — an order's lines follow each other — and summed here; an order counts once
/// for each item and category it holds.
private struct WindowSales {
  struct Totals {
    var orders = 0
    /// In thousandths of a unit.
    var quantity: Int64 = 0
    var revenue: Int64 = 0
    /// The last order counted, so an order with two lines of one item counts once.
    var lastOrder: Int64 = -1

    /// Adds another part's counts (of other orders).
    mutating func add(orders: Int, quantity: Int64, revenue: Int64) {
      self.orders += orders
      self.quantity += quantity
      self.revenue += revenue
    }

    mutating func add(order: Int64, quantity: Int64, revenue: Int64) {
      if order != lastOrder {
        orders += 1
        lastOrder = order
      }
      self.quantity += quantity
      self.revenue += revenue
    }
  }

  struct CategoryKey: Hashable {
    let category: String
    let subcategory: String
  }

  var items: [Int64: Totals] = [:]
  var categories: [CategoryKey: Totals] = [:]

  /// A window's items (and categories, `byCategory`): its whole calendar months summed from
  /// `item_month` (store-18) and `category_month` (store-19), the days of the months it cuts
  /// from their lines. The counts add up across the parts: an order lies on one day, so it is
  /// in one part only. All stores' when `storeId` is `nil`.
  static func readByMonth(
    _ db: Database, storeId: String?, range: DayRange, items readsItems: Bool = true,
    byCategory: Bool
  ) throws -> WindowSales {
    // The first and last whole months: the month of the start unless the window cuts it, the
    // month of the end unless the window cuts it.
    let startMonth = Period.month.range(containing: range.start)
    let endMonth = Period.month.range(containing: range.end)
    let first =
      startMonth.start == range.start
      ? range.start : Period.month.nextStart(after: startMonth.start)
    let last = endMonth.end == range.end ? endMonth.start : endMonth.start.adding(months: -1)
    guard first <= last else {
      return try read(db, storeId: storeId, range: range, byCategory: byCategory)
    }
    let storeFilter = storeId == nil ? "" : "store_id = ? AND"
    let arguments = StatementArguments(storeId.map { [$0] } ?? []) + [first, last]
    var sales = WindowSales()
    if readsItems {
      let items = try Row.fetchCursor(
        db.cachedStatement(
          sql: """
            SELECT menu_item_id, orders, quantity_thousandths, revenue_cents FROM item_month
            WHERE \(storeFilter) month BETWEEN ? AND ?
            """), arguments: arguments)
      while let row = try items.next() {
        sales.items[row[0], default: Totals()].add(
          orders: row[1], quantity: row[2], revenue: row[3])
      }
    }
    if byCategory {
      let categories = try Row.fetchCursor(
        db.cachedStatement(
          sql: """
            SELECT category, subcategory, orders, items_thousandths, revenue_cents
            FROM category_month WHERE \(storeFilter) month BETWEEN ? AND ?
            """), arguments: arguments)
      while let row = try categories.next() {
        sales.categories[CategoryKey(category: row[0], subcategory: row[1]), default: Totals()]
          .add(orders: row[2], quantity: row[3], revenue: row[4])
      }
    }
    var edges: [DayRange] = []
    if range.start < first {
      edges.append(try DayRange(start: range.start, end: first.adding(days: -1)))
    }
    let after = last.adding(months: 1)
    if after <= range.end { edges.append(try DayRange(start: after, end: range.end)) }
    for edge in edges {
      let part = try read(db, storeId: storeId, range: edge, byCategory: byCategory)
      for (item, totals) in part.items where readsItems {
        sales.items[item, default: Totals()].add(
          orders: totals.orders, quantity: totals.quantity, revenue: totals.revenue)
      }
      for (category, totals) in part.categories {
        sales.categories[category, default: Totals()].add(
          orders: totals.orders, quantity: totals.quantity, revenue: totals.revenue)
      }
    }
    return sales
  }

  /// The window's items.
  func items(_ db: Database, _ storeId: String) throws -> [ItemSales] {
    try MenuItem.fetchAll(db, keys: Array(items.keys)).map { item in
      let totals = items[item.id]!
      return ItemSales(
        storeId: storeId, menuItemId: item.id, itemName: item.name,
        timesOrdered: totals.orders, totalQuantity: Quantity(thousandths: totals.quantity),
        totalRevenue: FixedDecimal(hundredths: totals.revenue))
    }
  }

  /// The window's categories.
  func categorySales() -> [CategorySales] {
    categories.map { key, totals in
      CategorySales(
        category: key.category, subcategory: key.subcategory.isEmpty ? nil : key.subcategory,
        orderCount: totals.orders, itemsSold: Quantity(thousandths: totals.quantity),
        totalRevenue: FixedDecimal(hundredths: totals.revenue))
    }
  }

  static func read(_ db: Database, storeId: String?, range: DayRange, byCategory: Bool = false)
    throws -> WindowSales
  {
    if let sales = try read(db, storeId, range, byCategory, sorted: false) { return sales }
    return try read(db, storeId, range, byCategory, sorted: true)!
  }

  /// The pass itself; `nil` when an order's lines did not come together (then it is made again
  /// `sorted`). The join hands each order's lines out together, but SQL does not promise it,
  /// and sorting by order costs the pass three times its time (sqlite3: 40 ms against 10).
  /// Each line's category is the one it was sold under (its own columns).
  private static func read(
    _ db: Database, _ storeId: String?, _ range: DayRange, _ byCategory: Bool, sorted: Bool
  ) throws -> WindowSales? {
    var arguments: StatementArguments = [range.start, range.end]
    var storeFilter = ""
    if let storeId {
      storeFilter = "o.store_id = ? AND"
      arguments = [storeId] + arguments
    }
    let cursor = try Row.fetchCursor(
      db,
      sql: """
        SELECT o.key, l.menu_item_id, l.quantity_thousandths, l.subtotal_cents\(
          byCategory ? ", l.category, l.subcategory" : "")
        FROM store_order o JOIN order_line l ON l.order_key = o.key
        WHERE \(storeFilter) o.local_date BETWEEN ? AND ? AND o.status = 'completed'
          AND l.kind = 'sale'
        \(sorted ? "ORDER BY o.key" : "")
        """, arguments: arguments)
    var sales = WindowSales()
    var orders = Set<Int64>()
    var current: Int64 = -1
    while let row = try cursor.next() {
      // Read by position: four integers (and two short texts) for every line of the window.
      let order: Int64 = row[0]
      let item: Int64 = row[1]
      let quantity: Int64 = row[2]
      let revenue: Int64 = row[3]
      if order != current {
        guard orders.insert(order).inserted else { return nil }  // an order seen before
        current = order
      }
      sales.items[item, default: Totals()].add(order: order, quantity: quantity, revenue: revenue)
      if byCategory {
        let key = CategoryKey(category: row[4], subcategory: row[5])
        sales.categories[key, default: Totals()].add(
          order: order, quantity: quantity, revenue: revenue)
      }
    }
    return sales
  }
}

extension StoreBackends {
  /// SQLite only: a PostgreSQL URL is refused (`store-metrics` gives its hand-off instead).
  public static let sqlite = StoreBackends(
    sqlite: { try SQLiteStoreRepository.open($0) }, postgres: nil)
}

extension ShopAnalytics {
  /// An empty in-memory SQLite database, for tests and throwaway runs.
  public static func inMemory(clock: TallyClock = .system) throws -> ShopAnalytics {
    try StoreBackends.sqlite.open(.sqlite(.memory), environment: [:], clock: clock)
  }
}
