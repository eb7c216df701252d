import AnalyticsCore
import NIOConcurrencyHelpers
import PostgresNIO
import StoreAnalytics

/// The writes of one `PostgresStoreRepository` transaction. Many rows go in one statement as
/// arrays (`INSERT … SELECT … FROM unnest($1, $2, …)`): one round trip for thousands of rows,
/// where a statement per row costs a round trip each. Aggregates are upserts of deltas.
final class PostgresStoreTransaction: StoreTransaction {
  private let session: PostgresSession
  private var pending: [CopyBatch] = []
  private var pendingOrders = 0
  private var wroteOrders = false
  /// Whether the first write found no orders and dropped the indexes of orders (POS id; store
  /// and day) and lines (key; item), which `close` builds again.
  private var droppedOrderIndexes = false
  /// Whether this transaction deleted orders (replaced ones): then the schema had orders before
  /// it, even when none are left, and lookups by id still need the index.
  private var deletedOrders = false
  /// Whether a write of this transaction raised the schema's revision already (with the
  /// aggregates: one round trip fewer inside the writers' lock).
  private(set) var raisedRevision = false
  /// Orders held before they are copied: large enough that copies are few, small enough that a
  /// batch stays a few megabytes.
  private static let batchOrders = 20_000

  init(_ session: PostgresSession) { self.session = session }

  func shifts(of storeId: String, from: Instant, before: Instant) throws -> [Shift] {
    try Self.shifts(in: session, of: storeId, from: from, before: before)
  }

  static func shifts(
    in session: PostgresSession, of storeId: String, from: Instant, before: Instant
  )
    throws -> [Shift]
  {
    try session.query(
      """
      SELECT employee, start_ms, end_ms, wage_cents, wall_clock FROM store_shift
      WHERE store_id = \(storeId) AND start_ms >= \(from.millisecondsSinceEpoch)
        AND start_ms < \(before.millisecondsSinceEpoch)
      """
    ).map { row in
      let (employee, start, end, wage, wallClock) = try row.decode(
        (String, Int64, Int64, Int64, Bool).self)
      return Shift(
        storeId: storeId, employee: employee, start: Instant(millisecondsSinceEpoch: start),
        end: Instant(millisecondsSinceEpoch: end), hourlyWage: FixedDecimal(hundredths: wage),
        wallClock: wallClock)
    }
  }

  /// Both in one statement each, as arrays.
  func write(shifts: [Shift], replacing: [Shift]) throws {
    if !replacing.isEmpty {
      try session.query(
        """
        DELETE FROM store_shift s USING unnest(
          \(replacing.map(\.storeId))::text[], \(replacing.map(\.start.millisecondsSinceEpoch))::bigint[],
          \(replacing.map(\.employee))::text[]) AS r(store_id, start_ms, employee)
        WHERE s.store_id = r.store_id AND s.start_ms = r.start_ms AND s.employee = r.employee
        """)
    }
    guard !shifts.isEmpty else { return }
    try session.query(
      """
      INSERT INTO store_shift (store_id, employee, start_ms, end_ms, wage_cents, wall_clock)
      SELECT * FROM unnest(
        \(shifts.map(\.storeId))::text[], \(shifts.map(\.employee))::text[],
        \(shifts.map(\.start.millisecondsSinceEpoch))::bigint[],
        \(shifts.map(\.end.millisecondsSinceEpoch))::bigint[],
        \(shifts.map(\.hourlyWage.hundredths))::bigint[], \(shifts.map(\.wallClock))::boolean[])
      """)
  }

  func shops() throws -> [Shop] { try counters().shops }

  func menuItems(ids: [Int64], externalIds: [String], names: [String]) throws -> [MenuItem] {
    guard !(ids.isEmpty && externalIds.isEmpty && names.isEmpty) else { return [] }
    if ids.isEmpty, let answers = try answered(), answers.itemIds.isSuperset(of: externalIds),
      answers.itemNames.isSuperset(of: names)
    {
      let (externalIds, names) = (Set(externalIds), Set(names))
      return answers.items.filter {
        $0.externalId.map(externalIds.contains) ?? false || names.contains($0.name)
      }
    }
    return try session.query(
      MenuItemsNamed.self, Self.menuItemsQuery(ids: ids, externalIds: externalIds, names: names)
    ).map(Self.menuItem)
  }

  private static func menuItemsQuery(ids: [Int64], externalIds: [String], names: [String])
    -> PostgresQuery
  {
    """
    SELECT id, external_id, name, category, subcategory, price_cents, family FROM menu_item
    WHERE id = ANY(\(ids)::bigint[]) OR external_id = ANY(\(externalIds)::text[])
      OR name = ANY(\(names)::text[])
    ORDER BY id
    """
  }

  static func menuItem(_ row: PostgresRow) throws -> MenuItem {
    let (id, externalId, name, category, subcategory, price, family) = try row.decode(
      (Int64, String?, String, String, String?, Int64, String?).self)
    return MenuItem(
      id: id, externalId: externalId, name: name, category: category, subcategory: subcategory,
      price: FixedDecimal(hundredths: price), family: family)
  }

  func insert(_ shop: Shop) throws {
    forgetCounters()
    try session.query(
      "INSERT INTO shop (id, name, time_zone) VALUES (\(shop.id), \(shop.name), \(shop.timeZone))")
  }

  func update(_ shop: Shop) throws {
    forgetCounters()
    try session.query(
      "UPDATE shop SET name = \(shop.name), time_zone = \(shop.timeZone) WHERE id = \(shop.id)")
  }

  func customerKeys(_ externalIds: [String]) throws -> [String: Int64] {
    guard !externalIds.isEmpty else { return [:] }
    var keys: [String: Int64] = [:]
    if let answers = try answered(), externalIds.allSatisfy({ answers.customers[$0] != nil }) {
      for id in externalIds {
        if let key = answers.customers[id] ?? nil { keys[id] = key }
      }
      return keys
    }
    for row in try session.query(CustomerKeys.self, Self.customerKeysQuery(externalIds)) {
      let (externalId, id) = try row.decode((String, Int64).self)
      keys[externalId] = id
    }
    return keys
  }

