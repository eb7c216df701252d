import AnalyticsCore
import GRDB
import Storage

/// What one import changes in the aggregate tables, summed in memory while the order rows are
/// written and applied once at the end with upserts, in the import's transaction.
///
/// Every aggregate is a sum over completed orders of integers — order counts, quantities, cents,
/// and per customer and day a count of orders — so adding an import's exact deltas, and
/// subtracting those of the orders it replaces, keeps each row equal to a recount from the order
/// tables. Rows whose order count falls to zero are deleted. Distinct counts stay exact because
/// they are sums too: an order counts once for each distinct item (and category) it holds, and a
/// customer is on a day while their order count there is above zero.
struct AggregateDelta {
  /// A category and subcategory ('' for none), the key of `category_total`.
  struct Category: Hashable {
    let category: String
    let subcategory: String
  }

  private struct DayKey: Hashable {
    let store: Int32
    let day: Int32
  }

  private struct HourKey: Hashable {
    let store: Int32
    let day: Int32
    let hour: Int32
  }

  private struct StoreHourKey: Hashable {
    let store: Int32
    let hour: Int32
  }

  private struct CustomerKey: Hashable {
    let store: Int32
    let day: Int32
    let customer: Int64
  }

  private struct ItemKey: Hashable {
    let store: Int32
    let item: Int64
  }

  private struct Totals {
    var orders = 0
    var quantity = 0
    var revenue: Int64 = 0
    var tax: Int64 = 0
    var total: Int64 = 0

    /// Adds signed `orders` and the other amounts times `sign`.
    mutating func add(
      orders: Int, quantity: Int = 0, revenue: Int64, tax: Int64 = 0, total: Int64 = 0, sign: Int
    ) {
      self.orders += orders
      self.quantity += quantity * sign
      self.revenue += revenue * Int64(sign)
      self.tax += tax * Int64(sign)
      self.total += total * Int64(sign)
    }

    mutating func add(_ other: Totals) {
      orders += other.orders
      quantity += other.quantity
      revenue += other.revenue
      tax += other.tax
      total += other.total
    }
  }

  private var days: [DayKey: Totals] = [:]
  private var hours: [HourKey: Totals] = [:]
  private var customers: [CustomerKey: Int] = [:]
  private var items: [ItemKey: Totals] = [:]
  // Each order's store, sign and distinct items, for distinct orders per category at the end
  // (when every item's final category is known).
  private var orderStores: [Int32] = []
  private var orderSigns: [Int8] = []
  private var itemStarts: [Int32] = [0]
  private var orderItems: [Int64] = []
  /// Whether any order was taken away (rows may have fallen to zero).
  private var removes = false

  /// Starts a completed order: `sign` is 1 for an order written, -1 for one replaced.
  mutating func beginOrder(
    store: Int32, day: LocalDate, hour: Int, customer: Int64?, subtotal: Int64, tax: Int64,
    total: Int64, sign: Int
  ) {
    if sign < 0 { removes = true }
    let dayNumber = Int32(day.daysSinceEpoch)
    days[DayKey(store: store, day: dayNumber), default: Totals()].add(
      orders: sign, revenue: subtotal, tax: tax, total: total, sign: sign)
    hours[HourKey(store: store, day: dayNumber, hour: Int32(hour)), default: Totals()].add(
      orders: sign, revenue: subtotal, sign: sign)
    if let customer {
      customers[CustomerKey(store: store, day: dayNumber, customer: customer), default: 0] += sign
    }
    orderStores.append(store)
    orderSigns.append(Int8(sign))
    itemStarts.append(itemStarts.last!)
  }

  /// Adds a line of the order begun last.
  mutating func addLine(item: Int64, quantity: Int, revenue: Int64) {
    let sign = Int(orderSigns.last!)
    let start = Int(itemStarts[itemStarts.count - 2])
    let firstOfItem = !orderItems[start...].contains(item)
    let key = ItemKey(store: orderStores.last!, item: item)
    items[key, default: Totals()].add(
      orders: firstOfItem ? sign : 0, quantity: quantity, revenue: revenue, sign: sign)
    if firstOfItem {
      orderItems.append(item)
      itemStarts[itemStarts.count - 1] += 1
    }
  }

