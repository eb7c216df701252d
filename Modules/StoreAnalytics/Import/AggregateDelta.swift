import AnalyticsCore
import StoreModel

/// What one import changes in the aggregate tables, summed in memory over all its parts while
/// the order rows are written, and handed to the repository once at the end
/// (`AggregateChanges`), in the import's transaction. Applied part by part, the benchmark's
/// 2.5M lines (orders in no order of day) wrote each store's day and hour rows 25 times, and
/// counted each day's customers again each time: 3.5 of its 11.5 s.
///
/// Every aggregate is a sum over completed orders of integers — order counts, quantities, cents,
/// and per customer and day a count of orders — so adding an import's exact deltas, and
/// subtracting those of the orders it replaces, keeps each row equal to a recount from the order
/// tables. Rows whose order count falls to zero are deleted. Distinct counts stay exact because
/// they are sums too: an order counts once for each distinct item (and category) it holds, and a
/// customer is on a day while their order count there is above zero.
struct AggregateDelta {
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

  private struct StatusKey: Hashable {
    let store: Int32
    let day: Int32
    let status: OrderStatus
  }

  private struct KindKey: Hashable {
    let store: Int32
    let day: Int32
    let kind: LineKind
  }

  private struct ItemKey: Hashable {
    let store: Int32
    let item: Int64
  }

  private struct ItemMonthKey: Hashable {
    let store: Int32
    /// year × 12 + month − 1.
    let month: Int32
    let item: Int64
  }

  private struct CategoryTotalKey: Hashable {
    let store: Int32
    let category: CategoryKey
  }

  private struct Totals {
    var orders = 0
    /// In thousandths of a unit.
    var quantity: Int64 = 0
    var revenue: Int64 = 0
    var tax: Int64 = 0
    var total: Int64 = 0