  private static func customerKeysQuery(_ externalIds: [String]) -> PostgresQuery {
    "SELECT external_id, id FROM customer WHERE external_id = ANY(\(externalIds)::text[])"
  }

  func insertCustomers(_ externalIds: [String]) throws -> [String: Int64] {
    guard !externalIds.isEmpty else { return [:] }
    // Keys handed out here, as on SQLite: the writers' advisory lock makes max + 1 safe.
    let first = try counters().nextCustomerKey
    let keys = (0..<Int64(externalIds.count)).map { first + $0 }
    known?.nextCustomerKey = first + Int64(externalIds.count)
    if try answered() != nil {
      for (id, key) in zip(externalIds, keys) { lookedUp?.customers[id] = key }
    }
    session.send(
      InsertCustomers.self,
      """
      INSERT INTO customer (id, external_id) SELECT * FROM unnest(\(keys)::bigint[], \(externalIds)::text[])
      """)
    return Dictionary(uniqueKeysWithValues: zip(externalIds, keys))
  }

  func hasOrders() throws -> Bool { try counters().hasOrders }

  /// The stores, whether orders are stored and the next free order, item and customer keys,
  /// read in one round trip when first asked and kept until this transaction writes rows of
  /// those tables (the writers' lock keeps everyone else's out): an import asked five times,
  /// one query each.
  private var known: Counters?

  struct Counters {
    var shops: [Shop]
    var hasOrders: Bool
    var nextOrderKey: Int64
    var nextMenuItemId: Int64
    var nextCustomerKey: Int64
  }

  /// The counters' query when `prefetch` sent it, not waited for yet.
  private var countersSent: NIOLockedValueBox<[PostgresRow]>?

  private func forgetCounters() {
    known = nil
    countersSent = nil
  }

  private static let countersQuery: PostgresQuery = """
    SELECT ARRAY(SELECT id FROM shop ORDER BY id), ARRAY(SELECT name FROM shop ORDER BY id),
           ARRAY(SELECT time_zone FROM shop ORDER BY id),
           EXISTS (SELECT 1 FROM store_order),
           (SELECT COALESCE(MAX(key), 0) + 1 FROM store_order),
           (SELECT COALESCE(MAX(id), 0) + 1 FROM menu_item),
           (SELECT COALESCE(MAX(id), 0) + 1 FROM customer)
    """

  private func counters() throws -> Counters {
    if let known { return known }
    let rows: [PostgresRow]
    if let sent = countersSent {
      countersSent = nil
      try session.copied()
      rows = sent.withLockedValue { $0 }
    } else {
      rows = try session.query(ImportCounters.self, Self.countersQuery)
    }
    let (ids, names, zones, hasOrders, order, item, customer) = try rows[0].decode(
      ([String], [String], [String], Bool, Int64, Int64, Int64).self)
    let counters = Counters(
      shops: zip(ids, zip(names, zones)).map { Shop(id: $0, name: $1.0, timeZone: $1.1) },
      hasOrders: hasOrders, nextOrderKey: order, nextMenuItemId: item, nextCustomerKey: customer)
    known = counters
    return counters
  }

  /// A stored order by store and POS id.
  struct OrderName: Hashable {
    let storeId: String
    let id: String
  }

  /// The orders of the parts prefetched so far, and whether their statements run on generic
  /// plans.
  private var ordersPrefetched = 0
  private var genericPlans = false

  /// What `prefetch` sent, not waited for yet.
  private var sent: SentLookUps?
  private struct SentLookUps {
    let lookUps: PartLookUps
    let items: NIOLockedValueBox<[PostgresRow]>?
    let customers: NIOLockedValueBox<[PostgresRow]>?
    let orders: NIOLockedValueBox<[PostgresRow]>?
  }

  /// The answers to what `prefetch` sent: the look-ups of a part answered from here, each only
  /// for what was asked, and kept true as this transaction writes (a customer stored, an order
  /// deleted or written, an item saved).
  private var lookedUp: LookedUp?
  private struct LookedUp {
    var itemIds: Set<String> = []
    var itemNames: Set<String> = []
    var items: [MenuItem] = []
    /// A key for each customer asked for: `nil` when not stored.
    var customers: [String: Int64?] = [:]
    /// An answer for each order asked for: `nil` when not stored.
    var orders: [OrderName: (order: StoreOrder, lines: [OrderLine])?] = [:]
  }

  /// Sends the counters (unless known) and the look-ups of the items, customers and orders a
  /// part names without waiting: one wait for all of them inside the writers' lock instead of
  /// one each (a POS order waited four times before `COMMIT`, now once: the import prefetches
  /// its first part before it asks for the counters).
  ///
  /// A part of a few orders (a POS order) runs its statements on generic plans: PostgreSQL
  /// otherwise planned each prepared statement anew at every run (its custom plans), half of
  /// the time a POS order spent in PostgreSQL, inside the writers' lock (2.3 → 1.2 ms, its
  /// `log_min_duration_statement` log). A large part keeps custom plans, made for its rows.
  func prefetch(_ lookUps: PartLookUps) throws {
    // The setting lasts to the end of the transaction, so it follows the orders of all its
    // parts: once past the limit, custom plans come back for the rest (the aggregate changes of
    // a whole import are applied after its last part).
    ordersPrefetched += lookUps.orderCount
    let generic = ordersPrefetched <= CopyBatch.insertedAtMost
    if generic != genericPlans {
      session.send(
        "SET LOCAL plan_cache_mode = \(unescaped: generic ? "force_generic_plan" : "auto")")
      genericPlans = generic
    }
    if known == nil, countersSent == nil {
      countersSent = session.fetch(ImportCounters.self, Self.countersQuery)
    }
    sent = SentLookUps(
      lookUps: lookUps,
      items: lookUps.itemIds.isEmpty && lookUps.itemNames.isEmpty
        ? nil
        : session.fetch(
          MenuItemsNamed.self,
          Self.menuItemsQuery(ids: [], externalIds: lookUps.itemIds, names: lookUps.itemNames)),
      customers: lookUps.customers.isEmpty
        ? nil : session.fetch(CustomerKeys.self, Self.customerKeysQuery(lookUps.customers)),
      orders: lookUps.orderIds.isEmpty
        ? nil
        : session.fetch(
          OrdersNamed.self,
          """
          SELECT \(unescaped: Self.orderColumns) FROM store_order
          JOIN unnest(\(lookUps.orderStores)::text[], \(lookUps.orderIds)::text[])
            AS named(store, order_id) ON store_id = named.store AND id = named.order_id
          """))
    lookedUp = nil
  }

