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
    try daily(of: StoreGroup(store), limit: limit, asOf: asOf)
  }

  /// Daily totals of a group of stores, newest first: each day its stores' same local day.
  public func daily(of group: StoreGroup, limit: Int, asOf: LocalDate) throws -> [DailyStats] {
    let limit = try Self.checked(limit)
    var days: [LocalDate: StoreDay] = [:]
    // Each store's latest `limit` days hold every one of the group's latest `limit`.
    for store in group.stores {
      for day in try repository.latestDays(of: store.id, through: asOf, limit: limit) {
        guard var sum = days[day.date] else {
          days[day.date] = day
          continue
        }
        sum.orders += day.orders
        sum.revenue += day.revenue
        sum.tax += day.tax
        sum.total += day.total
        sum.customers += day.customers
        days[day.date] = sum
      }
    }
    return try days.keys.sorted(by: >).prefix(limit).map { date in
      let day = days[date]!
      let customers = try customers(of: group, in: DayRange(day: date), summed: day.customers)
      return DailyStats(
        storeId: group.storeId, date: date, totalOrders: day.orders, totalRevenue: day.revenue,
        totalTax: day.tax, totalWithTax: day.total,
        uniqueCustomers: knownCustomers(customers, orders: day.orders))
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
    try hourly(of: StoreGroup(store), range: range)
  }

  /// The 24 local hours of a group's stores (each in its own zone) summed over a range of days.
  public func hourly(of group: StoreGroup, range: DayRange) throws -> [RevenueBucket<Int>] {
    let hours = try summed(group) { store in
      try repository.hours(of: store.id, in: range).map { ($0.hour, $0.orders, $0.revenue) }
    }
    return (0..<24).map {
      RevenueBucket(key: $0, orders: hours[$0]?.orders ?? 0, revenue: hours[$0]?.revenue ?? .zero)
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

  /// A group's categories: the chain's as the backend sums them; a group's summed per store.
  public func categories(of group: StoreGroup, range: DayRange? = nil, limit: Int) throws
    -> [CategorySales]
  {
    if group.isChain || group.stores.count == 1 {
      return try categories(
        storeId: group.isChain ? nil : group.storeId, range: range, limit: limit)
    }
    guard let range else { return try categories(storeIds: Set(group.ids), limit: limit) }
    let rows = try group.stores.flatMap { try repository.categorySales(of: $0.id, in: range) }
    return SalesRanking.categories(Self.summedCategories(rows), limit: try Self.checked(limit))
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
    try popular(of: StoreGroup(store), range: range, limit: limit)
  }

  /// A group's best-selling items: one store's items as they are; across stores, the items of
  /// one name summed (each store has its own menu), with no store or item id.
  public func popular(of group: StoreGroup, range: DayRange? = nil, limit: Int) throws
    -> [ItemSales]
  {
    let limit = try Self.checked(limit)
    let rows = try itemSales(of: group, range: range)
    guard group.stores.count > 1 else { return SalesRanking.items(rows, limit: limit) }
    var byName: [String: (orders: Int, quantity: Quantity, revenue: FixedDecimal)] = [:]
    for row in rows {
      byName[row.itemName, default: (0, .zero, .zero)].orders += row.timesOrdered
      byName[row.itemName, default: (0, .zero, .zero)].quantity += row.totalQuantity
      byName[row.itemName, default: (0, .zero, .zero)].revenue += row.totalRevenue
    }
    return SalesRanking.items(
      byName.map {
        ItemSales(
          storeId: nil, menuItemId: nil, itemName: $0.key, timesOrdered: $0.value.orders,
          totalQuantity: $0.value.quantity, totalRevenue: $0.value.revenue)
      }, limit: limit)
  }

  /// Every store's item rows of a group, over all time or a range.
  func itemSales(of group: StoreGroup, range: DayRange?) throws -> [ItemSales] {
    try group.stores.flatMap { store in
      try range.map { try repository.itemSales(of: store.id, in: $0) }
        ?? repository.itemSales(of: store.id)
    }
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
    try metrics(of: StoreGroup(store), current: current, previous: previous)
  }

  /// KPIs of a group's rolling or calendar window against the previous one.
  public func metrics(of group: StoreGroup, range: MetricsRange, asOf: LocalDate, calendar: Bool)
    throws -> StoreMetrics
  {
    let (current, previous) = range.windows(asOf: asOf, calendar: calendar)
    return try metrics(of: group, current: current, previous: previous)
  }

  /// KPIs of a group of stores (each store's local days) against another window; for more than
  /// one store, with the comparable stores' sales apart (`SameStoreSales`).
  public func metrics(of group: StoreGroup, current: DayRange, previous: DayRange) throws
    -> StoreMetrics
  {
    var totals = MetricsTotals()
    var sameStore = SameStoreSales()
    for store in group.stores {
      let own = try repository.metricsTotals(of: store.id, current: current, previous: previous)
      totals.add(own)
      if group.stores.count > 1, own.orders > 0, own.previousOrders > 0,
        try !repository.latestDays(of: store.id, through: previous.start, limit: 1).isEmpty
      {
        sameStore.storeIds.append(store.id)
        sameStore.revenue += own.revenue
        sameStore.previousRevenue += own.previousRevenue
        sameStore.orders += own.orders
        sameStore.previousOrders += own.previousOrders
      }
    }
    totals.customers = try customers(of: group, in: current, summed: totals.customers)
    var metrics = StoreMetrics(
      current: current, previous: previous, totalRevenue: totals.revenue,
      totalOrders: totals.orders,
      uniqueCustomers: knownCustomers(totals.customers, orders: totals.orders),
      previousRevenue: totals.previousRevenue, previousOrders: totals.previousOrders,
      cancelled: totals.cancelled, refunded: totals.refunded, totalTax: totals.tax,
      parts: totals.parts)
    if group.stores.count > 1 { metrics.sameStore = sameStore }
    return metrics
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
    try chart(of: StoreGroup(store), range: range, asOf: asOf)
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
    try chart(of: StoreGroup(store), window: window, by: period)
  }

  /// A group's revenue chart of a rolling window (as `chart(of:range:asOf:)` for one store).
  public func chart(of group: StoreGroup, range: MetricsRange, asOf: LocalDate) throws
    -> [RevenueBucket<ChartBucket>]
  {
    if range == .today {
      return try hourly(of: group, range: DayRange(day: asOf)).map {
        RevenueBucket(key: .hour($0.key), orders: $0.orders, revenue: $0.revenue)
      }
    }
    let period: Period = range == .quarter ? .week : range == .year ? .month : .day
    return try chart(
      of: group, window: try DayRange.lastDays(range.days, asOf: asOf), by: period)
  }

  /// A group's revenue chart of any window by day, Monday week or month.
  public func chart(of group: StoreGroup, window: DayRange, by period: Period) throws
    -> [RevenueBucket<ChartBucket>]
  {
    // Quarter and year buckets would be too coarse for a chart: they become months.
    let period: Period = period == .day || period == .week ? period : .month
    let byDay = try summed(group) { store in
      try repository.days(of: store.id, in: window).map { ($0.date, $0.orders, $0.revenue) }
    }
    // The day the group's first store opened, when it lies in the window: its first order, with
    // none before at any of the stores.
    var opened: LocalDate?
    if period != .day, let first = byDay.filter({ $0.value.orders > 0 }).keys.min(),
      first > window.start,
      try group.stores.allSatisfy({
        try repository.latestDays(of: $0.id, through: window.start.adding(days: -1), limit: 1)
          .isEmpty
      })
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
    try weekdays(of: StoreGroup(store(storeId)), range: range)
  }

  /// A group's sales by day of the week, each store's days its own.
  public func weekdays(of group: StoreGroup, range: DayRange) throws -> [WeekdaySales] {
    var days: [Weekday: Int] = [:]
    for day in range { days[day.weekday, default: 0] += 1 }
    let sales = try summed(group) { store in
      try repository.days(of: store.id, in: range).map {
        ($0.date.weekday, $0.orders, $0.revenue)
      }
    }
    return Weekday.allCases.sorted().map { weekday in
      WeekdaySales(
        weekday: weekday, days: days[weekday] ?? 0, orders: sales[weekday]?.orders ?? 0,
        revenue: sales[weekday]?.revenue ?? .zero)
    }
  }
}