  /// Writes the deltas. `storeIds` names the store numbers; `categories` gives every item's
  /// category after the import, or is `nil` when an import moved an item to another category:
  /// then `category_total` is recounted from the order tables instead.
  func apply(_ db: Database, storeIds: [String], categories: [Int64: Category]?) throws {
    let rank = Self.ranks(storeIds)
    var dayTexts: [Int32: String] = [:]
    func text(_ day: Int32) -> String {
      if let known = dayTexts[day] { return known }
      let made = LocalDate(daysSinceEpoch: Int(day)).description
      dayTexts[day] = made
      return made
    }

    // Customers before days: a day's customer count is read from its customer rows.
    var customerRows = try BatchInsert(
      db, "INSERT INTO store_day_customer (store_id, date, customer_key, orders)", columns: 4,
      upsert: """
        ON CONFLICT (store_id, date, customer_key) DO UPDATE SET orders = orders + excluded.orders
        """)
    for (key, orders) in customers.sorted(by: {
      (rank[Int($0.key.store)], $0.key.day, $0.key.customer)
        < (rank[Int($1.key.store)], $1.key.day, $1.key.customer)
    }) where orders != 0 {
      try customerRows.append(storeIds[Int(key.store)])
      try customerRows.append(text(key.day))
      try customerRows.append(key.customer)
      try customerRows.append(Int64(orders))
    }
    try customerRows.flush()
    if removes { try db.execute(sql: "DELETE FROM store_day_customer WHERE orders = 0") }

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
    for (key, totals) in days.sorted(by: {
      (rank[Int($0.key.store)], $0.key.day) < (rank[Int($1.key.store)], $1.key.day)
    }) {
      try dayRows.bind(1, storeIds[Int(key.store)])
      try dayRows.bind(2, text(key.day))
      try dayRows.bind(3, Int64(totals.orders))
      try dayRows.bind(4, totals.revenue)
      try dayRows.bind(5, totals.tax)
      try dayRows.bind(6, totals.total)
      try dayRows.step()
    }

    var hourRows = try BatchInsert(
      db, "INSERT INTO store_hour (store_id, date, hour, orders, revenue_cents)", columns: 5,
      upsert: """
        ON CONFLICT (store_id, date, hour) DO UPDATE SET orders = orders + excluded.orders,
          revenue_cents = revenue_cents + excluded.revenue_cents
        """)
    var allTime: [StoreHourKey: Totals] = [:]
    for (key, totals) in hours.sorted(by: {
      (rank[Int($0.key.store)], $0.key.day, $0.key.hour) < (
        rank[Int($1.key.store)], $1.key.day, $1.key.hour
      )
    }) {
      try hourRows.append(storeIds[Int(key.store)])
      try hourRows.append(text(key.day))
      try hourRows.append(Int64(key.hour))
      try hourRows.append(Int64(totals.orders))
      try hourRows.append(totals.revenue)
      allTime[StoreHourKey(store: key.store, hour: key.hour), default: Totals()].add(totals)
    }
    try hourRows.flush()
    let allTimeRows = try BulkStatement(
      db,
      sql: """
        INSERT INTO store_hour_total (store_id, hour, orders, revenue_cents) VALUES (?, ?, ?, ?)
        ON CONFLICT (store_id, hour) DO UPDATE SET orders = orders + excluded.orders,
          revenue_cents = revenue_cents + excluded.revenue_cents
        """)
    for (key, totals) in allTime {
      try allTimeRows.bind(1, storeIds[Int(key.store)])
      try allTimeRows.bind(2, Int64(key.hour))
      try allTimeRows.bind(3, Int64(totals.orders))
      try allTimeRows.bind(4, totals.revenue)
      try allTimeRows.step()
    }

    let itemRows = try BulkStatement(
      db,
      sql: """
        INSERT INTO item_total (store_id, menu_item_id, orders, quantity, revenue_cents)
        VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (store_id, menu_item_id) DO UPDATE SET orders = orders + excluded.orders,
          quantity = quantity + excluded.quantity,
          revenue_cents = revenue_cents + excluded.revenue_cents
        """)
    for (key, totals) in items {
      try itemRows.bind(1, storeIds[Int(key.store)])
      try itemRows.bind(2, key.item)
      try itemRows.bind(3, Int64(totals.orders))
      try itemRows.bind(4, Int64(totals.quantity))
      try itemRows.bind(5, totals.revenue)
      try itemRows.step()
    }

    if let categories {
      try applyCategories(db, storeIds: storeIds, categories: categories)
    } else {
      try Self.recountCategories(db)
    }
    if removes {
      try db.execute(
        sql: """
          DELETE FROM store_day WHERE orders = 0;
          DELETE FROM store_hour WHERE orders = 0;
          DELETE FROM store_hour_total WHERE orders = 0;
          DELETE FROM item_total WHERE orders = 0;
          DELETE FROM category_total WHERE orders = 0;
          """)
    }
  }

