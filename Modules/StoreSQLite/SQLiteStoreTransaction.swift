import AnalyticsCore
import Foundation
import GRDB
import Storage
import StoreAnalytics
import StoreModel

/// The writes of one `SQLiteStoreRepository` transaction. Orders, lines and aggregate deltas go
/// through multi-row statements (`BatchInsert`, 64 rows a run) with upserts: measured, these are
/// what keep a million-order import near 8 s, so they stay raw SQL; everything else uses the
/// records.
final class SQLiteStoreTransaction: StoreTransaction {
  private let db: Database
  private var orderRows: BatchInsert?
  private var lineRows: BatchInsert?
  /// `YYYY-MM-DD` texts by day number: a million orders fall on a few thousand days.
  private var dateTexts: [Int: String] = [:]
  /// Whether the first write found no orders and dropped the order indexes (POS id; store and
  /// day), which `close()` must build again before the transaction commits.
  private var droppedOrderIdIndex = false
  /// Whether a first import's spans were made from its changes (`apply`).
  private var wroteFirstSpans = false
  private var wroteOrders = false
  /// Whether this transaction deleted orders (replaced ones): then the database had orders
  /// before it, even when none are left, and lookups by id still need the index.
  private var deletedOrders = false

  init(_ db: Database) { self.db = db }

  func shifts(of storeId: String, from: Instant, before: Instant) throws -> [Shift] {
    try Self.shifts(in: db, of: storeId, from: from, before: before)
  }

