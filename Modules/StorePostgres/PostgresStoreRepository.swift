import AnalyticsCore
import PostgresNIO
import StoreAnalytics

/// The PostgreSQL backend of `StoreRepository`, for several servers and writers sharing one
/// database (a chain, a platform). The rules stay in StoreAnalytics; this only stores and reads.
///
/// Writers take the schema's advisory lock for their transaction: the core hands out order,
/// item and customer keys "above every key in use" and plans replacements from what it reads,
/// so two imports at once must not interleave. Aggregates are still written as
/// `INSERT … ON CONFLICT DO UPDATE SET x = x + excluded.x` deltas (never read, modified and
/// written back), and readers never wait for writers (MVCC).
public struct PostgresStoreRepository: StoreRepository {
  let pool: PostgresPool

  /// Connects to `location`, creating and migrating its schema when needed.
  ///
  /// - throws: `TallyError` (`.io`) when the server cannot be reached, (`.refused`) when the
  ///   schema was written by a newer Tally.
  public static func open(_ location: PostgresLocation) throws -> PostgresStoreRepository {
    let pool = try PostgresPool(location)
    try pool.withSession { try PostgresSchema.migrate($0, location: location) }
    return PostgresStoreRepository(pool: pool)
  }

  public var location: PostgresLocation { pool.location }

  func read<T>(_ body: (PostgresSession) throws -> T) throws -> T {
    try pool.withSession(body)
  }

  public func shops() throws -> [Shop] {
    try read { try PostgresRows.shops($0) }
  }

  public func shop(id: String) throws -> Shop? {
    try read { session in
      try session.query(ShopById.self, "SELECT id, name, time_zone FROM shop WHERE id = \(id)")
        .map { row in
          let (id, name, zone) = try row.decode((String, String, String).self)
          return Shop(id: id, name: name, timeZone: zone)
        }.first
    }
  }

