import AnalyticsCore
import GRDB
import Storage

extension StoreMetricsStore {
  /// Daily totals of completed orders, newest first, up to the as-of day.
  public func daily(storeId: String, limit: Int, asOf: LocalDate) throws -> [DailyStats] {
    try writer.read { db in
      _ = try Self.store(db, storeId)
      return try StoreDayTotal.filter(Column("store_id") == storeId && Column("date") <= asOf)
        .order(Column("date").desc).limit(limit).fetchAll(db)
        .map { day in
          DailyStats(
            storeId: storeId, date: day.date, totalOrders: day.orders, totalRevenue: day.revenue,
            totalTax: day.tax, totalWithTax: day.total, uniqueCustomers: day.customers)
        }
    }
  }

  /// The 24 hours of a local day, zero-filled; labels are the hours `0`…`23`.
  public func hourly(storeId: String, date: LocalDate) throws -> [RevenueBucket] {
    try writer.read { db in
      _ = try Self.store(db, storeId)
      var hours = [(orders: Int, revenue: Int64)](repeating: (0, 0), count: 24)
      for row in try Row.fetchAll(
        db,
        sql: "SELECT hour, orders, revenue_cents FROM store_hour WHERE store_id = ? AND date = ?",
        arguments: [storeId, date])
      {
        hours[row[0] as Int] = (row[1], row[2])
      }
      return hours.enumerated().map {
        RevenueBucket(
          label: String($0.offset), orders: $0.element.orders,
          revenue: FixedDecimal(hundredths: $0.element.revenue))
      }
    }
  }

  /// Orders and revenue by part of the day (all four always present), over all time or a range.
  public func timeDistribution(storeId: String, range: DayRange?) throws -> [RevenueBucket] {
    try writer.read { db in
      _ = try Self.store(db, storeId)
      // All time reads the 24 all-time hour totals; a range sums that range's hours.
      var sql =
        "SELECT hour, SUM(orders), SUM(revenue_cents) FROM store_hour_total WHERE store_id = ?"
      var arguments: StatementArguments = [storeId]
      if let range {
        sql = "SELECT hour, SUM(orders), SUM(revenue_cents) FROM store_hour WHERE store_id = ?"
        sql += " AND date BETWEEN ? AND ?"
        arguments += [range.start, range.end]
      }
      var parts: [DayPart: (orders: Int, revenue: Int64)] = [:]
      for row in try Row.fetchAll(db, sql: sql + " GROUP BY hour", arguments: arguments) {
        let part = DayPart(hour: row[0])
        parts[part, default: (0, 0)].orders += row[1] as Int
        parts[part, default: (0, 0)].revenue += row[2] as Int64
      }
      return DayPart.allCases.map {
        RevenueBucket(
          label: $0.rawValue, orders: parts[$0]?.orders ?? 0,
          revenue: FixedDecimal(hundredths: parts[$0]?.revenue ?? 0))
      }
    }
  }

