import AnalyticsCore
import GRDB
import Storage

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
      writer: try DatabaseOpener.open(location, migrator: StoreAnalyticsModule.migrator))
  }

  public func shops() throws -> [Shop] {
    try writer.read { db in try Shop.order(Shop.Columns.id).fetchAll(db) }
  }

  public func shop(id: String) throws -> Shop? {
    try writer.read { db in try Shop.fetchOne(db, key: id) }
  }

  public func insert(_ shop: Shop) throws {
    try writer.write { db in
      guard try !Shop.exists(db, key: shop.id) else {
        throw TallyError(.usage, .exists(kind: "store", name: shop.id))
      }
      try shop.insert(db)
      try Self.raiseRevision(db)
    }
  }

  public func revision() throws -> Int64? {
    try writer.read { db in try Int64.fetchOne(db, sql: "SELECT revision FROM store_revision") }
  }

  /// Raises the revision inside the write transaction it marks.
  private static func raiseRevision(_ db: Database) throws {
    try db.execute(sql: "UPDATE store_revision SET revision = revision + 1")
  }

  public func inTransaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
    try writer.writeWithoutTransaction { db in
      // Foreign-key checks cost a fifth of a large import; an import creates every store and
      // menu item before its transaction ends and deletes a replaced order's lines itself, and
      // the tests check `PRAGMA foreign_key_check` after every kind of write. The pragma only
      // changes outside a transaction.
      try db.execute(sql: "PRAGMA foreign_keys = OFF")
      defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
      // A large page cache: millions of rows go into several B-trees at once.
      let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? Self.defaultCacheSize
      try db.execute(sql: "PRAGMA cache_size = \(Self.importCacheSize)")
      defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
      var result: T?
      try db.inTransaction {
        let transaction = SQLiteStoreTransaction(db)
        result = try body(transaction)
        try transaction.close()
        try Self.raiseRevision(db)
        return .commit
      }
      return result!
    }
  }

  /// SQLite's default page cache, in KiB when negative.
  private static let defaultCacheSize = -2000
  /// 512 MiB, in KiB (negative: a size, not a page count).
  private static let importCacheSize = -524_288

  public func days(of storeId: String, in range: DayRange) throws -> [StoreDay] {
    try writer.read { db in
      try StoreDay.all().at(storeId).within(range).order(StoreDay.Columns.date).fetchAll(db)
    }
  }

  public func metricsTotals(of storeId: String, current: DayRange, previous: DayRange) throws
    -> MetricsTotals
  {
    try writer.read { db in
      var totals = MetricsTotals()
      func sums(_ range: DayRange) throws -> (Int, FixedDecimal) {
        let row = try StoreDay.all().at(storeId).within(range)
          .select(sum(StoreDay.Columns.orders), sum(StoreDay.Columns.revenue))
          .asRequest(of: Row.self).fetchOne(db)
        // SUM over no rows is NULL.
        let orders: Int? = row?[0]
        let revenue: Int64? = row?[1]
        return (orders ?? 0, FixedDecimal(hundredths: revenue ?? 0))
      }
      (totals.orders, totals.revenue) = try sums(current)
      (totals.previousOrders, totals.previousRevenue) = try sums(previous)
      // Counted in Swift, not by COUNT(DISTINCT): see `DistinctCount`.
      var customers = DistinctCount()
      let keys = try StoreDayCustomer.all().at(storeId).within(current)
        .select(StoreDayCustomer.Columns.customerKey, as: Int64.self).fetchCursor(db)
      while let key = try keys.next() { customers.insert(key) }
      totals.customers = customers.count
      typealias Status = StoreDayStatus.Columns
      for row in try StoreDayStatus.all().at(storeId).within(current)
        .select(Status.status, sum(Status.orders), sum(Status.amount)).group(Status.status)
        .asRequest(of: Row.self).fetchAll(db)
      {
        let unsold = UnsoldOrders(orders: row[1], amount: FixedDecimal(hundredths: row[2]))
        if row[0] == OrderStatus.cancelled.rawValue {
          totals.cancelled = unsold
        } else {
          totals.refunded = unsold
        }
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
      try StoreHour.all().at(storeId).within(range)
        .order(StoreHour.Columns.date, StoreHour.Columns.hour).fetchAll(db)
    }
  }

  public func hourTotals(of storeId: String) throws -> [StoreHourTotal] {
    try writer.read { db in
      try StoreHourTotal.filter(StoreHourTotal.Columns.storeId == storeId).fetchAll(db)
    }
  }

  public func itemSales(of storeId: String, limit: Int) throws -> [ItemSales] {
    try writer.read { db in
      try ItemTotal.filter(ItemTotal.Columns.storeId == storeId)
        .including(required: ItemTotal.menuItem.order(MenuItem.Columns.name))
        .order(ItemTotal.Columns.revenue.desc)
        .limit(limit)
        .asRequest(of: ItemTotalWithItem.self).fetchAll(db)
        .map {
          ItemSales(
            storeId: storeId, menuItemId: $0.itemTotal.menuItemId, itemName: $0.menuItem.name,
            timesOrdered: $0.itemTotal.orders, totalQuantity: $0.itemTotal.quantity,
            totalRevenue: $0.itemTotal.revenue)
        }
    }
  }

  public func categorySales(of storeId: String?, limit: Int) throws -> [CategorySales] {
    try writer.read { db in
      typealias C = CategoryTotal.Columns
      var request = CategoryTotal.all()
      if let storeId { request = request.filter(C.storeId == storeId) }
      return try request.select(
        C.category, C.subcategory, sum(C.orders).forKey("orders"), sum(C.items).forKey("items"),
        sum(C.revenue).forKey("revenue")
      )
      .group(C.category, C.subcategory)
      .order(SQL("revenue DESC"), C.category, C.subcategory)
      .limit(limit)
      .asRequest(of: Row.self).fetchAll(db)
      .map { row in
        let subcategory: String = row[C.subcategory]
        return CategorySales(
          category: row[C.category], subcategory: subcategory.isEmpty ? nil : subcategory,
          orderCount: row["orders"], itemsSold: row["items"],
          totalRevenue: FixedDecimal(hundredths: row["revenue"]))
      }
    }
  }

  // Sales within a range are counted from the orders: the aggregates keep items and categories
  // over all time only (per-day item tables made the import 4× slower, `Docs/Store.md`). One
  // grouped join each; without an index on the orders' store and day they scan the orders.

  public func itemSales(of storeId: String, in range: DayRange, limit: Int) throws -> [ItemSales] {
    try writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT l.menu_item_id, m.name, COUNT(DISTINCT o.key) AS orders, SUM(l.quantity) AS quantity,
                 SUM(l.subtotal_cents) AS revenue
          FROM store_order o JOIN order_line l ON l.order_key = o.key
          JOIN menu_item m ON m.id = l.menu_item_id
          WHERE o.store_id = ? AND o.status = 'completed' AND o.local_date BETWEEN ? AND ?
          GROUP BY l.menu_item_id ORDER BY revenue DESC, m.name LIMIT ?
          """, arguments: [storeId, range.start, range.end, limit]
      ).map { row in
        ItemSales(
          storeId: storeId, menuItemId: row["menu_item_id"], itemName: row["name"],
          timesOrdered: row["orders"], totalQuantity: row["quantity"],
          totalRevenue: FixedDecimal(hundredths: row["revenue"]))
      }
    }
  }

  public func categorySales(of storeId: String?, in range: DayRange, limit: Int) throws
    -> [CategorySales]
  {
    try writer.read { db in
      var arguments: StatementArguments = [range.start, range.end]
      var storeFilter = ""
      if let storeId {
        storeFilter = "AND o.store_id = ?"
        arguments += [storeId]
      }
      arguments += [limit]
      return try Row.fetchAll(
        db,
        sql: """
          SELECT m.category, COALESCE(m.subcategory, '') AS subcategory,
                 COUNT(DISTINCT o.key) AS orders, SUM(l.quantity) AS items,
                 SUM(l.subtotal_cents) AS revenue
          FROM store_order o JOIN order_line l ON l.order_key = o.key
          JOIN menu_item m ON m.id = l.menu_item_id
          WHERE o.status = 'completed' AND o.local_date BETWEEN ? AND ? \(storeFilter)
          GROUP BY m.category, COALESCE(m.subcategory, '')
          ORDER BY revenue DESC, m.category, subcategory LIMIT ?
          """, arguments: arguments
      ).map { row in
        let subcategory: String = row["subcategory"]
        return CategorySales(
          category: row["category"], subcategory: subcategory.isEmpty ? nil : subcategory,
          orderCount: row["orders"], itemsSold: row["items"],
          totalRevenue: FixedDecimal(hundredths: row["revenue"]))
      }
    }
  }
}

/// An item's totals with its menu item (GRDB decodes `itemTotal` from the base row).
private struct ItemTotalWithItem: Decodable, FetchableRecord {
  let itemTotal: ItemTotal
  let menuItem: MenuItem
}

extension ItemTotal {
  static let menuItem = belongsTo(
    MenuItem.self, key: "menuItem", using: ForeignKey([Columns.menuItemId]))
}

extension DerivableRequest<StoreDay> {
  func at(_ storeId: String) -> Self { filter(StoreDay.Columns.storeId == storeId) }
  func within(_ range: DayRange) -> Self {
    filter(StoreDay.Columns.date >= range.start && StoreDay.Columns.date <= range.end)
  }
}

extension DerivableRequest<StoreHour> {
  func at(_ storeId: String) -> Self { filter(StoreHour.Columns.storeId == storeId) }
  func within(_ range: DayRange) -> Self {
    filter(StoreHour.Columns.date >= range.start && StoreHour.Columns.date <= range.end)
  }
}

extension DerivableRequest<StoreDayCustomer> {
  func at(_ storeId: String) -> Self { filter(StoreDayCustomer.Columns.storeId == storeId) }
  func within(_ range: DayRange) -> Self {
    filter(
      StoreDayCustomer.Columns.date >= range.start && StoreDayCustomer.Columns.date <= range.end)
  }
}