  /// The answers to what `prefetch` sent, waited for at the first look-up that needs them.
  private func answered() throws -> LookedUp? {
    guard let sent else { return lookedUp }
    self.sent = nil
    try session.copied()
    var answers = LookedUp(
      itemIds: Set(sent.lookUps.itemIds), itemNames: Set(sent.lookUps.itemNames))
    answers.items = try (sent.items?.withLockedValue { $0 } ?? []).map(Self.menuItem)
    for id in sent.lookUps.customers { answers.customers[id] = .some(nil) }
    for row in sent.customers?.withLockedValue({ $0 }) ?? [] {
      let (externalId, key) = try row.decode((String, Int64).self)
      answers.customers[externalId] = key
    }
    for (store, id) in zip(sent.lookUps.orderStores, sent.lookUps.orderIds) {
      answers.orders[OrderName(storeId: store, id: id)] = .some(nil)
    }
    // The lines of the orders found, in a second round trip: most POS orders are new, and by
    // keys the lines are read through their primary key under any plan (joined to the names,
    // PostgreSQL's generic plan scanned every line).
    let found = try (sent.orders?.withLockedValue { $0 } ?? []).map(order)
    var linesByOrder: [Int64: [OrderLine]] = [:]
    if !found.isEmpty {
      for line in try session.query(
        LinesOfOrders.self,
        """
        SELECT \(unescaped: Self.lineColumns) FROM order_line
        WHERE order_key = ANY(\(found.map(\.key))::bigint[]) ORDER BY order_key, line_no
        """
      ).map(Self.line) {
        linesByOrder[line.orderKey, default: []].append(line)
      }
    }
    for order in found {
      answers.orders[OrderName(storeId: order.storeId, id: order.id)] = (
        order, linesByOrder[order.key] ?? []
      )
    }
    lookedUp = answers
    return answers
  }

  private static let orderColumns = """
    key, id, store_id, customer_id, customer_name, (EXTRACT(EPOCH FROM placed_at) * 1000)::bigint,
    wall_clock, local_date - DATE '1970-01-01', local_hour, status, subtotal_cents, tax_cents,
    total_cents
    """

  private func order(_ row: PostgresRow) throws -> StoreOrder {
    let (
      key, id, storeId, customerId, customerName, placedAt, wallClock, day, hour, status,
      subtotal, tax, total
    ) =
      try row.decode(
        (
          Int64, String, String, String?, String?, Int64, Bool, Int32, Int16, String, Int64, Int64,
          Int64
        ).self)
    return StoreOrder(
      key: key, id: id, storeId: storeId, customerId: customerId, customerName: customerName,
      placedAt: Instant(millisecondsSinceEpoch: placedAt), wallClock: wallClock,
      localDate: LocalDate(daysSinceEpoch: Int(day)), localHour: Int(hour),
      status: OrderStatus(rawValue: status) ?? .cancelled,
      subtotal: FixedDecimal(hundredths: subtotal), tax: FixedDecimal(hundredths: tax),
      total: FixedDecimal(hundredths: total))
  }

  private static let lineColumns = """
    order_key, line_no, menu_item_id, item_name, unit_price_cents, quantity_thousandths,
    subtotal_cents, tax_cents, category, subcategory, kind
    """

  private func lines(where condition: PostgresQuery) throws -> [OrderLine] {
    var query: PostgresQuery = "SELECT \(unescaped: Self.lineColumns) FROM order_line WHERE"
    query.sql += " " + condition.sql + " ORDER BY order_key, line_no"
    query.binds = condition.binds
    return try session.query(query).map(Self.line)
  }

  private static func line(_ row: PostgresRow) throws -> OrderLine {
    let (key, lineNo, itemId, name, price, quantity, subtotal, tax, category, subcategory, kind) =
      try row.decode(
        (Int64, Int32, Int64, String, Int64, Int32, Int64, Int64, String, String, String).self)
    return OrderLine(
      orderKey: key, lineNo: Int(lineNo), menuItemId: itemId, itemName: name,
      unitPrice: FixedDecimal(hundredths: price),
      quantity: Quantity(thousandths: Int64(quantity)),
      subtotal: FixedDecimal(hundredths: subtotal), tax: FixedDecimal(hundredths: tax),
      category: CategoryKey(category: category, subcategory: subcategory),
      // The column's CHECK allows only the kinds.
      kind: LineKind(rawValue: kind) ?? .sale)
  }

  func order(storeId: String, id: String) throws -> (order: StoreOrder, lines: [OrderLine])? {
    if let answer = try answered()?.orders[OrderName(storeId: storeId, id: id)] { return answer }
    guard
      let row = try session.query(
        OrderById.self,
        "SELECT \(unescaped: Self.orderColumns) FROM store_order WHERE store_id = \(storeId) AND id = \(id)"
      ).first
    else { return nil }
    let order = try order(row)
    return (order, try lines(where: "order_key = \(order.key)"))
  }

  func orders(of storeId: String) throws -> [(order: StoreOrder, lines: [OrderLine])] {
    var linesByOrder: [Int64: [OrderLine]] = [:]
    for line in try lines(
      where: "order_key IN (SELECT key FROM store_order WHERE store_id = \(storeId))")
    {
      linesByOrder[line.orderKey, default: []].append(line)
    }
    return try session.query(
      "SELECT \(unescaped: Self.orderColumns) FROM store_order WHERE store_id = \(storeId) ORDER BY key"
    ).map {
      let order = try order($0)
      return (order, linesByOrder[order.key] ?? [])
    }
  }