  public func inTransaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
    try pool.withSession { session in
      try session.inTransaction {
        session.send(
          AdvisoryLock.self,
          "SELECT pg_advisory_xact_lock(\(PostgresSchema.lockKey(session.schema)))")
        let transaction = PostgresStoreTransaction(session)
        let result = try body(transaction)
        try transaction.close()
        if !transaction.raisedRevision {
          session.send("UPDATE store_revision SET revision = revision + 1")
        }
        return result
      }
    }
  }

  public func revision() throws -> Int64? {
    try read { try $0.query("SELECT revision FROM store_revision")[0].decode(Int64.self) }
  }

  public func metricsTotals(of storeId: String, current: DayRange, previous: DayRange) throws
    -> MetricsTotals
  {
    let (first, last) = (PostgresDay(current.start), PostgresDay(current.end))
    let (previousFirst, previousLast) = (PostgresDay(previous.start), PostgresDay(previous.end))
    let (low, high) = (
      PostgresDay(min(current.start, previous.start)), PostgresDay(max(current.end, previous.end))
    )
    return try read { session in
      // One round trip, prepared: both windows' sums in one pass over their days, the distinct
      // customers summed from the days' first or last visits where that is exact (as on SQLite:
      // `SQLiteStoreRepository.customerCount`; PostgreSQL runs a `CASE` branch's subquery only
      // when it is taken), and the unsold orders.
      let row = try session.query(
        MetricsTotalsQuery.self,
        """
        SELECT d.orders, d.revenue, d.tax, d.previous_orders, d.previous_revenue,
               CASE
                 WHEN NOT EXISTS (SELECT 1 FROM store_day
                                  WHERE store_id = \(storeId) AND date > \(last) AND last_visits > 0)
                 THEN d.last_visits
                 WHEN NOT EXISTS (SELECT 1 FROM store_day
                                  WHERE store_id = \(storeId) AND date < \(first) AND first_visits > 0)
                 THEN d.first_visits
                 ELSE (SELECT COUNT(DISTINCT customer_key) FROM store_day_customer
                       WHERE store_id = \(storeId) AND date BETWEEN \(first) AND \(last))
               END,
               s.cancelled, s.cancelled_cents, s.refunded, s.refunded_cents,
               k.sale, k.refund, k.discount, k.comp, k.tip
        FROM (SELECT
                COALESCE(SUM(orders) FILTER (WHERE date BETWEEN \(first) AND \(last)), 0)::bigint
                  AS orders,
                COALESCE(SUM(revenue_cents) FILTER (WHERE date BETWEEN \(first) AND \(last)), 0)
                  ::bigint AS revenue,
                COALESCE(SUM(tax_cents) FILTER (WHERE date BETWEEN \(first) AND \(last)), 0)
                  ::bigint AS tax,
                COALESCE(SUM(first_visits) FILTER (WHERE date BETWEEN \(first) AND \(last)), 0)
                  ::bigint AS first_visits,
                COALESCE(SUM(last_visits) FILTER (WHERE date BETWEEN \(first) AND \(last)), 0)
                  ::bigint AS last_visits,
                COALESCE(SUM(orders) FILTER (
                  WHERE date BETWEEN \(previousFirst) AND \(previousLast)), 0)::bigint
                  AS previous_orders,
                COALESCE(SUM(revenue_cents) FILTER (
                  WHERE date BETWEEN \(previousFirst) AND \(previousLast)), 0)::bigint
                  AS previous_revenue
              FROM store_day WHERE store_id = \(storeId) AND date BETWEEN \(low) AND \(high)) d,
             (SELECT
                COALESCE(SUM(orders) FILTER (WHERE status = 'cancelled'), 0)::bigint AS cancelled,
                COALESCE(SUM(subtotal_cents) FILTER (WHERE status = 'cancelled'), 0)::bigint
                  AS cancelled_cents,
                COALESCE(SUM(orders) FILTER (WHERE status = 'refunded'), 0)::bigint AS refunded,
                COALESCE(SUM(subtotal_cents) FILTER (WHERE status = 'refunded'), 0)::bigint
                  AS refunded_cents
              FROM store_day_status
              WHERE store_id = \(storeId) AND date BETWEEN \(first) AND \(last)) s,
             (SELECT
                COALESCE(SUM(amount_cents) FILTER (WHERE kind = 'sale'), 0)::bigint AS sale,
                COALESCE(SUM(amount_cents) FILTER (WHERE kind = 'refund'), 0)::bigint AS refund,
                COALESCE(SUM(amount_cents) FILTER (WHERE kind = 'discount'), 0)::bigint
                  AS discount,
                COALESCE(SUM(amount_cents) FILTER (WHERE kind = 'comp'), 0)::bigint AS comp,
                COALESCE(SUM(amount_cents) FILTER (WHERE kind = 'tip'), 0)::bigint AS tip
              FROM store_day_kind
              WHERE store_id = \(storeId) AND date BETWEEN \(first) AND \(last)) k
        """
      )[0]
      let (
        orders, revenue, tax, previousOrders, previousRevenue, customers, cancelled,
        cancelledAmount, refunded, refundedAmount, sale, refund, discount, comp, tip
      ) = try row.decode(
        (
          Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64,
          Int64, Int64, Int64
        ).self)
      var totals = MetricsTotals()
      totals.orders = Int(orders)
      totals.revenue = FixedDecimal(hundredths: revenue)
      totals.tax = FixedDecimal(hundredths: tax)
      totals.previousOrders = Int(previousOrders)
      totals.previousRevenue = FixedDecimal(hundredths: previousRevenue)
      totals.customers = Int(customers)
      totals.cancelled = UnsoldOrders(
        orders: Int(cancelled), amount: FixedDecimal(hundredths: cancelledAmount))
      totals.refunded = UnsoldOrders(
        orders: Int(refunded), amount: FixedDecimal(hundredths: refundedAmount))
      totals.parts = SalesParts(
        gross: FixedDecimal(hundredths: sale), discounts: FixedDecimal(hundredths: discount),
        comps: FixedDecimal(hundredths: comp), refunds: FixedDecimal(hundredths: refund),
        tips: FixedDecimal(hundredths: tip))
      return totals
    }
  }

  private static let dayColumns = """
    store_id, date - DATE '1970-01-01', orders, revenue_cents, tax_cents, total_cents, customers
    """

  public func customerSales(of storeId: String, in range: DayRange) throws -> [CustomerSales] {
    try read { session in
      try session.query(
        """
        SELECT g.*, (s.first_date - DATE '1970-01-01')::integer
        FROM (SELECT NULLIF(customer_id, '') AS id, customer_name, COUNT(*)::bigint,
                SUM(subtotal_cents)::bigint, (EXTRACT(EPOCH FROM MIN(placed_at)) * 1000)::bigint,
                (EXTRACT(EPOCH FROM MAX(placed_at)) * 1000)::bigint
              FROM store_order
              WHERE store_id = \(storeId)
                AND local_date BETWEEN \(PostgresDay(range.start)) AND \(PostgresDay(range.end))
                AND status = 'completed'
              GROUP BY 1, 2) g
        LEFT JOIN customer c ON c.external_id = g.id
        LEFT JOIN store_customer s ON s.store_id = \(storeId) AND s.customer_key = c.id
        """
      ).map { row in
        let (id, name, orders, spent, first, last, firstDay) = try row.decode(
          (String?, String?, Int64, Int64, Int64, Int64, Int32?).self)
        return CustomerSales(
          customerId: id, name: name, orders: Int(orders), spent: FixedDecimal(hundredths: spent),
          firstOrder: Instant(millisecondsSinceEpoch: first),
          lastOrder: Instant(millisecondsSinceEpoch: last),
          firstDay: firstDay.map { LocalDate(daysSinceEpoch: Int($0)) })
      }
    }
  }

  public func customerFirstDays(of storeId: String, in range: DayRange) throws
    -> [(customer: Int64, day: LocalDate)]
  {
    try read { session in
      try session.query(
        """
        SELECT customer_key, (first_date - DATE '1970-01-01')::integer FROM store_customer
        WHERE store_id = \(storeId)
          AND first_date BETWEEN \(PostgresDay(range.start)) AND \(PostgresDay(range.end))
        """
      ).map(Self.customerDay)
    }
  }

  public func customerDays(of storeId: String, in range: DayRange) throws
    -> [(customer: Int64, day: LocalDate)]
  {
    try read { session in
      try session.query(
        """
        SELECT customer_key, (date - DATE '1970-01-01')::integer FROM store_day_customer
        WHERE store_id = \(storeId)
          AND date BETWEEN \(PostgresDay(range.start)) AND \(PostgresDay(range.end))
        """
      ).map(Self.customerDay)
    }
  }

  private static func customerDay(_ row: PostgresRow) throws -> (customer: Int64, day: LocalDate) {
    let (customer, days) = try row.decode((Int64, Int32).self)
    return (customer, LocalDate(daysSinceEpoch: Int(days)))
  }

  public func menuItems(ids: [Int64]) throws -> [MenuItem] {
    try read { session in
      try session.query(
        """
        SELECT id, external_id, name, category, subcategory, price_cents, family FROM menu_item
        WHERE id = ANY(\(ids)::bigint[])
        """
      ).map(PostgresStoreTransaction.menuItem)
    }
  }

  public func shifts(of storeId: String, from: Instant, before: Instant) throws -> [Shift] {
    try read {
      try PostgresStoreTransaction.shifts(in: $0, of: storeId, from: from, before: before)
    }
  }

  public func orderExtremes(of storeId: String, in range: DayRange) throws -> OrderExtremes? {
    try read { session in
      let (highest, lowest) = try session.query(
        """
        SELECT MAX(subtotal_cents), MIN(subtotal_cents) FROM store_order
        WHERE store_id = \(storeId)
          AND local_date BETWEEN \(PostgresDay(range.start)) AND \(PostgresDay(range.end))
          AND status = 'completed'
        """
      )[0].decode((Int64?, Int64?).self)
      guard let highest, let lowest else { return nil }
      return OrderExtremes(
        highest: FixedDecimal(hundredths: highest), lowest: FixedDecimal(hundredths: lowest))
    }
  }

  public func days(of storeId: String, in range: DayRange) throws -> [StoreDay] {
    try read { session in
      try session.query(
        """
        SELECT \(unescaped: Self.dayColumns) FROM store_day
        WHERE store_id = \(storeId)
          AND date BETWEEN \(PostgresDay(range.start)) AND \(PostgresDay(range.end))
        ORDER BY date
        """
      ).map(PostgresRows.day)
    }
  }

  public func latestDays(of storeId: String, through day: LocalDate, limit: Int) throws
    -> [StoreDay]
  {
    try read { session in
      try session.query(
        """
        SELECT \(unescaped: Self.dayColumns) FROM store_day
        WHERE store_id = \(storeId) AND date <= \(PostgresDay(day))
        ORDER BY date DESC LIMIT \(Int64(limit))
        """
      ).map(PostgresRows.day)
    }
  }

  public func hours(of storeId: String, in range: DayRange) throws -> [StoreHour] {
    try read { session in
      try session.query(
        """
        SELECT date - DATE '1970-01-01', hour, orders, revenue_cents FROM store_hour
        WHERE store_id = \(storeId)
          AND date BETWEEN \(PostgresDay(range.start)) AND \(PostgresDay(range.end))
        ORDER BY date, hour
        """
      ).map { row in
        let (day, hour, orders, revenue) = try row.decode((Int32, Int16, Int32, Int64).self)
        return StoreHour(
          storeId: storeId, date: LocalDate(daysSinceEpoch: Int(day)), hour: Int(hour),
          orders: Int(orders), revenue: FixedDecimal(hundredths: revenue))
      }
    }
  }

  public func hourTotals(of storeId: String) throws -> [StoreHourTotal] {
    try read { session in
      try session.query(
        """
        SELECT hour, orders, revenue_cents FROM store_hour_total WHERE store_id = \(storeId)
        ORDER BY hour
        """
      ).map { row in
        let (hour, orders, revenue) = try row.decode((Int16, Int32, Int64).self)
        return StoreHourTotal(
          storeId: storeId, hour: Int(hour), orders: Int(orders),
          revenue: FixedDecimal(hundredths: revenue))
      }
    }
  }

  public func itemSales(of storeId: String) throws -> [ItemSales] {
    try read { session in
      try session.query(
        """
        SELECT t.menu_item_id, m.name, t.orders::bigint, t.quantity_thousandths, t.revenue_cents
        FROM item_total t JOIN menu_item m ON m.id = t.menu_item_id
        WHERE t.store_id = \(storeId)
        """
      ).map { try PostgresRows.itemSales($0, storeId: storeId) }
    }
  }

  public func categorySales(of storeId: String?) throws -> [CategorySales] {
    try read { session in
      try session.query(
        """
        SELECT category, subcategory, SUM(orders)::bigint, SUM(items_thousandths)::bigint,
               SUM(revenue_cents)::bigint
        FROM category_total WHERE \(storeId)::text IS NULL OR store_id = \(storeId)
        GROUP BY category, subcategory
        """
      ).map(PostgresRows.categorySales)
    }
  }

  // Sales within a range are counted from the orders, as on SQLite (`SQLiteStoreRepository`),
  // through the index on the orders' store and day.

  public func itemSales(of storeId: String, in range: DayRange) throws -> [ItemSales] {
    try read { session in
      try session.query(
        """
        SELECT l.menu_item_id, m.name, COUNT(DISTINCT o.key), SUM(l.quantity_thousandths)::bigint,
               SUM(l.subtotal_cents)::bigint
        FROM store_order o JOIN order_line l ON l.order_key = o.key
        JOIN menu_item m ON m.id = l.menu_item_id
        WHERE o.store_id = \(storeId) AND o.status = 'completed' AND l.kind = 'sale'
          AND o.local_date BETWEEN \(PostgresDay(range.start)) AND \(PostgresDay(range.end))
        GROUP BY l.menu_item_id, m.name
        """
      ).map { try PostgresRows.itemSales($0, storeId: storeId) }
    }
  }

  public func categorySales(of storeId: String?, in range: DayRange) throws -> [CategorySales] {
    try read { session in
      try session.query(
        """
        SELECT l.category, l.subcategory, COUNT(DISTINCT o.key),
               SUM(l.quantity_thousandths)::bigint, SUM(l.subtotal_cents)::bigint
        FROM store_order o JOIN order_line l ON l.order_key = o.key
        WHERE o.status = 'completed' AND l.kind = 'sale'
          AND o.local_date BETWEEN \(PostgresDay(range.start)) AND \(PostgresDay(range.end))
          AND (\(storeId)::text IS NULL OR o.store_id = \(storeId))
        GROUP BY l.category, l.subcategory
        """
      ).map(PostgresRows.categorySales)
    }
  }
}