    /// Adds signed `orders` and the other amounts times `sign`.
    mutating func add(
      orders: Int, quantity: Int64 = 0, revenue: Int64, tax: Int64 = 0, total: Int64 = 0, sign: Int
    ) {
      self.orders += orders
      self.quantity += quantity * Int64(sign)
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
  private var itemMonths: [ItemMonthKey: Totals] = [:]
  private var statuses: [StatusKey: Totals] = [:]
  private var kinds: [KindKey: Totals] = [:]
  private var categories: [CategoryTotalKey: Totals] = [:]
  /// The store and sign of the order begun last, which its lines take.
  private var orderStore: Int32 = 0
  private var orderDay: Int32 = 0
  private var orderMonth: Int32 = 0
  private var orderSign = 1
  /// The categories and items of the order begun last, so that it counts once in each.
  private var orderCategories: [CategoryKey] = []
  private var orderItems: [Int64] = []
  private var orderKinds: [LineKind] = []
  /// Whether any order was taken away (rows may have fallen to zero).
  private var removes = false

  /// Starts a completed order: `sign` is 1 for an order written, -1 for one replaced.
  mutating func beginOrder(
    store: Int32, day: LocalDate, hour: Int, customer: Int64?, subtotal: Int64, tax: Int64,
    total: Int64, sign: Int
  ) {
    if sign < 0 { removes = true }
    let dayNumber = Int32(day.daysSinceEpoch)
    orderMonth = Int32(day.year * 12 + day.month - 1)
    days[DayKey(store: store, day: dayNumber), default: Totals()].add(
      orders: sign, revenue: subtotal, tax: tax, total: total, sign: sign)
    hours[HourKey(store: store, day: dayNumber, hour: Int32(hour)), default: Totals()].add(
      orders: sign, revenue: subtotal, sign: sign)
    if let customer {
      customers[CustomerKey(store: store, day: dayNumber, customer: customer), default: 0] += sign
    }
    orderStore = store
    orderDay = dayNumber
    orderSign = sign
    orderCategories.removeAll(keepingCapacity: true)
    orderItems.removeAll(keepingCapacity: true)
    orderKinds.removeAll(keepingCapacity: true)
  }

  /// Adds (`sign` 1) or takes away (-1) a stored order and its lines, whatever its status.
  mutating func add(
    _ order: StoreOrder, lines: [OrderLine], store: Int32, customer: Int64?, sign: Int
  ) {
    guard order.status == .completed else {
      addUnsold(
        store: store, day: order.localDate, status: order.status,
        subtotal: order.subtotal.hundredths, sign: sign)
      return
    }
    beginOrder(
      store: store, day: order.localDate, hour: order.localHour, customer: customer,
      subtotal: order.subtotal.hundredths, tax: order.tax.hundredths,
      total: order.total.hundredths, sign: sign)
    for line in lines {
      addLine(
        item: line.menuItemId, category: line.category, quantity: line.quantity.thousandths,
        revenue: line.subtotal.hundredths, kind: line.kind)
    }
  }

  /// Adds a cancelled or refunded order: `sign` is 1 for an order written, -1 for one taken away.
  mutating func addUnsold(
    store: Int32, day: LocalDate, status: OrderStatus, subtotal: Int64, sign: Int
  ) {
    if sign < 0 { removes = true }
    statuses[
      StatusKey(store: store, day: Int32(day.daysSinceEpoch), status: status), default: Totals()
    ].add(orders: sign, revenue: subtotal, sign: sign)
  }

  /// Adds a line of the order begun last to its day's lines of its kind; a sale line also to its
  /// item and to the category it was sold under.
  mutating func addLine(
    item: Int64, category: CategoryKey, quantity: Int64, revenue: Int64, kind: LineKind
  ) {
    let sign = orderSign
    let firstOfKind = !orderKinds.contains(kind)
    if firstOfKind { orderKinds.append(kind) }
    kinds[KindKey(store: orderStore, day: orderDay, kind: kind), default: Totals()].add(
      orders: firstOfKind ? sign : 0, revenue: revenue, sign: sign)
    guard kind == .sale else { return }
    let firstOfCategory = !orderCategories.contains(category)
    if firstOfCategory { orderCategories.append(category) }
    categories[CategoryTotalKey(store: orderStore, category: category), default: Totals()]
      .add(orders: firstOfCategory ? sign : 0, quantity: quantity, revenue: revenue, sign: sign)
    let firstOfItem = !orderItems.contains(item)
    if firstOfItem { orderItems.append(item) }
    items[ItemKey(store: orderStore, item: item), default: Totals()].add(
      orders: firstOfItem ? sign : 0, quantity: quantity, revenue: revenue, sign: sign)
    itemMonths[ItemMonthKey(store: orderStore, month: orderMonth, item: item), default: Totals()]
      .add(orders: firstOfItem ? sign : 0, quantity: quantity, revenue: revenue, sign: sign)
  }

  /// The deltas as typed rows in each table's key order. `storeIds` names the store numbers.
  func changes(storeIds: [String]) -> AggregateChanges {
    let rank = Self.ranks(storeIds)
    var dates: [Int32: LocalDate] = [:]
    func date(_ day: Int32) -> LocalDate {
      if let known = dates[day] { return known }
      let made = LocalDate(daysSinceEpoch: Int(day))
      dates[day] = made
      return made
    }
    var changes = AggregateChanges(removesOrders: removes)
    changes.customers = customers.filter { $0.value != 0 }.sorted {
      (rank[Int($0.key.store)], $0.key.day, $0.key.customer)
        < (rank[Int($1.key.store)], $1.key.day, $1.key.customer)
    }.map { key, orders in
      StoreDayCustomer(
        storeId: storeIds[Int(key.store)], date: date(key.day), customerKey: key.customer,
        orders: orders)
    }
    changes.days = days.sorted {
      (rank[Int($0.key.store)], $0.key.day) < (rank[Int($1.key.store)], $1.key.day)
    }.map { key, totals in
      StoreDay(
        storeId: storeIds[Int(key.store)], date: date(key.day), orders: totals.orders,
        revenue: FixedDecimal(hundredths: totals.revenue),
        tax: FixedDecimal(hundredths: totals.tax), total: FixedDecimal(hundredths: totals.total),
        customers: 0)
    }
    var allTime: [StoreHourKey: Totals] = [:]
    changes.hours = hours.sorted {
      (rank[Int($0.key.store)], $0.key.day, $0.key.hour)
        < (rank[Int($1.key.store)], $1.key.day, $1.key.hour)
    }.map { key, totals in
      allTime[StoreHourKey(store: key.store, hour: key.hour), default: Totals()].add(totals)
      return StoreHour(
        storeId: storeIds[Int(key.store)], date: date(key.day), hour: Int(key.hour),
        orders: totals.orders, revenue: FixedDecimal(hundredths: totals.revenue))
    }
    changes.hourTotals = allTime.map { key, totals in
      StoreHourTotal(
        storeId: storeIds[Int(key.store)], hour: Int(key.hour), orders: totals.orders,
        revenue: FixedDecimal(hundredths: totals.revenue))
    }
    changes.items = items.map { key, totals in
      ItemTotal(
        storeId: storeIds[Int(key.store)], menuItemId: key.item, orders: totals.orders,
        quantity: Quantity(thousandths: totals.quantity),
        revenue: FixedDecimal(hundredths: totals.revenue))
    }
    changes.itemMonths = itemMonths.map { key, totals in
      ItemMonthTotal(
        storeId: storeIds[Int(key.store)],
        month: LocalDate(year: Int(key.month) / 12, month: Int(key.month) % 12 + 1, day: 1)!,
        menuItemId: key.item, orders: totals.orders,
        quantity: Quantity(thousandths: totals.quantity),
        revenue: FixedDecimal(hundredths: totals.revenue))
    }
    changes.statuses = statuses.filter { $0.value.orders != 0 || $0.value.revenue != 0 }.sorted {
      (rank[Int($0.key.store)], $0.key.day, $0.key.status.rawValue)
        < (rank[Int($1.key.store)], $1.key.day, $1.key.status.rawValue)
    }.map { key, totals in
      StoreDayStatus(
        storeId: storeIds[Int(key.store)], date: date(key.day), status: key.status,
        orders: totals.orders, amount: FixedDecimal(hundredths: totals.revenue))
    }
    changes.kinds = kinds.filter { $0.value.orders != 0 || $0.value.revenue != 0 }.sorted {
      (rank[Int($0.key.store)], $0.key.day, $0.key.kind.rawValue)
        < (rank[Int($1.key.store)], $1.key.day, $1.key.kind.rawValue)
    }.map { key, totals in
      StoreDayKind(
        storeId: storeIds[Int(key.store)], date: date(key.day), kind: key.kind,
        orders: totals.orders, amount: FixedDecimal(hundredths: totals.revenue))
    }
    changes.categories = categories.map { key, totals in
      CategoryTotal(
        storeId: storeIds[Int(key.store)], category: key.category.category,
        subcategory: key.category.subcategory, orders: totals.orders,
        items: Quantity(thousandths: totals.quantity),
        revenue: FixedDecimal(hundredths: totals.revenue))
    }
    return changes
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