  func delete(_ order: StoreOrder) throws {
    _ = try answered()  // what it read, before this changes it
    forgetCounters()
    lookedUp?.orders[OrderName(storeId: order.storeId, id: order.id)] = .some(nil)
    deletedOrders = true
    try session.query("DELETE FROM order_line WHERE order_key = \(order.key)")
    try session.query("DELETE FROM store_order WHERE key = \(order.key)")
  }

  func updatePlacement(_ orders: [StoreOrder]) throws {
    guard !orders.isEmpty else { return }
    try session.query(
      """
      UPDATE store_order o
      SET placed_at = TIMESTAMPTZ 'epoch' + u.placed_at * INTERVAL '1 millisecond',
          local_date = DATE '1970-01-01' + u.day, local_hour = u.hour
      FROM unnest(\(orders.map { $0.key })::bigint[],
                  \(orders.map { $0.placedAt.millisecondsSinceEpoch })::bigint[],
                  \(orders.map { Int32($0.localDate.daysSinceEpoch) })::integer[],
                  \(orders.map { Int32($0.localHour) })::integer[])
        AS u(key, placed_at, day, hour)
      WHERE o.key = u.key
      """)
  }

  func nextOrderKey() throws -> Int64 { try counters().nextOrderKey }

  func nextMenuItemId() throws -> Int64 { try counters().nextMenuItemId }

  /// Orders and lines in COPY's text format, made on the planner's thread.
  static func rows(_ planned: PlannedOrders) -> CopyBatch { CopyBatch(planned) }

  func write(_ rows: CopyBatch) throws {
    _ = try answered()  // what it read, before this changes it
    if !wroteOrders {
      wroteOrders = true
      // Into a schema without orders (a first import), the order and line indexes are built
      // once after the rows are in, as on SQLite (1,000,000 orders and 2,201,255 lines with
      // psql, machine under load: copied into the indexed tables 16.7 s + 17.2 s; into bare
      // ones 6.8 s + 6.1 s, and 12.4 s to build the indexes after). The tables stay locked for
      // readers until the import commits; lookups by id meanwhile scan the table, which an
      // import into an empty schema makes only for an id it saw earlier in the file (not one
      // whose orders it replaced: `deletedOrders`).
      if !deletedOrders, try !hasOrders() {
        try session.execute(
          """
          ALTER TABLE store_order DROP CONSTRAINT store_order_per_store_id;
          DROP INDEX store_order_day;
          ALTER TABLE order_line DROP CONSTRAINT order_line_pkey;
          DROP INDEX order_line_item;
          DROP INDEX store_day_customer_by_customer
          """)
        droppedOrderIndexes = true
      }
    }
    forgetCounters()
    // The orders written are stored now: look-ups by id go to the tables again.
    lookedUp?.orders = [:]
    pending.append(rows)
    pendingOrders += rows.orderCount
    if pendingOrders >= Self.batchOrders { try finishWriting() }
  }

  /// Sends what `write` holds through `COPY … FROM STDIN` (PostgreSQL's bulk path: rows are
  /// parsed by the server without a statement per row), orders then lines, and returns while the
  /// lines are still being copied: the next batch is planned meanwhile. Orders and lines go
  /// straight into their tables (never updated, so no staging table is needed); the next query
  /// on the session waits for the copy.
  func finishWriting() throws {
    let batches = pending
    (pending, pendingOrders) = ([], 0)
    guard !batches.isEmpty else { return }
    if batches.count == 1, let planned = batches[0].planned {
      try insert(planned)
      return
    }
    session.startCopy(
      into: "store_order", columns: CopyBatch.orderColumns, rows: batches.map(\.orders))
    session.startCopy(
      into: "order_line", columns: CopyBatch.lineColumns, rows: batches.map(\.lines))
  }

  /// Writes a few orders and their lines in one statement: COPY takes two round trips a table
  /// (the copy's start, then its end), four inside the writers' lock for one POS order.
  private func insert(_ planned: PlannedOrders) throws {
    let (orders, lines) = (planned.orders, planned.lines)
    session.send(
      InsertOrders.self,
      """
      WITH o AS (
        INSERT INTO store_order (key, id, store_id, customer_id, customer_name, placed_at,
          wall_clock, local_date, local_hour, status, subtotal_cents, tax_cents, total_cents)
        SELECT key, id, store_id, CASE WHEN has_customer THEN customer_id END,
               CASE WHEN has_name THEN customer_name END,
               TIMESTAMPTZ 'epoch' + placed_at * INTERVAL '1 millisecond', wall_clock,
               DATE '1970-01-01' + day, hour, status, subtotal, tax, total
        FROM unnest(\(orders.map(\.key))::bigint[], \(orders.map(\.id))::text[],
                    \(orders.map(\.storeId))::text[], \(orders.map { $0.customerId ?? "" })::text[],
                    \(orders.map { $0.customerId != nil })::boolean[],
                    \(orders.map { $0.customerName ?? "" })::text[],
                    \(orders.map { $0.customerName != nil })::boolean[],
                    \(orders.map(\.placedAt.millisecondsSinceEpoch))::bigint[],
                    \(orders.map(\.wallClock))::boolean[],
                    \(orders.map { Int32($0.localDate.daysSinceEpoch) })::integer[],
                    \(orders.map { Int32($0.localHour) })::integer[],
                    \(orders.map(\.status.rawValue))::text[],
                    \(orders.map(\.subtotal.hundredths))::bigint[],
                    \(orders.map(\.tax.hundredths))::bigint[],
                    \(orders.map(\.total.hundredths))::bigint[])
          AS u(key, id, store_id, customer_id, has_customer, customer_name, has_name, placed_at,
               wall_clock, day, hour, status, subtotal, tax, total)
      )
      INSERT INTO order_line (order_key, line_no, menu_item_id, item_name, unit_price_cents,
        quantity_thousandths, subtotal_cents, tax_cents, category, subcategory, kind)
      SELECT * FROM unnest(\(lines.map(\.orderKey))::bigint[],
                           \(lines.map { Int32($0.lineNo) })::integer[],
                           \(lines.map(\.menuItemId))::bigint[], \(lines.map(\.itemName))::text[],
                           \(lines.map(\.unitPrice.hundredths))::bigint[],
                           \(lines.map(\.quantity.thousandths))::bigint[],
                           \(lines.map(\.subtotal.hundredths))::bigint[],
                           \(lines.map(\.tax.hundredths))::bigint[],
                           \(lines.map(\.category.category))::text[],
                           \(lines.map(\.category.subcategory))::text[],
                           \(lines.map(\.kind.rawValue))::text[])
      """)
  }