  /// Category sales by revenue (highest first), for one store or all.
  public func categories(storeId: String?, limit: Int) throws -> [CategorySales] {
    try writer.read { db in
      var sql =
        "SELECT category, subcategory, SUM(orders), SUM(items), SUM(revenue_cents) AS revenue FROM category_total"
      var arguments: StatementArguments = []
      if let storeId {
        _ = try Self.store(db, storeId)
        sql += " WHERE store_id = ?"
        arguments = [storeId]
      }
      sql += " GROUP BY category, subcategory ORDER BY revenue DESC, category, subcategory LIMIT ?"
      arguments += [limit]
      return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
        let subcategory: String = row[1]
        return CategorySales(
          category: row[0], subcategory: subcategory.isEmpty ? nil : subcategory,
          orderCount: row[2],
          itemsSold: row[3], totalRevenue: row[4])
      }
    }
  }

  /// A store's best-selling items by revenue (highest first).
  public func popular(storeId: String, limit: Int) throws -> [ItemSales] {
    try writer.read { db in
      _ = try Self.store(db, storeId)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT t.menu_item_id, m.name, t.orders, t.quantity, t.revenue_cents FROM item_total t
          JOIN menu_item m ON m.id = t.menu_item_id
          WHERE t.store_id = ? ORDER BY t.revenue_cents DESC, m.name LIMIT ?
          """, arguments: [storeId, limit]
      ).map { row in
        ItemSales(
          storeId: storeId, menuItemId: row[0], itemName: row[1], timesOrdered: row[2],
          totalQuantity: row[3], totalRevenue: row[4])
      }
    }
  }

  /// KPIs of a window against the previous one.
  public func metrics(storeId: String, range: MetricsRange, asOf: LocalDate, calendar: Bool)
    throws -> StoreMetrics
  {
    let (current, previous) = range.windows(asOf: asOf, calendar: calendar)
    return try writer.read { db in
      _ = try Self.store(db, storeId)
      func totals(_ window: DayRange) throws -> (orders: Int, revenue: Int64) {
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT COALESCE(SUM(orders), 0), COALESCE(SUM(revenue_cents), 0) FROM store_day
            WHERE store_id = ? AND date BETWEEN ? AND ?
            """, arguments: [storeId, window.start, window.end])!
        return (row[0], row[1])
      }
      let now = try totals(current)
      let before = try totals(previous)
      let customers =
        try Int.fetchOne(
          db,
          sql: """
            SELECT COUNT(DISTINCT customer_key) FROM store_day_customer
            WHERE store_id = ? AND date BETWEEN ? AND ?
            """, arguments: [storeId, current.start, current.end]) ?? 0
      return StoreMetrics(
        current: current, previous: previous, totalRevenue: FixedDecimal(hundredths: now.revenue),
        totalOrders: now.orders, uniqueCustomers: customers,
        previousRevenue: FixedDecimal(hundredths: before.revenue), previousOrders: before.orders)
    }
  }

  /// The revenue chart of a window, zero-filled and chronological: today by hour (`12am`…`11pm`),
  /// week by day (`Mon`), month by day (`Feb 8`), quarter by Monday week (`Week of Feb 2`), year by
  /// month (`Mar 2025`). Buckets reaching outside the window count only the window's days.
  public func chart(storeId: String, range: MetricsRange, asOf: LocalDate) throws -> [RevenueBucket]
  {
    if range == .today {
      return try hourly(storeId: storeId, date: asOf).enumerated().map { hour, bucket in
        RevenueBucket(label: Self.hourLabel(hour), orders: bucket.orders, revenue: bucket.revenue)
      }
    }
    let window = try DayRange.lastDays(range.days, asOf: asOf)
    let byDay: [LocalDate: (orders: Int, revenue: Int64)] = try writer.read { db in
      _ = try Self.store(db, storeId)
      var days: [LocalDate: (Int, Int64)] = [:]
      for row in try Row.fetchAll(
        db,
        sql:
          "SELECT date, orders, revenue_cents FROM store_day WHERE store_id = ? AND date BETWEEN ? AND ?",
        arguments: [storeId, window.start, window.end])
      {
        days[row[0] as LocalDate] = (row[1], row[2])
      }
      return days
    }
    let period: Period = range == .quarter ? .week : range == .year ? .month : .day
    return window.buckets(by: period).map { bucket in
      var orders = 0
      var revenue: Int64 = 0
      for day in bucket.overlap {
        if let value = byDay[day] {
          orders += value.orders
          revenue += value.revenue
        }
      }
      return RevenueBucket(
        label: Self.label(bucket.start, range: range), orders: orders,
        revenue: FixedDecimal(hundredths: revenue))
    }
  }

  static func hourLabel(_ hour: Int) -> String {
    let twelve = hour % 12 == 0 ? 12 : hour % 12
    return "\(twelve)\(hour < 12 ? "am" : "pm")"
  }

  static func label(_ day: LocalDate, range: MetricsRange) -> String {
    let month = day.shortMonthName
    switch range {
    case .today: return ""
    case .week: return day.weekday.shortName
    case .month: return "\(month) \(day.day)"
    case .quarter: return "Week of \(month) \(day.day)"
    case .year: return "\(month) \(day.year)"
    }
  }
}
