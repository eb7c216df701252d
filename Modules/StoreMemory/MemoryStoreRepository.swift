import AnalyticsCore
import StoreAnalytics
import StoreModel

/// A `StoreRepository` kept in memory, for the store's rule tests (hummingbird-examples'
/// memory repository): no engine, so a rule test says what the domain does and nothing else.
///
/// It behaves as a database backend does: the aggregate tables hold the deltas the domain hands
/// over (never recounted here), reads answer from them, and the aggregate tests recount them
/// from its orders as they do SQLite's and PostgreSQL's. A transaction works on a copy that
/// replaces the state when its body returns, so a failed import leaves nothing.
public final class MemoryStoreRepository: StoreRepository {
  private let state = LockedValue(MemoryStoreState())
  /// One transaction at a time, as a database's write lock; reads go on beside it.
  private let writing = LockedValue(())

  public init() {}

  /// The rows as they stand: for a test that recounts them.
  public var snapshot: MemoryStoreState { state.current }

  public func shops() throws -> [Shop] { Array(state.current.shops.values) }

  public func shop(id: String) throws -> Shop? { state.current.shops[id] }

  public func revision() throws -> Int64? { state.current.revision }

  public func inTransaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
    try writing.withLock { _ in
      let transaction = MemoryStoreTransaction(state.current)
      let result = try body(transaction)
      transaction.state.revision += 1
      state.current = transaction.state
      return result
    }
  }

  public func metricsTotals(of storeId: String, current: DayRange, previous: DayRange) throws
    -> MetricsTotals
  {
    let rows = state.current
    var totals = MetricsTotals()
    for day in rows.days.values where day.storeId == storeId {
      if current.contains(day.date) {
        totals.orders = totals.orders + day.orders
        totals.revenue = totals.revenue + day.revenue
        totals.tax = totals.tax + day.tax
      }
      if previous.contains(day.date) {
        totals.previousOrders = totals.previousOrders + day.orders
        totals.previousRevenue = totals.previousRevenue + day.revenue
      }
    }
    totals.customers =
      Set(
        rows.dayCustomers.keys.filter { $0.storeId == storeId && current.contains($0.date) }
          .map(\.customerKey)
      ).count
    for row in rows.statuses.values where row.storeId == storeId && current.contains(row.date) {
      if row.status == .cancelled {
        totals.cancelled.orders = totals.cancelled.orders + row.orders
        totals.cancelled.amount = totals.cancelled.amount + row.amount
      } else {
        totals.refunded.orders = totals.refunded.orders + row.orders
        totals.refunded.amount = totals.refunded.amount + row.amount
      }
    }
    for row in rows.kinds.values where row.storeId == storeId && current.contains(row.date) {
      totals.parts[row.kind] = totals.parts[row.kind] + row.amount
    }
    return totals
  }

  public func menuItems(ids: [Int64]) throws -> [MenuItem] {
    ids.compactMap { state.current.items[$0] }
  }

  public func shifts(of storeId: String, from: Instant, before: Instant) throws -> [Shift] {
    state.current.shifts(of: storeId, from: from, before: before)
  }

  public func days(of storeId: String, in range: DayRange) throws -> [StoreDay] {
    state.current.days.values.filter { $0.storeId == storeId && range.contains($0.date) }
      .sorted { $0.date < $1.date }
  }

  public func latestDays(of storeId: String, through day: LocalDate, limit: Int) throws
    -> [StoreDay]
  {
    Array(
      state.current.days.values.filter { $0.storeId == storeId && $0.date <= day }
        .sorted { $0.date > $1.date }.prefix(limit))
  }

  public func hours(of storeId: String, in range: DayRange) throws -> [StoreHour] {
    state.current.hours.values.filter { $0.storeId == storeId && range.contains($0.date) }
      .sorted { ($0.date, $0.hour) < ($1.date, $1.hour) }
  }

  public func hourTotals(of storeId: String) throws -> [StoreHourTotal] {
    state.current.hourTotals.values.filter { $0.storeId == storeId }.sorted { $0.hour < $1.hour }
  }

  public func itemSales(of storeId: String) throws -> [ItemSales] {
    let rows = state.current
    return rows.itemTotals.values.filter { $0.storeId == storeId }.map { total in
      ItemSales(
        storeId: storeId, menuItemId: total.menuItemId,
        itemName: rows.items[total.menuItemId]?.name ?? "", timesOrdered: total.orders,
        totalQuantity: total.quantity, totalRevenue: total.revenue)
    }
  }

  public func categorySales(of storeId: String?) throws -> [CategorySales] {
    var sums: [CategoryKey: (orders: Int, items: Quantity, revenue: FixedDecimal)] = [:]
    for total in state.current.categories.values where storeId == nil || total.storeId == storeId {
      let key = CategoryKey(category: total.category, subcategory: total.subcategory)
      var sum = sums[key] ?? (0, Quantity(thousandths: 0), .zero)
      sum.orders = sum.orders + total.orders
      sum.items = sum.items + total.items
      sum.revenue = sum.revenue + total.revenue
      sums[key] = sum
    }
    return sums.map { key, sum in
      CategorySales(
        category: key.category, subcategory: key.subcategory.isEmpty ? nil : key.subcategory,
        orderCount: sum.orders, itemsSold: sum.items, totalRevenue: sum.revenue)
    }
  }

  public func itemSales(of storeId: String, in range: DayRange) throws -> [ItemSales] {
    let rows = state.current
    return windowSales(rows, storeId, range) { $0.menuItemId }.map { item, sum in
      ItemSales(
        storeId: storeId, menuItemId: item, itemName: rows.items[item]?.name ?? "",
        timesOrdered: sum.orders, totalQuantity: sum.items, totalRevenue: sum.revenue)
    }
  }

  public func categorySales(of storeId: String?, in range: DayRange) throws -> [CategorySales] {
    windowSales(state.current, storeId, range) { $0.category }.map { key, sum in
      CategorySales(
        category: key.category, subcategory: key.subcategory.isEmpty ? nil : key.subcategory,
        orderCount: sum.orders, itemsSold: sum.items, totalRevenue: sum.revenue)
    }
  }

  /// The sale lines of a window's completed orders summed by `key`; an order counts once for
  /// each key its lines hold.
  private func windowSales<Key: Hashable>(
    _ rows: MemoryStoreState, _ storeId: String?, _ range: DayRange,
    by key: (OrderLine) -> Key
  ) -> [Key: (orders: Int, items: Quantity, revenue: FixedDecimal)] {
    var sums: [Key: (orders: Int, items: Quantity, revenue: FixedDecimal)] = [:]
    for order in rows.orders.values
    where (storeId == nil || order.storeId == storeId) && range.contains(order.localDate)
      && order.status == .completed
    {
      var counted = Set<Key>()
      for line in rows.lines[order.key] ?? [] where line.kind == .sale {
        let key = key(line)
        var sum = sums[key] ?? (0, Quantity(thousandths: 0), .zero)
        if counted.insert(key).inserted { sum.orders += 1 }
        sum.items = sum.items + line.quantity
        sum.revenue = sum.revenue + line.subtotal
        sums[key] = sum
      }
    }
    return sums
  }

  public func customerSales(of storeId: String, in range: DayRange) throws -> [CustomerSales] {
    struct Key: Hashable {
      let id: String?
      let name: String?
    }
    var groups: [Key: CustomerSales] = [:]
    var firstDays: [String: LocalDate] = [:]
    for order in state.current.orders.values
    where order.storeId == storeId && order.status == .completed {
      guard let id = order.customerId, !id.isEmpty else { continue }
      firstDays[id] = min(firstDays[id] ?? order.localDate, order.localDate)
    }
    for order in completedOrders(of: storeId, in: range) {
      let customer = order.customerId.flatMap { $0.isEmpty ? nil : $0 }
      let key = Key(id: customer, name: order.customerName)
      if var group = groups[key] {
        group.orders += 1
        group.spent = group.spent + order.subtotal
        group.firstOrder = min(group.firstOrder, order.placedAt)
        group.lastOrder = max(group.lastOrder, order.placedAt)
        groups[key] = group
      } else {
        groups[key] = CustomerSales(
          customerId: customer, name: order.customerName, orders: 1, spent: order.subtotal,
          firstOrder: order.placedAt, lastOrder: order.placedAt,
          firstDay: customer.flatMap { firstDays[$0] })
      }
    }
    return Array(groups.values)
  }

  public func customerFirstDays(of storeId: String, in range: DayRange) throws
    -> [(customer: Int64, day: LocalDate)]
  {
    var first: [Int64: LocalDate] = [:]
    for key in state.current.dayCustomers.keys where key.storeId == storeId {
      first[key.customerKey] = min(first[key.customerKey] ?? key.date, key.date)
    }
    return first.filter { range.contains($0.value) }.map { ($0.key, $0.value) }
  }

  public func customerDays(of storeId: String, in range: DayRange) throws
    -> [(customer: Int64, day: LocalDate)]
  {
    state.current.dayCustomers.keys.filter { $0.storeId == storeId && range.contains($0.date) }
      .map { ($0.customerKey, $0.date) }
  }

  public func orderExtremes(of storeId: String, in range: DayRange) throws -> OrderExtremes? {
    let subtotals = completedOrders(of: storeId, in: range).map(\.subtotal)
    guard let highest = subtotals.max(), let lowest = subtotals.min() else { return nil }
    return OrderExtremes(highest: highest, lowest: lowest)
  }

  private func completedOrders(of storeId: String, in range: DayRange) -> [StoreOrder] {
    state.current.orders.values.filter {
      $0.storeId == storeId && range.contains($0.localDate) && $0.status == .completed
    }
  }
}