  /// Puts back what the writes took away for speed; runs before the transaction commits. The
  /// definitions are migrations store-pg-1's and -5's, which never change; a test compares the schema's
  /// indexes and constraints before and after a first import.
  ///
  /// A first import also leaves the customers' first and last days to the end (`apply` skips
  /// `moveVisits`): with no orders before it, they are the minimum and maximum of each customer's
  /// rows, made in one pass as store-pg-12 made them (moved part by part, they added 8 s to the
  /// 1,000,000-order import).
  func close() throws {
    guard droppedOrderIndexes else { return }
    try session.execute(
      """
      ALTER TABLE store_order ADD CONSTRAINT store_order_per_store_id UNIQUE (store_id, id);
      CREATE INDEX store_order_day ON store_order (store_id, local_date);
      ALTER TABLE order_line ADD CONSTRAINT order_line_pkey PRIMARY KEY (order_key, line_no);
      CREATE INDEX order_line_item ON order_line (menu_item_id);
      CREATE INDEX store_day_customer_by_customer
        ON store_day_customer (customer_key, store_id, date);
      INSERT INTO store_customer
        SELECT store_id, customer_key, MIN(date), MAX(date) FROM store_day_customer
        GROUP BY store_id, customer_key;
      UPDATE store_day d SET first_visits = f.n
        FROM (SELECT store_id, first_date, COUNT(*) AS n FROM store_customer GROUP BY 1, 2) f
        WHERE f.store_id = d.store_id AND f.first_date = d.date;
      UPDATE store_day d SET last_visits = l.n
        FROM (SELECT store_id, last_date, COUNT(*) AS n FROM store_customer GROUP BY 1, 2) l
        WHERE l.store_id = d.store_id AND l.last_date = d.date
      """)
    droppedOrderIndexes = false
  }

  func save(newItems: [MenuItem], updatedItems: [MenuItem]) throws {
    _ = try answered()  // what it read, before this changes it
    forgetCounters()
    lookedUp?.itemIds = []
    lookedUp?.itemNames = []
    for items in [newItems, updatedItems] where !items.isEmpty {
      session.send(
        SaveItems.self,
        """
        INSERT INTO menu_item (id, external_id, name, category, subcategory, price_cents, family)
        SELECT id, CASE WHEN has_external THEN external_id END, name, category,
               CASE WHEN has_subcategory THEN subcategory END, price,
               CASE WHEN has_family THEN family END
        FROM unnest(\(items.map { $0.id })::bigint[], \(items.map { $0.externalId ?? "" })::text[],
                    \(items.map { $0.externalId != nil })::boolean[], \(items.map { $0.name })::text[],
                    \(items.map { $0.category })::text[], \(items.map { $0.subcategory ?? "" })::text[],
                    \(items.map { $0.subcategory != nil })::boolean[],
                    \(items.map { $0.price.hundredths })::bigint[],
                    \(items.map { $0.family ?? "" })::text[], \(items.map { $0.family != nil })::boolean[])
          AS u(id, external_id, has_external, name, category, subcategory, has_subcategory, price,
               family, has_family)
        ON CONFLICT (id) DO UPDATE SET external_id = excluded.external_id, name = excluded.name,
          category = excluded.category, subcategory = excluded.subcategory,
          price_cents = excluded.price_cents, family = excluded.family
        """)
    }
  }

  func apply(_ changes: AggregateChanges) throws {
    try addDeltas(changes)
    if changes.removesOrders {
      let fell = changes.customers.filter { $0.orders < 0 }
      try deleteEmpty(
        fell.count,
        """
        DELETE FROM store_day_customer t
        USING unnest(\(fell.map { $0.storeId })::text[],
                     \(fell.map { Int32($0.date.daysSinceEpoch) })::integer[],
                     \(fell.map { $0.customerKey })::bigint[]) AS u(store_id, day, customer_key)
        WHERE t.store_id = u.store_id AND t.date = DATE '1970-01-01' + u.day
          AND t.customer_key = u.customer_key AND t.orders = 0
        """)
    }
    // A first import makes every span at the end (`close`).
    if !droppedOrderIndexes { moveVisits(changes.visitChanges) }
    if changes.removesOrders { try deleteEmptyRows(changes) }
  }