/// Row readers shared by the repository and its transactions.
enum PostgresRows {
  static func shops(_ session: PostgresSession) throws -> [Shop] {
    try session.query(Shops.self, "SELECT id, name, time_zone FROM shop").map {
      row in
      let (id, name, zone) = try row.decode((String, String, String).self)
      return Shop(id: id, name: name, timeZone: zone)
    }
  }

  static func day(_ row: PostgresRow) throws -> StoreDay {
    let (storeId, day, orders, revenue, tax, total, customers) = try row.decode(
      (String, Int32, Int32, Int64, Int64, Int64, Int32).self)
    return StoreDay(
      storeId: storeId, date: LocalDate(daysSinceEpoch: Int(day)), orders: Int(orders),
      revenue: FixedDecimal(hundredths: revenue), tax: FixedDecimal(hundredths: tax),
      total: FixedDecimal(hundredths: total), customers: Int(customers))
  }

  static func itemSales(_ row: PostgresRow, storeId: String) throws -> ItemSales {
    let (id, name, orders, quantity, revenue) = try row.decode(
      (Int64, String, Int64, Int64, Int64).self)
    return ItemSales(
      storeId: storeId, menuItemId: id, itemName: name, timesOrdered: Int(orders),
      totalQuantity: Quantity(thousandths: quantity),
      totalRevenue: FixedDecimal(hundredths: revenue))
  }