  /// Category deltas: items and revenue from the item deltas, orders from each order's distinct
  /// categories.
  private func applyCategories(
    _ db: Database, storeIds: [String], categories: [Int64: Category]
  ) throws {
    struct Key: Hashable {
      let store: Int32
      let category: Category
    }
    var deltas: [Key: Totals] = [:]
    for (key, totals) in items {
      deltas[Key(store: key.store, category: categories[key.item]!), default: Totals()].add(
        orders: 0, quantity: totals.quantity, revenue: totals.revenue, sign: 1)
    }
    var seen: [Category] = []
    for order in orderStores.indices {
      seen.removeAll(keepingCapacity: true)
      for item in orderItems[Int(itemStarts[order])..<Int(itemStarts[order + 1])] {
        let category = categories[item]!
        if !seen.contains(category) {
          seen.append(category)
          deltas[Key(store: orderStores[order], category: category), default: Totals()].orders +=
            Int(orderSigns[order])
        }
      }
    }
    let rows = try BulkStatement(
      db,
      sql: """
        INSERT INTO category_total (store_id, category, subcategory, orders, items, revenue_cents)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (store_id, category, subcategory) DO UPDATE SET orders = orders + excluded.orders,
          items = items + excluded.items, revenue_cents = revenue_cents + excluded.revenue_cents
        """)
    for (key, totals) in deltas {
      try rows.bind(1, storeIds[Int(key.store)])
      try rows.bind(2, key.category.category)
      try rows.bind(3, key.category.subcategory)
      try rows.bind(4, Int64(totals.orders))
      try rows.bind(5, Int64(totals.quantity))
      try rows.bind(6, totals.revenue)
      try rows.step()
    }
  }

  /// Recounts `category_total` from the order tables, by each item's current category.
  static func recountCategories(_ db: Database) throws {
    try db.execute(
      sql: """
        DELETE FROM category_total;
        INSERT INTO category_total
          SELECT o.store_id, m.category, COALESCE(m.subcategory, ''), COUNT(DISTINCT o.key),
                 SUM(l.quantity), SUM(l.subtotal_cents)
          FROM store_order o
          JOIN order_line l ON l.order_key = o.key
          JOIN menu_item m ON m.id = l.menu_item_id
          WHERE o.status = 'completed'
          GROUP BY o.store_id, m.category, COALESCE(m.subcategory, '');
        """)
  }

  /// Each store number's place in text order, so rows are written in the tables' key order.
  private static func ranks(_ storeIds: [String]) -> [Int] {
    var rank = [Int](repeating: 0, count: storeIds.count)
    for (place, store) in storeIds.indices.sorted(by: { storeIds[$0] < storeIds[$1] })
      .enumerated()
    {
      rank[store] = place
    }
    return rank
  }
}