  /// Keeps the touched customers' first and last days (`store_customer`) and the days' counts of
  /// them (`first_visits`, `last_visits`), as on SQLite (`SQLiteStoreTransaction.moveVisits`),
  /// in one statement sent after the customer rows and the days are written. A customer whose
  /// orders were taken away is read again from their remaining days
  /// (`store_day_customer_by_customer`); none remaining deletes their row.
  private func moveVisits(_ changes: [VisitChange]) {
    guard !changes.isEmpty else { return }
    session.send(
      MoveVisits.self,
      """
      WITH span AS MATERIALIZED (
        SELECT v.store_id, v.customer_key, c.first_date AS old_first, c.last_date AS old_last,
          CASE WHEN v.removes THEN
            (SELECT MIN(date) FROM store_day_customer s
             WHERE s.store_id = v.store_id AND s.customer_key = v.customer_key)
          ELSE LEAST(c.first_date, DATE '1970-01-01' + v.first_added) END AS new_first,
          CASE WHEN v.removes THEN
            (SELECT MAX(date) FROM store_day_customer s
             WHERE s.store_id = v.store_id AND s.customer_key = v.customer_key)
          ELSE GREATEST(c.last_date, DATE '1970-01-01' + v.last_added) END AS new_last
        FROM unnest(\(changes.map { $0.storeId })::text[],
                    \(changes.map { $0.customerKey })::bigint[],
                    \(changes.map { Int32($0.firstAdded?.daysSinceEpoch ?? 0) })::integer[],
                    \(changes.map { Int32($0.lastAdded?.daysSinceEpoch ?? 0) })::integer[],
                    \(changes.map { $0.removes })::boolean[])
          AS v(store_id, customer_key, first_added, last_added, removes)
        LEFT JOIN store_customer c ON c.store_id = v.store_id AND c.customer_key = v.customer_key
      ), moves AS (
        SELECT store_id, date, SUM(f) AS f, SUM(l) AS l FROM (
          SELECT store_id, old_first AS date, -1 AS f, 0 AS l FROM span
          WHERE old_first IS NOT NULL AND old_first IS DISTINCT FROM new_first
          UNION ALL SELECT store_id, new_first, 1, 0 FROM span
          WHERE new_first IS NOT NULL AND old_first IS DISTINCT FROM new_first
          UNION ALL SELECT store_id, old_last, 0, -1 FROM span
          WHERE old_last IS NOT NULL AND old_last IS DISTINCT FROM new_last
          UNION ALL SELECT store_id, new_last, 0, 1 FROM span
          WHERE new_last IS NOT NULL AND old_last IS DISTINCT FROM new_last) m
        GROUP BY store_id, date
      ), days AS (
        UPDATE store_day d SET first_visits = d.first_visits + m.f,
          last_visits = d.last_visits + m.l
        FROM moves m WHERE d.store_id = m.store_id AND d.date = m.date
      ), kept AS (
        INSERT INTO store_customer (store_id, customer_key, first_date, last_date)
        SELECT store_id, customer_key, new_first, new_last FROM span
        WHERE new_first IS NOT NULL
          AND (old_first IS DISTINCT FROM new_first OR old_last IS DISTINCT FROM new_last)
        ON CONFLICT (store_id, customer_key) DO UPDATE SET first_date = excluded.first_date,
          last_date = excluded.last_date
      )
      DELETE FROM store_customer c USING span s
      WHERE s.new_first IS NULL AND c.store_id = s.store_id AND c.customer_key = s.customer_key
      """)
  }

  /// Deletes the aggregate rows that orders taken away brought down to zero: only rows whose
  /// order count fell can be empty, so the cost is that of the changes, not of the tables.
  private func deleteEmptyRows(_ changes: AggregateChanges) throws {
    let days = changes.days.filter { $0.orders < 0 }
    try deleteEmpty(
      days.count,
      """
      DELETE FROM store_day t
      USING unnest(\(days.map { $0.storeId })::text[],
                   \(days.map { Int32($0.date.daysSinceEpoch) })::integer[]) AS u(store_id, day)
      WHERE t.store_id = u.store_id AND t.date = DATE '1970-01-01' + u.day AND t.orders = 0
      """)
    let hours = changes.hours.filter { $0.orders < 0 }
    try deleteEmpty(
      hours.count,
      """
      DELETE FROM store_hour t
      USING unnest(\(hours.map { $0.storeId })::text[],
                   \(hours.map { Int32($0.date.daysSinceEpoch) })::integer[],
                   \(hours.map { Int32($0.hour) })::integer[]) AS u(store_id, day, hour)
      WHERE t.store_id = u.store_id AND t.date = DATE '1970-01-01' + u.day AND t.hour = u.hour
        AND t.orders = 0
      """)
    let totals = changes.hourTotals.filter { $0.orders < 0 }
    try deleteEmpty(
      totals.count,
      """
      DELETE FROM store_hour_total t
      USING unnest(\(totals.map { $0.storeId })::text[],
                   \(totals.map { Int32($0.hour) })::integer[]) AS u(store_id, hour)
      WHERE t.store_id = u.store_id AND t.hour = u.hour AND t.orders = 0
      """)
    let items = changes.items.filter { $0.orders < 0 }
    try deleteEmpty(
      items.count,
      """
      DELETE FROM item_total t
      USING unnest(\(items.map { $0.storeId })::text[],
                   \(items.map { $0.menuItemId })::bigint[]) AS u(store_id, menu_item_id)
      WHERE t.store_id = u.store_id AND t.menu_item_id = u.menu_item_id AND t.orders = 0
      """)
    let statuses = changes.statuses.filter { $0.orders < 0 }
    try deleteEmpty(
      statuses.count,
      """
      DELETE FROM store_day_status t
      USING unnest(\(statuses.map { $0.storeId })::text[],
                   \(statuses.map { Int32($0.date.daysSinceEpoch) })::integer[],
                   \(statuses.map { $0.status.rawValue })::text[]) AS u(store_id, day, status)
      WHERE t.store_id = u.store_id AND t.date = DATE '1970-01-01' + u.day
        AND t.status = u.status AND t.orders = 0
      """)
    let kinds = changes.kinds.filter { $0.orders < 0 }
    try deleteEmpty(
      kinds.count,
      """
      DELETE FROM store_day_kind t
      USING unnest(\(kinds.map { $0.storeId })::text[],
                   \(kinds.map { Int32($0.date.daysSinceEpoch) })::integer[],
                   \(kinds.map { $0.kind.rawValue })::text[]) AS u(store_id, day, kind)
      WHERE t.store_id = u.store_id AND t.date = DATE '1970-01-01' + u.day
        AND t.kind = u.kind AND t.orders = 0
      """)
    let categories = changes.categories.filter { $0.orders < 0 }
    try deleteEmpty(
      categories.count,
      """
      DELETE FROM category_total t
      USING unnest(\(categories.map { $0.storeId })::text[],
                   \(categories.map { $0.category })::text[],
                   \(categories.map { $0.subcategory })::text[]) AS u(store_id, category, subcategory)
      WHERE t.store_id = u.store_id AND t.category = u.category
        AND t.subcategory = u.subcategory AND t.orders = 0
      """)
  }