  static func shifts(in db: Database, of storeId: String, from: Instant, before: Instant) throws
    -> [Shift]
  {
    try Row.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT employee, start_ms, end_ms, wage_cents, wall_clock FROM store_shift
          WHERE store_id = ? AND start_ms >= ? AND start_ms < ?
          """),
      arguments: [storeId, from.millisecondsSinceEpoch, before.millisecondsSinceEpoch]
    ).map { row in
      Shift(
        storeId: storeId, employee: row[0], start: Instant(millisecondsSinceEpoch: row[1]),
        end: Instant(millisecondsSinceEpoch: row[2]), hourlyWage: FixedDecimal(hundredths: row[3]),
        wallClock: row[4])
    }
  }

  func write(shifts: [Shift], replacing: [Shift]) throws {
    let delete = try db.cachedStatement(
      sql: "DELETE FROM store_shift WHERE store_id = ? AND start_ms = ? AND employee = ?")
    for shift in replacing {
      try delete.execute(
        arguments: [shift.storeId, shift.start.millisecondsSinceEpoch, shift.employee])
    }
    let insert = try db.cachedStatement(
      sql: """
        INSERT INTO store_shift (store_id, employee, start_ms, end_ms, wage_cents, wall_clock)
        VALUES (?, ?, ?, ?, ?, ?)
        """)
    for shift in shifts {
      try insert.execute(arguments: [
        shift.storeId, shift.employee, shift.start.millisecondsSinceEpoch,
        shift.end.millisecondsSinceEpoch, shift.hourlyWage.hundredths, shift.wallClock,
      ])
    }
  }

  func shops() throws -> [Shop] {
    try Shop.fetchAll(db.cachedStatement(sql: "SELECT * FROM shop ORDER BY id"))
  }

  func menuItems(ids: [Int64], externalIds: [String], names: [String]) throws -> [MenuItem] {
    var found: [Int64: MenuItem] = [:]
    // Each column through its index (the primary key, `external_id`'s unique index,
    // `menu_item_name`).
    func fetch(_ column: String, _ values: [some Encodable]) throws {
      guard !values.isEmpty else { return }
      let statement = try db.cachedStatement(
        sql: "SELECT * FROM menu_item WHERE \(column) IN (SELECT value FROM json_each(?))")
      for item in try MenuItem.fetchAll(statement, arguments: [try Self.jsonArray(values)]) {
        found[item.id] = item
      }
    }
    try fetch("id", ids)
    try fetch("external_id", externalIds)
    try fetch("name", names)
    return found.values.sorted { $0.id < $1.id }
  }

  /// `values` as one JSON array, which a statement reads with `json_each(?)`: the statement's
  /// text is then the same whatever their number, so it is prepared once per connection (a POS
  /// order's look-ups were parsed and authorized anew in every transaction).
  private static func jsonArray(_ values: [some Encodable]) throws -> String {
    String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
  }

  func insert(_ shop: Shop) throws { try shop.insert(db) }

  func update(_ shop: Shop) throws { try shop.update(db) }

  func customerKeys(_ externalIds: [String]) throws -> [String: Int64] {
    var keys: [String: Int64] = [:]
    guard !externalIds.isEmpty else { return keys }
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql: """
          SELECT external_id, id FROM customer WHERE external_id IN (SELECT value FROM json_each(?))
          """),
      arguments: [try Self.jsonArray(externalIds)])
    while let row = try rows.next() { keys[row[0]] = row[1] }
    return keys
  }

  func insertCustomers(_ externalIds: [String]) throws -> [String: Int64] {
    guard !externalIds.isEmpty else { return [:] }
    // Keys handed out here rather than by SQLite, so the rows go 64 to a statement (a large
    // import names hundreds of thousands of customers).
    var next = (try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM customer") ?? 0) + 1
    var rows = try BatchInsert(db, into: "customer", columns: ["id", "external_id"])
    var keys: [String: Int64] = [:]
    keys.reserveCapacity(externalIds.count)
    for id in externalIds {
      try rows.append(.integer(next))
      try rows.append(.text(id))
      keys[id] = next
      next += 1
    }
    try rows.flush()
    return keys
  }

  func hasOrders() throws -> Bool { try StoreOrder.anyStored(db) }

  func order(storeId: String, id: String) throws -> (order: StoreOrder, lines: [OrderLine])? {
    // Cached statements: an import compares every order it has seen before with the stored one.
    let statement = try db.cachedStatement(
      sql: "SELECT * FROM store_order WHERE store_id = ? AND id = ?")
    guard let order = try StoreOrder.fetchOne(statement, arguments: [storeId, id]) else {
      return nil
    }
    return (order, try lines(of: order.key))
  }

  func orders(of storeId: String) throws -> [(order: StoreOrder, lines: [OrderLine])] {
    var linesByOrder: [Int64: [OrderLine]] = [:]
    for line in try OrderLine.filter(
      sql: "order_key IN (SELECT key FROM store_order WHERE store_id = ?)", arguments: [storeId]
    ).order(OrderLine.Columns.orderKey, OrderLine.Columns.lineNo).fetchAll(db) {
      linesByOrder[line.orderKey, default: []].append(line)
    }
    return try StoreOrder.all().placed(at: storeId).order(StoreOrder.Columns.key).fetchAll(db)
      .map { ($0, linesByOrder[$0.key] ?? []) }
  }

  private func lines(of key: Int64) throws -> [OrderLine] {
    let statement = try db.cachedStatement(
      sql: "SELECT * FROM order_line WHERE order_key = ? ORDER BY line_no")
    return try OrderLine.fetchAll(statement, arguments: [key])
  }

  func delete(_ order: StoreOrder) throws {
    deletedOrders = true
    // Foreign keys are off during imports, so the cascade to the lines is done here.
    _ = try OrderLine.filter(OrderLine.Columns.orderKey == order.key).deleteAll(db)
    _ = try order.delete(db)
  }

  func updatePlacement(_ orders: [StoreOrder]) throws {
    for order in orders {
      try order.update(
        db,
        columns: [
          StoreOrder.Columns.placedAt, StoreOrder.Columns.localDate, StoreOrder.Columns.localHour,
        ])
    }
  }

  func nextOrderKey() throws -> Int64 {
    let largest = try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(key) FROM store_order"))
    return (largest ?? 0) + 1
  }

  func nextMenuItemId() throws -> Int64 {
    // Menu items are never deleted, so no id above the largest was ever handed out.
    let largest = try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(id) FROM menu_item"))
    return (largest ?? 0) + 1
  }

  /// Orders and lines as bind values in column order: 12 per order, 11 per line.
  struct Rows: Sendable {
    var orders: [BatchInsert.Value] = []
    var lines: [BatchInsert.Value] = []
  }

  /// Makes the bind values on the planner's thread: binding them from arrays is then all the
  /// database thread does (measured: converting there made the import a sixth slower).
  static func rows(_ planned: PlannedOrders) -> Rows {
    var rows = Rows()
    rows.orders.reserveCapacity(planned.orders.count * 13)
    rows.lines.reserveCapacity(planned.lines.count * 11)
    for order in planned.orders {
      rows.orders.append(.integer(order.key))
      rows.orders.append(.text(order.id))
      rows.orders.append(.text(order.storeId))
      rows.orders.append(order.customerId.map { .text($0) } ?? .null)
      rows.orders.append(order.customerName.map { .text($0) } ?? .null)
      rows.orders.append(.integer(order.placedAt.millisecondsSinceEpoch))
      rows.orders.append(.integer(order.wallClock ? 1 : 0))
      rows.orders.append(.text(order.localDate.description))
      rows.orders.append(.integer(Int64(order.localHour)))
      rows.orders.append(.text(order.status.rawValue))
      rows.orders.append(.integer(order.subtotal.hundredths))
      rows.orders.append(.integer(order.tax.hundredths))
      rows.orders.append(.integer(order.total.hundredths))
    }
    for line in planned.lines {
      rows.lines.append(.integer(line.orderKey))
      rows.lines.append(.integer(Int64(line.lineNo)))
      rows.lines.append(.integer(line.menuItemId))
      rows.lines.append(.text(line.itemName))
      rows.lines.append(.integer(line.unitPrice.hundredths))
      rows.lines.append(.integer(line.quantity.thousandths))
      rows.lines.append(.integer(line.subtotal.hundredths))
      rows.lines.append(.integer(line.tax.hundredths))
      rows.lines.append(.text(line.category.category))
      rows.lines.append(.text(line.category.subcategory))
      rows.lines.append(.text(line.kind.rawValue))
    }
    return rows
  }

  func write(_ rows: Rows) throws {
    if !wroteOrders {
      wroteOrders = true
      // Into a database without orders (a first import), the order indexes are built once after
      // the rows are in: sorting a million ids beats inserting them one by one into the index
      // (measured with sqlite3 on 1,000,000 orders: 2.1 s inline, 0.3 s + 0.4 s for the index
      // built after). Lookups by id meanwhile scan the table; an import into an empty database
      // makes one only for an order whose id it saw earlier in the file, and then fails. A
      // database whose orders this import replaced (deleted) is not empty: its later parts look
      // every order up, and without the index each lookup scanned the table.
      if !deletedOrders, try !hasOrders() {
        try db.execute(
          sql: """
            DROP INDEX store_order_per_store_id; DROP INDEX store_order_window;
            DROP INDEX store_day_customer_by_customer
            """)
        droppedOrderIdIndex = true
      }
    }
    if orderRows == nil {
      orderRows = try BatchInsert(
        db, into: "store_order",
        columns: [
          "key", "id", "store_id", "customer_id", "customer_name", "placed_at", "wall_clock",
          "local_date", "local_hour", "status", "subtotal_cents", "tax_cents", "total_cents",
        ])
      lineRows = try BatchInsert(
        db, into: "order_line",
        columns: [
          "order_key", "line_no", "menu_item_id", "item_name", "unit_price_cents",
          "quantity_thousandths", "subtotal_cents", "tax_cents", "category", "subcategory", "kind",
        ])
    }
    try orderRows!.append(contentsOf: rows.orders)
    try lineRows!.append(contentsOf: rows.lines)
  }

  /// Puts back what the writes took away for speed; runs before the transaction commits. The
  /// definitions are the migrations' (store-9, store-16, store-17), which never change; a test
  /// compares the schema's indexes before and after a first import.
  func close() throws {
    if droppedOrderIdIndex {
      // SQLite sorts a new index's keys on helper threads (up to `threads` of them) only when
      // they outgrow the page cache (8 MB here, 512 MiB for the import): the three indexes took
      // 1.9 s on one core and 1.3 s on two (sqlite3 on the 2.2M-line import's database;
      // measured in the import too). The page cache goes back after the transaction
      // (`SQLiteStoreRepository.inTransaction`), the threads here.
      let threads = try Int.fetchOne(db, sql: "PRAGMA threads") ?? 0
      try db.execute(sql: "PRAGMA threads = 2; PRAGMA cache_size = -8000")
      defer { try? db.execute(sql: "PRAGMA threads = \(threads)") }
      try db.execute(
        sql: """
          CREATE UNIQUE INDEX store_order_per_store_id ON store_order (store_id, id);
          CREATE INDEX store_order_window ON store_order (
            store_id, local_date, status, customer_id, subtotal_cents, placed_at, customer_name);
          CREATE INDEX store_day_customer_by_customer
            ON store_day_customer (customer_key, store_id, date);
          """)
      droppedOrderIdIndex = false
    }
  }

  /// Writes a first import's customer spans (`store_customer`, in key order) and each day's
  /// count of first and last visits (`store_day.first_visits`, `last_visits`) from its customer
  /// rows, all of them, as a first import only adds orders and hands its changes over once. The
  /// same spans as a `GROUP BY` over `store_day_customer` and two `UPDATE`s of `store_day` from
  /// them, which took 1.7 s of the 2.2M-line import's 10 s while the other core waited.
  private func writeFirstSpans(_ rows: [StoreDayCustomer]) throws {
    func widen(_ span: inout (first: Int, last: Int), to day: Int) {
      span = (min(span.first, day), max(span.last, day))
    }
    var spansByStore: [String: [Int64: (first: Int, last: Int)]] = [:]
    for row in rows where row.orders > 0 {
      let day = row.date.daysSinceEpoch
      widen(
        &spansByStore[row.storeId, default: [:]][row.customerKey, default: (day, day)], to: day)
    }
    struct DayKey: Hashable {
      let store: String
      let day: Int
    }
    var visits: [DayKey: (first: Int64, last: Int64)] = [:]
    var spans = try BatchInsert(
      db, into: "store_customer",
      columns: ["store_id", "customer_key", "first_date", "last_date"])
    for (store, customers) in spansByStore.sorted(by: { $0.key < $1.key }) {
      for (customer, span) in customers.sorted(by: { $0.key < $1.key }) {
        try spans.append(store)
        try spans.append(customer)
        try spans.append(text(LocalDate(daysSinceEpoch: span.first)))
        try spans.append(text(LocalDate(daysSinceEpoch: span.last)))
        visits[DayKey(store: store, day: span.first), default: (0, 0)].first += 1
        visits[DayKey(store: store, day: span.last), default: (0, 0)].last += 1
      }
    }
    try spans.flush()
    let update = try BulkStatement(
      db,
      sql:
        "UPDATE store_day SET first_visits = ?1, last_visits = ?2 WHERE store_id = ?3 AND date = ?4"
    )
    for (key, count) in visits {
      try update.bind(1, count.first)
      try update.bind(2, count.last)
      try update.bind(3, key.store)
      try update.bind(4, text(LocalDate(daysSinceEpoch: key.day)))
      try update.step()
    }
  }

  func finishWriting() throws {
    try orderRows?.flush()
    try lineRows?.flush()
  }

  func save(newItems: [MenuItem], updatedItems: [MenuItem]) throws {
    for item in newItems { try item.insert(db) }
    for item in updatedItems { try item.update(db) }
  }

  private func text(_ date: LocalDate) -> String {
    if let known = dateTexts[date.daysSinceEpoch] { return known }
    let made = date.description
    dateTexts[date.daysSinceEpoch] = made
    return made
  }

  func apply(_ changes: AggregateChanges) throws {
    // Customers before days: a day's customer count is read from its customer rows.
    var customerRows = try BatchInsert(
      db, into: "store_day_customer", columns: ["store_id", "date", "customer_key", "orders"],
      upsert: """
        ON CONFLICT (store_id, date, customer_key) DO UPDATE SET orders = orders + excluded.orders
        """)
    for row in changes.customers {
      try customerRows.append(row.storeId)
      try customerRows.append(text(row.date))
      try customerRows.append(row.customerKey)
      try customerRows.append(Int64(row.orders))
    }
    try customerRows.flush()
    if changes.removesOrders {
      try deleteEmpty(
        "store_day_customer", keys: ["store_id", "date", "customer_key"],
        rows: changes.customers.filter { $0.orders < 0 }
      ) { [$0.storeId, text($0.date), $0.customerKey] }
    }

    let dayRows = try BulkStatement(
      db,
      sql: """
        INSERT INTO store_day (store_id, date, orders, revenue_cents, tax_cents, total_cents,
          customers)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6,
          (SELECT COUNT(*) FROM store_day_customer WHERE store_id = ?1 AND date = ?2))
        ON CONFLICT (store_id, date) DO UPDATE SET orders = orders + excluded.orders,
          revenue_cents = revenue_cents + excluded.revenue_cents,
          tax_cents = tax_cents + excluded.tax_cents,
          total_cents = total_cents + excluded.total_cents, customers = excluded.customers
        """)
    for day in changes.days {
      try dayRows.bind(1, day.storeId)
      try dayRows.bind(2, text(day.date))
      try dayRows.bind(3, Int64(day.orders))
      try dayRows.bind(4, day.revenue.hundredths)
      try dayRows.bind(5, day.tax.hundredths)
      try dayRows.bind(6, day.total.hundredths)
      try dayRows.step()
    }

    // A first import's one hand-over makes every span; any later one in the transaction moves
    // them as any import does.
    if droppedOrderIdIndex && !wroteFirstSpans {
      try writeFirstSpans(changes.customers)
      wroteFirstSpans = true
    } else {
      try moveVisits(changes.visitChanges)
    }

    var hourRows = try BatchInsert(
      db, into: "store_hour", columns: ["store_id", "date", "hour", "orders", "revenue_cents"],
      upsert: """
        ON CONFLICT (store_id, date, hour) DO UPDATE SET orders = orders + excluded.orders,
          revenue_cents = revenue_cents + excluded.revenue_cents
        """)
    for hour in changes.hours {
      try hourRows.append(hour.storeId)
      try hourRows.append(text(hour.date))
      try hourRows.append(Int64(hour.hour))
      try hourRows.append(Int64(hour.orders))
      try hourRows.append(hour.revenue.hundredths)
    }
    try hourRows.flush()
    try addSums(
      "store_hour_total", keys: ["store_id", "hour"], sums: ["orders", "revenue_cents"],
      changes.hourTotals
    ) { rows, total in
      try rows.bind(1, total.storeId)
      try rows.bind(2, Int64(total.hour))
      try rows.bind(3, Int64(total.orders))
      try rows.bind(4, total.revenue.hundredths)
    }

    try addSums(
      "item_total", keys: ["store_id", "menu_item_id"],
      sums: ["orders", "quantity_thousandths", "revenue_cents"], changes.items
    ) { rows, item in
      try rows.bind(1, item.storeId)
      try rows.bind(2, item.menuItemId)
      try rows.bind(3, Int64(item.orders))
      try rows.bind(4, item.quantity.thousandths)
      try rows.bind(5, item.revenue.hundredths)
    }

    try addSums(
      "item_month", keys: ["store_id", "month", "menu_item_id"],
      sums: ["orders", "quantity_thousandths", "revenue_cents"],
      changes.itemMonths.filter {
        $0.orders != 0 || $0.quantity.thousandths != 0 || $0.revenue.hundredths != 0
      }
    ) { rows, item in
      try rows.bind(1, item.storeId)
      try rows.bind(2, text(item.month))
      try rows.bind(3, item.menuItemId)
      try rows.bind(4, Int64(item.orders))
      try rows.bind(5, item.quantity.thousandths)
      try rows.bind(6, item.revenue.hundredths)
    }

    try addSums(
      "category_month", keys: ["store_id", "month", "category", "subcategory"],
      sums: ["orders", "items_thousandths", "revenue_cents"],
      changes.categoryMonths.filter {
        $0.orders != 0 || $0.items.thousandths != 0 || $0.revenue.hundredths != 0
      }
    ) { rows, category in
      try rows.bind(1, category.storeId)
      try rows.bind(2, text(category.month))
      try rows.bind(3, category.category)
      try rows.bind(4, category.subcategory)
      try rows.bind(5, Int64(category.orders))
      try rows.bind(6, category.items.thousandths)
      try rows.bind(7, category.revenue.hundredths)
    }

    try addDayRows(
      "store_day_status", key: "status", amount: "subtotal_cents",
      changes.statuses.map { ($0.storeId, $0.date, $0.status.rawValue, $0.orders, $0.amount) })
    try addDayRows(
      "store_day_kind", key: "kind", amount: "amount_cents",
      changes.kinds.map { ($0.storeId, $0.date, $0.kind.rawValue, $0.orders, $0.amount) })

    try addSums(
      "category_total", keys: ["store_id", "category", "subcategory"],
      sums: ["orders", "items_thousandths", "revenue_cents"], changes.categories
    ) { rows, category in
      try rows.bind(1, category.storeId)
      try rows.bind(2, category.category)
      try rows.bind(3, category.subcategory)
      try rows.bind(4, Int64(category.orders))
      try rows.bind(5, category.items.thousandths)
      try rows.bind(6, category.revenue.hundredths)
    }
    if changes.removesOrders {
      try deleteEmpty(
        "store_day", keys: ["store_id", "date"], rows: changes.days.filter { $0.orders < 0 }
      ) { [$0.storeId, text($0.date)] }
      try deleteEmpty(
        "store_hour", keys: ["store_id", "date", "hour"],
        rows: changes.hours.filter { $0.orders < 0 }
      ) { [$0.storeId, text($0.date), $0.hour] }
      try deleteEmpty(
        "store_hour_total", keys: ["store_id", "hour"],
        rows: changes.hourTotals.filter { $0.orders < 0 }
      ) { [$0.storeId, $0.hour] }
      try deleteEmpty(
        "item_total", keys: ["store_id", "menu_item_id"],
        rows: changes.items.filter { $0.orders < 0 }
      ) { [$0.storeId, $0.menuItemId] }
      try deleteEmpty(
        "store_day_status", keys: ["store_id", "date", "status"],
        rows: changes.statuses.filter { $0.orders < 0 }
      ) { [$0.storeId, text($0.date), $0.status.rawValue] }
      try deleteEmpty(
        "store_day_kind", keys: ["store_id", "date", "kind"],
        rows: changes.kinds.filter { $0.orders < 0 }
      ) { [$0.storeId, text($0.date), $0.kind.rawValue] }
      try deleteEmpty(
        "category_total", keys: ["store_id", "category", "subcategory"],
        rows: changes.categories.filter { $0.orders < 0 }
      ) { [$0.storeId, $0.category, $0.subcategory] }
      try deleteEmpty(
        "item_month", keys: ["store_id", "month", "menu_item_id"],
        rows: changes.itemMonths.filter { $0.orders < 0 }
      ) { [$0.storeId, text($0.month), $0.menuItemId] }
      try deleteEmpty(
        "category_month", keys: ["store_id", "month", "category", "subcategory"],
        rows: changes.categoryMonths.filter { $0.orders < 0 }
      ) { [$0.storeId, text($0.month), $0.category, $0.subcategory] }
    }
  }

  /// The temporary tables of `moveVisits`, made once per connection before its transaction
  /// begins: made inside it, they changed the schema under statements an import had prepared.
  static let visitTables = """
    CREATE TEMP TABLE IF NOT EXISTS visit_change (
      store_id TEXT NOT NULL, customer_key INTEGER NOT NULL, first_added TEXT,
      last_added TEXT, removes INTEGER NOT NULL, PRIMARY KEY (store_id, customer_key)
    ) WITHOUT ROWID;
    CREATE TEMP TABLE IF NOT EXISTS visit_span (
      store_id TEXT NOT NULL, customer_key INTEGER NOT NULL, old_first TEXT, old_last TEXT,
      new_first TEXT, new_last TEXT, PRIMARY KEY (store_id, customer_key)
    ) WITHOUT ROWID;
    """

  /// `moveVisits`' statements once its changes are in `visit_change`, in order. A customer whose
  /// orders were taken away is read again from their remaining days (through
  /// `store_day_customer_by_customer`); `NULL` when none remain.
  private static let visitStatements = [
    """
    INSERT INTO visit_span
      SELECT v.store_id, v.customer_key, c.first_date AS old_first, c.last_date AS old_last,
        CASE WHEN v.removes THEN
          (SELECT MIN(date) FROM store_day_customer s
           WHERE s.store_id = v.store_id AND s.customer_key = v.customer_key)
        ELSE min(coalesce(c.first_date, v.first_added), v.first_added) END AS new_first,
        CASE WHEN v.removes THEN
          (SELECT MAX(date) FROM store_day_customer s
           WHERE s.store_id = v.store_id AND s.customer_key = v.customer_key)
        ELSE max(coalesce(c.last_date, v.last_added), v.last_added) END AS new_last
      FROM visit_change v
      LEFT JOIN store_customer c ON c.store_id = v.store_id AND c.customer_key = v.customer_key
    """,
    """
    UPDATE store_day SET first_visits = first_visits + m.f, last_visits = last_visits + m.l
      FROM (SELECT store_id, date, SUM(f) AS f, SUM(l) AS l FROM (
              SELECT store_id, old_first AS date, -1 AS f, 0 AS l FROM visit_span
              WHERE old_first IS NOT NULL AND old_first IS NOT new_first
              UNION ALL SELECT store_id, new_first, 1, 0 FROM visit_span
              WHERE new_first IS NOT NULL AND old_first IS NOT new_first
              UNION ALL SELECT store_id, old_last, 0, -1 FROM visit_span
              WHERE old_last IS NOT NULL AND old_last IS NOT new_last
              UNION ALL SELECT store_id, new_last, 0, 1 FROM visit_span
              WHERE new_last IS NOT NULL AND old_last IS NOT new_last)
            GROUP BY store_id, date) m
      WHERE store_day.store_id = m.store_id AND store_day.date = m.date
    """,
    """
    INSERT INTO store_customer (store_id, customer_key, first_date, last_date)
      SELECT store_id, customer_key, new_first, new_last FROM visit_span
      WHERE new_first IS NOT NULL
        AND (old_first IS NOT new_first OR old_last IS NOT new_last)
      ON CONFLICT (store_id, customer_key) DO UPDATE SET first_date = excluded.first_date,
        last_date = excluded.last_date
    """,
    """
    DELETE FROM store_customer WHERE (store_id, customer_key) IN
      (SELECT store_id, customer_key FROM visit_span WHERE new_first IS NULL)
    """,
    """
    DELETE FROM temp.visit_span
    """,
    """
    DELETE FROM temp.visit_change
    """,
  ]

  /// Keeps the touched customers' first and last days (`store_customer`) and the days' counts of
  /// them (`first_visits`, `last_visits`), after the customer rows and the days are written: set
  /// by set, through temporary tables, so that a first import's hundreds of thousands of
  /// customers cost a few passes, not a statement each.
  private func moveVisits(_ changes: [VisitChange]) throws {
    guard !changes.isEmpty else { return }
    var rows = try BatchInsert(
      db, into: "visit_change",
      columns: ["store_id", "customer_key", "first_added", "last_added", "removes"])
    for change in changes {
      try rows.append(change.storeId)
      try rows.append(change.customerKey)
      try rows.append(change.firstAdded.map { text($0) })
      try rows.append(change.lastAdded.map { text($0) })
      try rows.append(Int64(change.removes ? 1 : 0))
    }
    try rows.flush()
    // Cached statements: a POS order runs them in every transaction.
    for sql in Self.visitStatements {
      try db.cachedStatement(sql: sql).execute()
    }
  }

  /// Adds signed changes to a per-day table keyed by store, day and one text (`store_day_status`,
  /// `store_day_kind`): an order count and an amount.
  private func addDayRows(
    _ table: String, key: String, amount: String,
    _ rows: [(store: String, date: LocalDate, key: String, orders: Int, amount: FixedDecimal)]
  ) throws {
    var batch = try BatchInsert(
      db, into: table, columns: ["store_id", "date", key, "orders", amount],
      upsert: """
        ON CONFLICT (store_id, date, \(key)) DO UPDATE SET orders = orders + excluded.orders,
          \(amount) = \(amount) + excluded.\(amount)
        """)
    for row in rows {
      try batch.append(row.store)
      try batch.append(text(row.date))
      try batch.append(row.key)
      try batch.append(Int64(row.orders))
      try batch.append(row.amount.hundredths)
    }
    try batch.flush()
  }

  /// Adds rows' signed sums to `table` at their keys, inserting the keys not there yet: the one
  /// upsert every sum table takes (`bind` binds a row's keys, then its sums, from 1).
  private func addSums<Row>(
    _ table: String, keys: [String], sums: [String], _ rows: [Row],
    bind: (BulkStatement, Row) throws -> Void
  ) throws {
    guard !rows.isEmpty else { return }
    let columns = keys + sums
    let statement = try BulkStatement(
      db,
      sql: """
        INSERT INTO \(table) (\(columns.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
        ON CONFLICT (\(keys.joined(separator: ", "))) DO UPDATE SET
          \(sums.map { "\($0) = \($0) + excluded.\($0)" }.joined(separator: ", "))
        """)
    for row in rows {
      try bind(statement, row)
      try statement.step()
    }
  }

  /// Deletes the rows of `table` at these keys that orders taken away brought down to zero:
  /// only rows whose order count fell can be empty, so the cost is that of the changes, not of
  /// the table (a replaced POS order scanned every aggregate table).
  private func deleteEmpty<Key>(
    _ table: String, keys: [String], rows: [Key], key: (Key) -> StatementArguments
  ) throws {
    guard !rows.isEmpty else { return }
    let condition = keys.map { "\($0) = ?" }.joined(separator: " AND ")
    let statement = try db.cachedStatement(
      sql: "DELETE FROM \(table) WHERE \(condition) AND orders = 0")
    for row in rows {
      try statement.execute(arguments: key(row))
    }
  }
}
