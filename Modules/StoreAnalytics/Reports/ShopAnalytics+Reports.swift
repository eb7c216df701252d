import AnalyticsCore
import StoreModel

extension ShopAnalytics {
  /// The most rows a list report returns: far above any screen or export, and a bound on what
  /// one answer reads.
  public static let maximumRows = 100_000

  /// `limit` when it is within 1…`maximumRows`.
  ///
  /// - throws: `TallyError` (usage) naming the accepted range: 0 or a negative limit would show
  ///   nothing (SQLite even reads a negative LIMIT as none).
  static func checked(_ limit: Int) throws -> Int {
    guard (1...maximumRows).contains(limit) else {
      throw TallyError.invalid(
        "limit", String(limit), expected: "a number from 1 to \(maximumRows)", category: .usage)
    }
    return limit
  }

  /// Daily totals of completed orders, newest first, up to the as-of day.
  public func daily(storeId: String, limit: Int, asOf: LocalDate) throws -> [DailyStats] {
    try daily(of: store(storeId), limit: limit, asOf: asOf)
  }

  /// `daily` of a store looked up before.
  public func daily(of store: KnownStore, limit: Int, asOf: LocalDate) throws -> [DailyStats] {
    let storeId = store.id
    return try repository.latestDays(of: storeId, through: asOf, limit: try Self.checked(limit))
      .map { day in
        DailyStats(
          storeId: storeId, date: day.date, totalOrders: day.orders, totalRevenue: day.revenue,
          totalTax: day.tax, totalWithTax: day.total,
          uniqueCustomers: knownCustomers(day.customers, orders: day.orders))
      }
  }

  /// The 24 hours of a local day, zero-filled.
  public func hourly(storeId: String, date: LocalDate) throws -> [RevenueBucket<Int>] {
    try hourly(of: store(storeId), range: DayRange(day: date))
  }

  /// `hourly` of a store looked up before.
  public func hourly(of store: KnownStore, date: LocalDate) throws -> [RevenueBucket<Int>] {
    try hourly(of: store, range: DayRange(day: date))
  }

  /// The 24 local hours summed over a range of days, zero-filled: the busiest hours.
  public func hourly(storeId: String, range: DayRange) throws -> [RevenueBucket<Int>] {
    try hourly(of: store(storeId), range: range)
  }

  /// `hourly(storeId:range:)` of a store looked up already.
  public func hourly(of store: KnownStore, range: DayRange) throws -> [RevenueBucket<Int>] {
    let storeId = store.id
    var hours = [(orders: Int, revenue: FixedDecimal)](repeating: (0, .zero), count: 24)
    for row in try repository.hours(of: storeId, in: range) {
      hours[row.hour].orders += row.orders
      hours[row.hour].revenue += row.revenue
    }
    return hours.enumerated().map {
      RevenueBucket(key: $0.offset, orders: $0.element.orders, revenue: $0.element.revenue)
    }
  }

  /// Orders and revenue by part of the day (all four always present), over all time or a range.
  public func timeDistribution(storeId: String, range: DayRange?) throws -> [RevenueBucket<DayPart>]
  {
    try timeDistribution(of: store(storeId), range: range)
  }

  /// `timeDistribution` of a store looked up before.
  public func timeDistribution(of store: KnownStore, range: DayRange?) throws
    -> [RevenueBucket<DayPart>]
  {
    let storeId = store.id
    // All time reads the 24 all-time hour totals; a range sums that range's hours.
    let hours: [(hour: Int, orders: Int, revenue: FixedDecimal)] =
      if let range {
        try repository.hours(of: storeId, in: range).map { ($0.hour, $0.orders, $0.revenue) }
      } else {
        try repository.hourTotals(of: storeId).map { ($0.hour, $0.orders, $0.revenue) }
      }
    var parts: [DayPart: (orders: Int, revenue: FixedDecimal)] = [:]
    for row in hours {
      parts[DayPart(hour: row.hour), default: (0, .zero)].orders += row.orders
      parts[DayPart(hour: row.hour), default: (0, .zero)].revenue += row.revenue
    }
    return DayPart.allCases.map {
      RevenueBucket(key: $0, orders: parts[$0]?.orders ?? 0, revenue: parts[$0]?.revenue ?? .zero)
    }
  }

  /// Category sales by revenue (highest first, `SalesRanking`), for one store or all, over all
  /// time or a range.
  public func categories(storeId: String?, range: DayRange? = nil, limit: Int) throws
    -> [CategorySales]
  {
    let limit = try Self.checked(limit)
    if let storeId { _ = try store(storeId) }
    guard let range else {
      return SalesRanking.categories(try repository.categorySales(of: storeId), limit: limit)
    }
    return SalesRanking.categories(
      try repository.categorySales(of: storeId, in: range), limit: limit)
  }

  /// A store's best-selling items by revenue (highest first, `SalesRanking`), over all time or a
  /// range.
  public func popular(storeId: String, range: DayRange? = nil, limit: Int) throws -> [ItemSales] {
    try popular(of: store(storeId), range: range, limit: limit)
  }

  /// `popular` of a store looked up before.
  public func popular(of store: KnownStore, range: DayRange? = nil, limit: Int) throws
    -> [ItemSales]
  {
    let limit = try Self.checked(limit)
    let storeId = store.id
    guard let range else {
      return SalesRanking.items(try repository.itemSales(of: storeId), limit: limit)
    }
    return SalesRanking.items(try repository.itemSales(of: storeId, in: range), limit: limit)
  }

  /// A store's best-selling items and its categories within a range, side by side as a report
  /// shows them.
  public func sales(storeId: String, range: DayRange, limit: Int) throws
    -> (items: [ItemSales], categories: [CategorySales])
  {
    try sales(of: store(storeId), range: range, limit: limit)
  }