  /// Adds the deltas of every aggregate table in one statement, and raises the revision: a
  /// data-modifying `WITH` per table (each reads an empty array as no rows). One round trip
  /// instead of nine, inside the writers' lock: a POS order's transaction was 24 statements and
  /// 6.5 ms, so two servers on one PostgreSQL took 144 orders/s together (`scripts/load`).
  ///
  /// A day's customers are its customer rows with orders. The parts of one statement all read
  /// the rows as they were before it, so the count is the rows before, plus the customer rows
  /// this statement inserts, less those it brings to zero (deleted after it when orders were
  /// taken away); `xmax = 0` in `RETURNING` is an upsert's inserted row (its update sets
  /// `xmax`), grouped per day once (`dn`) and joined: counted per day by a subquery, each of a
  /// part's 1,500 days scanned all its 30,000 customer rows, 2.5 s of server time per 100,000
  /// lines (auto_explain), which tripled a first import. The aggregate tests recount every day
  /// on PostgreSQL after replacements.
  private func addDeltas(_ changes: AggregateChanges) throws {
    let (days, hours, totals) = (changes.days, changes.hours, changes.hourTotals)
    let (items, statuses, kinds) = (changes.items, changes.statuses, changes.kinds)
    let (categories, customers) = (changes.categories, changes.customers)
    guard
      !(days.isEmpty && hours.isEmpty && totals.isEmpty && items.isEmpty && statuses.isEmpty
        && kinds.isEmpty && categories.isEmpty && customers.isEmpty)
    else { return }
    raisedRevision = true
    session.send(
      AddDeltas.self,
      """
      WITH dc AS (
        INSERT INTO store_day_customer (store_id, date, customer_key, orders)
        SELECT store_id, DATE '1970-01-01' + day, customer_key, orders
        FROM unnest(\(customers.map { $0.storeId })::text[],
                    \(customers.map { Int32($0.date.daysSinceEpoch) })::integer[],
                    \(customers.map { $0.customerKey })::bigint[],
                    \(customers.map { Int32($0.orders) })::integer[])
          AS u(store_id, day, customer_key, orders)
        ON CONFLICT (store_id, date, customer_key) DO UPDATE
          SET orders = store_day_customer.orders + excluded.orders
        RETURNING store_id, date, orders, xmax = 0 AS inserted
      ), dn AS (
        SELECT store_id, date,
               COUNT(*) FILTER (WHERE inserted) - COUNT(*) FILTER (WHERE NOT inserted AND orders = 0)
                 AS change
        FROM dc GROUP BY store_id, date
      ), d AS (
        INSERT INTO store_day (store_id, date, orders, revenue_cents, tax_cents, total_cents,
          customers)
        SELECT u.store_id, DATE '1970-01-01' + u.day, u.orders, u.revenue, u.tax, u.total,
               (SELECT COUNT(*) FROM store_day_customer s
                WHERE s.store_id = u.store_id AND s.date = DATE '1970-01-01' + u.day)
               + COALESCE(dn.change, 0)
        FROM unnest(\(days.map { $0.storeId })::text[],
                    \(days.map { Int32($0.date.daysSinceEpoch) })::integer[],
                    \(days.map { Int32($0.orders) })::integer[],
                    \(days.map { $0.revenue.hundredths })::bigint[],
                    \(days.map { $0.tax.hundredths })::bigint[],
                    \(days.map { $0.total.hundredths })::bigint[])
          AS u(store_id, day, orders, revenue, tax, total)
        LEFT JOIN dn ON dn.store_id = u.store_id AND dn.date = DATE '1970-01-01' + u.day
        ON CONFLICT (store_id, date) DO UPDATE SET orders = store_day.orders + excluded.orders,
          revenue_cents = store_day.revenue_cents + excluded.revenue_cents,
          tax_cents = store_day.tax_cents + excluded.tax_cents,
          total_cents = store_day.total_cents + excluded.total_cents,
          customers = excluded.customers
      ), h AS (
        INSERT INTO store_hour (store_id, date, hour, orders, revenue_cents)
        SELECT store_id, DATE '1970-01-01' + day, hour, orders, revenue
        FROM unnest(\(hours.map { $0.storeId })::text[],
                    \(hours.map { Int32($0.date.daysSinceEpoch) })::integer[],
                    \(hours.map { Int32($0.hour) })::integer[],
                    \(hours.map { Int32($0.orders) })::integer[],
                    \(hours.map { $0.revenue.hundredths })::bigint[])
          AS u(store_id, day, hour, orders, revenue)
        ON CONFLICT (store_id, date, hour) DO UPDATE
          SET orders = store_hour.orders + excluded.orders,
              revenue_cents = store_hour.revenue_cents + excluded.revenue_cents
      ), t AS (
        INSERT INTO store_hour_total (store_id, hour, orders, revenue_cents)
        SELECT * FROM unnest(\(totals.map { $0.storeId })::text[],
                             \(totals.map { Int32($0.hour) })::integer[],
                             \(totals.map { Int32($0.orders) })::integer[],
                             \(totals.map { $0.revenue.hundredths })::bigint[])
        ON CONFLICT (store_id, hour) DO UPDATE
          SET orders = store_hour_total.orders + excluded.orders,
              revenue_cents = store_hour_total.revenue_cents + excluded.revenue_cents
      ), i AS (
        INSERT INTO item_total (store_id, menu_item_id, orders, quantity_thousandths, revenue_cents)
        SELECT * FROM unnest(\(items.map { $0.storeId })::text[], \(items.map { $0.menuItemId })::bigint[],
                             \(items.map { Int32($0.orders) })::integer[],
                             \(items.map { $0.quantity.thousandths })::bigint[],
                             \(items.map { $0.revenue.hundredths })::bigint[])
        ON CONFLICT (store_id, menu_item_id) DO UPDATE
          SET orders = item_total.orders + excluded.orders,
              quantity_thousandths = item_total.quantity_thousandths + excluded.quantity_thousandths,
              revenue_cents = item_total.revenue_cents + excluded.revenue_cents
      ), s AS (
        INSERT INTO store_day_status (store_id, date, status, orders, subtotal_cents)
        SELECT store_id, DATE '1970-01-01' + day, status, orders, amount
        FROM unnest(\(statuses.map(\.storeId))::text[],
                    \(statuses.map { Int32($0.date.daysSinceEpoch) })::integer[],
                    \(statuses.map(\.status.rawValue))::text[],
                    \(statuses.map { Int32($0.orders) })::integer[],
                    \(statuses.map(\.amount.hundredths))::bigint[])
          AS u(store_id, day, status, orders, amount)
        ON CONFLICT (store_id, date, status) DO UPDATE
          SET orders = store_day_status.orders + excluded.orders,
              subtotal_cents = store_day_status.subtotal_cents + excluded.subtotal_cents
      ), k AS (
        INSERT INTO store_day_kind (store_id, date, kind, orders, amount_cents)
        SELECT store_id, DATE '1970-01-01' + day, kind, orders, amount
        FROM unnest(\(kinds.map(\.storeId))::text[],
                    \(kinds.map { Int32($0.date.daysSinceEpoch) })::integer[],
                    \(kinds.map(\.kind.rawValue))::text[],
                    \(kinds.map { Int32($0.orders) })::integer[],
                    \(kinds.map(\.amount.hundredths))::bigint[])
          AS u(store_id, day, kind, orders, amount)
        ON CONFLICT (store_id, date, kind) DO UPDATE
          SET orders = store_day_kind.orders + excluded.orders,
              amount_cents = store_day_kind.amount_cents + excluded.amount_cents
      ), r AS (
        UPDATE store_revision SET revision = revision + 1
      ), c AS (
        INSERT INTO category_total (store_id, category, subcategory, orders, items_thousandths,
          revenue_cents)
        SELECT * FROM unnest(\(categories.map { $0.storeId })::text[],
                             \(categories.map { $0.category })::text[],
                             \(categories.map { $0.subcategory })::text[],
                             \(categories.map { Int32($0.orders) })::integer[],
                             \(categories.map { $0.items.thousandths })::bigint[],
                             \(categories.map { $0.revenue.hundredths })::bigint[])
        ON CONFLICT (store_id, category, subcategory) DO UPDATE
          SET orders = category_total.orders + excluded.orders,
              items_thousandths = category_total.items_thousandths + excluded.items_thousandths,
              revenue_cents = category_total.revenue_cents + excluded.revenue_cents
      )
      SELECT 1
      """)
  }