  static func categorySales(_ row: PostgresRow) throws -> CategorySales {
    let (category, subcategory, orders, items, revenue) = try row.decode(
      (String, String, Int64, Int64, Int64).self)
    return CategorySales(
      category: category, subcategory: subcategory.isEmpty ? nil : subcategory,
      orderCount: Int(orders), itemsSold: Quantity(thousandths: items),
      totalRevenue: FixedDecimal(hundredths: revenue))
  }
}

/// A `LocalDate` bound as a PostgreSQL `date`: days since 1970 are shifted to PostgreSQL's
/// epoch (2000-01-01) and sent in the binary format, so no text is formatted or parsed.
struct PostgresDay: PostgresNonThrowingEncodable {
  let daysSinceEpoch: Int32
  init(_ date: LocalDate) { daysSinceEpoch = Int32(date.daysSinceEpoch) }

  static var psqlType: PostgresDataType { .date }
  static var psqlFormat: PostgresFormat { .binary }

  /// 1970-01-01 to 2000-01-01.
  private static let postgresEpochOffset: Int32 = 10_957

  func encode<JSONEncoder: PostgresJSONEncoder>(
    into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
  ) {
    byteBuffer.writeInteger(daysSinceEpoch - Self.postgresEpochOffset)
  }
}

// The statements of every request or write that each connection prepares once.
enum ShopById: PreparedText {}
enum Shops: PreparedText {}
enum AdvisoryLock: PreparedText {}

enum MetricsTotalsQuery: PreparedText {}