  /// `sales(storeId:range:limit:)` of a store looked up already.
  public func sales(of store: KnownStore, range: DayRange, limit: Int) throws
    -> (items: [ItemSales], categories: [CategorySales])
  {
    let limit = try Self.checked(limit)
    let sales = try repository.sales(of: store.id, in: range)
    return (
      SalesRanking.items(sales.items, limit: limit),
      SalesRanking.categories(sales.categories, limit: limit)
    )
  }

  /// KPIs of a window against the previous one.
  public func metrics(storeId: String, range: MetricsRange, asOf: LocalDate, calendar: Bool)
    throws -> StoreMetrics
  {
    try metrics(of: store(storeId), range: range, asOf: asOf, calendar: calendar)
  }

  /// `metrics` of a store looked up before.
  public func metrics(of store: KnownStore, range: MetricsRange, asOf: LocalDate, calendar: Bool)
    throws -> StoreMetrics
  {
    let (current, previous) = range.windows(asOf: asOf, calendar: calendar)
    return try metrics(of: store, current: current, previous: previous)
  }

  /// KPIs of a window against another.
  public func metrics(storeId: String, current: DayRange, previous: DayRange) throws
    -> StoreMetrics
  {
    try metrics(of: store(storeId), current: current, previous: previous)
  }

  private func metrics(of store: KnownStore, current: DayRange, previous: DayRange) throws
    -> StoreMetrics
  {
    let storeId = store.id
    let totals = try repository.metricsTotals(of: storeId, current: current, previous: previous)
    return StoreMetrics(
      current: current, previous: previous, totalRevenue: totals.revenue,
      totalOrders: totals.orders,
      uniqueCustomers: knownCustomers(totals.customers, orders: totals.orders),
      previousRevenue: totals.previousRevenue, previousOrders: totals.previousOrders,
      cancelled: totals.cancelled, refunded: totals.refunded, totalTax: totals.tax,
      parts: totals.parts)
  }

  /// The revenue chart of a window, zero-filled and chronological: today by hour, week and month
  /// by day, quarter by Monday week, year by month. Buckets reaching outside the window count
  /// only the window's days.
  public func chart(storeId: String, range: MetricsRange, asOf: LocalDate) throws
    -> [RevenueBucket<ChartBucket>]
  {
    try chart(of: store(storeId), range: range, asOf: asOf)
  }

  /// `chart` of a store looked up before.
  public func chart(of store: KnownStore, range: MetricsRange, asOf: LocalDate) throws
    -> [RevenueBucket<ChartBucket>]
  {
    if range == .today {
      return try hourly(of: store, date: asOf).map {
        RevenueBucket(key: .hour($0.key), orders: $0.orders, revenue: $0.revenue)
      }
    }
    let period: Period = range == .quarter ? .week : range == .year ? .month : .day
    return try chart(
      of: store, window: try DayRange.lastDays(range.days, asOf: asOf), by: period)
  }

  /// The revenue chart of any window by day, Monday week or month.
  public func chart(storeId: String, window: DayRange, by period: Period) throws
    -> [RevenueBucket<ChartBucket>]
  {
    try chart(of: store(storeId), window: window, by: period)
  }

  private func chart(of store: KnownStore, window: DayRange, by period: Period) throws
    -> [RevenueBucket<ChartBucket>]
  {
    let storeId = store.id
    // Quarter and year buckets would be too coarse for a chart: they become months.
    let period: Period = period == .day || period == .week ? period : .month
    var byDay: [LocalDate: (orders: Int, revenue: FixedDecimal)] = [:]
    let days = try repository.days(of: storeId, in: window)
    for day in days {
      byDay[day.date] = (day.orders, day.revenue)
    }
    // The day the store opened, when it lies in the window: its first order, with none before.
    var opened: LocalDate?
    if period != .day, let first = days.filter({ $0.orders > 0 }).map(\.date).min(),
      first > window.start,
      try repository.latestDays(of: storeId, through: window.start.adding(days: -1), limit: 1)
        .isEmpty
    {
      opened = first
    }
    return window.buckets(by: period).map { bucket in
      var orders = 0
      var revenue = FixedDecimal.zero
      for day in bucket.overlap {
        if let value = byDay[day] {
          orders += value.orders
          revenue += value.revenue
        }
      }
      let key: ChartBucket =
        switch period {
        case .day: .day(bucket.start)
        case .week: .week(startingOn: bucket.start)
        default: .month(startingOn: bucket.start)
        }
      let partial =
        period != .day
        && (bucket.overlap != bucket.period
          || opened.map { $0 > bucket.period.start && $0 <= bucket.period.end } == true)
      return RevenueBucket(key: key, orders: orders, revenue: revenue, partial: partial)
    }
  }
}

extension ShopAnalytics {
  /// Sales by day of the week over a range, Monday first, all seven always present.
  public func weekdays(storeId: String, range: DayRange) throws -> [WeekdaySales] {
    _ = try store(storeId)
    var days: [Weekday: Int] = [:]
    for day in range { days[day.weekday, default: 0] += 1 }
    var sales: [Weekday: (orders: Int, revenue: FixedDecimal)] = [:]
    for day in try repository.days(of: storeId, in: range) {
      sales[day.date.weekday, default: (0, .zero)].orders += day.orders
      sales[day.date.weekday, default: (0, .zero)].revenue += day.revenue
    }
    return Weekday.allCases.sorted().map { weekday in
      WeekdaySales(
        weekday: weekday, days: days[weekday] ?? 0, orders: sales[weekday]?.orders ?? 0,
        revenue: sales[weekday]?.revenue ?? .zero)
    }
  }
}