  /// Runs `query` when it names any of `count` rows.
  private func deleteEmpty(_ count: Int, _ query: PostgresQuery) throws {
    if count > 0 { session.send(query) }
  }
}

/// Planned orders and their lines as rows of `COPY … FROM STDIN`.
struct CopyBatch: Sendable {
  static let orderColumns = [
    "key", "id", "store_id", "customer_id", "customer_name", "placed_at", "wall_clock",
    "local_date", "local_hour", "status", "subtotal_cents", "tax_cents", "total_cents",
  ]
  static let lineColumns = [
    "order_key", "line_no", "menu_item_id", "item_name", "unit_price_cents",
    "quantity_thousandths", "subtotal_cents", "tax_cents", "category", "subcategory", "kind",
  ]
  /// Bytes reserved per row, about what one takes, so that a buffer rarely grows.
  private static let orderBytes = 96
  private static let lineBytes = 48

  let orders: ByteBuffer
  let lines: ByteBuffer
  /// How many orders `orders` holds.
  let orderCount: Int
  /// The orders themselves when they are few (a POS order, a small file): written with one
  /// `INSERT` if no other batch joins them (`insert(_:)`), else copied.
  let planned: PlannedOrders?
  /// At most this many orders are kept as `planned`.
  static let insertedAtMost = 256

  init(_ planned: PlannedOrders) {
    orderCount = planned.orders.count
    self.planned = planned.orders.count <= Self.insertedAtMost ? planned : nil
    var orders = CopyText(capacity: planned.orders.count * Self.orderBytes)
    for order in planned.orders {
      orders.append(order.key)
      orders.append(order.id)
      orders.append(order.storeId)
      orders.append(order.customerId)
      orders.append(order.customerName)
      orders.append(order.placedAt)
      orders.append(order.wallClock)
      orders.append(order.localDate)
      orders.append(order.localHour)
      orders.append(order.status.rawValue)
      orders.append(order.subtotal.hundredths)
      orders.append(order.tax.hundredths)
      orders.append(order.total.hundredths)
      orders.endRow()
    }
    var lines = CopyText(capacity: planned.lines.count * Self.lineBytes)
    for line in planned.lines {
      lines.append(line.orderKey)
      lines.append(line.lineNo)
      lines.append(line.menuItemId)
      lines.append(line.itemName)
      lines.append(line.unitPrice.hundredths)
      lines.append(line.quantity.thousandths)
      lines.append(line.subtotal.hundredths)
      lines.append(line.tax.hundredths)
      lines.append(line.category.category)
      lines.append(line.category.subcategory)
      lines.append(line.kind.rawValue)
      lines.endRow()
    }
    (self.orders, self.lines) = (orders.buffer, lines.buffer)
  }
}

// The statements of an import that each connection prepares once (`PreparedText`).
enum MenuItemsNamed: PreparedText {}
enum CustomerKeys: PreparedText {}
enum InsertCustomers: PreparedText {}
enum OrderById: PreparedText {}
enum OrdersNamed: PreparedText {}
enum LinesOfOrders: PreparedText {}
enum InsertOrders: PreparedText {}
enum SaveItems: PreparedText {}
enum AddDeltas: PreparedText {}
enum MoveVisits: PreparedText {}
enum ImportCounters: PreparedText {}
