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

  private struct StoreHourKey: Hashable {
    let store: Int32
    let hour: Int32
  }

  private struct CustomerKey: Hashable {
    /// The store day's slot.
    let slot: Int32
    let customer: Int64
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

  private struct CategoryMonthKey: Hashable {
    let store: Int32
    /// year × 12 + month − 1.
    let month: Int32
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

  /// An hour of a store day; `touched` once a completed order began in it (its row is then
  /// handed over even when the changes cancel out, as its day's is).
  private struct HourSums {
    var orders = 0
    var revenue: Int64 = 0
    var touched = false
  }

  /// Statuses and line kinds in their texts' order, the order their rows are handed over in; a
  /// status's or kind's place here is its place in a store day's arrays.
  private static let statuses = OrderStatus.allCases.sorted { $0.rawValue < $1.rawValue }
  private static let kinds = LineKind.allCases.sorted { $0.rawValue < $1.rawValue }

  // Every store day an order touches has a slot: one hashed look-up per order, and its day,
  // hours, statuses and line kinds are places in arrays. Kept in dictionaries, they were five of
  // the thirteen look-ups an order cost, the planner's largest cost after its own work.
  private var slots: [DayKey: Int32] = [:]
  private var slotKeys: [DayKey] = []
  /// By slot; `dayTouched` once a completed order began on the day.
  private var days: [Totals] = []
  private var dayTouched: [Bool] = []
  /// By slot × 24 + hour, slot × statuses and slot × kinds.
  private var hours: [HourSums] = []
  private var statusTotals: [Totals] = []
  private var kindTotals: [Totals] = []
  private var customers: [CustomerKey: Int] = [:]
  /// Items per calendar month; the all-time item totals are their sums.
  private var itemMonths: [ItemMonthKey: Totals] = [:]
  /// Categories per calendar month; the all-time category totals are their sums.
  private var categoryMonths: [CategoryMonthKey: Totals] = [:]
  /// The store, slot and sign of the order begun last, which its lines take.
  private var orderStore: Int32 = 0
  private var orderSlot = 0
  private var orderMonth: Int32 = 0
  private var orderSign = 1
  /// The categories and items of the order begun last, so that it counts once in each.
  private var orderCategories: [CategoryKey] = []
  private var orderItems: [Int64] = []
  private var orderKinds: [LineKind] = []
  /// Whether any order was taken away (rows may have fallen to zero).
  private var removes = false

  /// The slot of a store day, made on first use.
  private mutating func slot(store: Int32, day: LocalDate) -> Int {
    let key = DayKey(store: store, day: Int32(day.daysSinceEpoch))
    if let slot = slots[key] { return Int(slot) }
    let slot = slotKeys.count
    slots[key] = Int32(slot)
    slotKeys.append(key)
    days.append(Totals())
    dayTouched.append(false)
    hours.append(contentsOf: repeatElement(HourSums(), count: 24))
    statusTotals.append(contentsOf: repeatElement(Totals(), count: Self.statuses.count))
    kindTotals.append(contentsOf: repeatElement(Totals(), count: Self.kinds.count))
    return slot
  }

  /// Starts a completed order: `sign` is 1 for an order written, -1 for one replaced.
  mutating func beginOrder(
    store: Int32, day: LocalDate, hour: Int, customer: Int64?, subtotal: Int64, tax: Int64,
    total: Int64, sign: Int
  ) {
    if sign < 0 { removes = true }
    orderMonth = Int32(day.year * 12 + day.month - 1)
    let slot = slot(store: store, day: day)
    days[slot].add(orders: sign, revenue: subtotal, tax: tax, total: total, sign: sign)
    dayTouched[slot] = true
    hours[slot * 24 + hour].orders += sign
    hours[slot * 24 + hour].revenue += subtotal * Int64(sign)
    hours[slot * 24 + hour].touched = true
    if let customer {
      customers[CustomerKey(slot: Int32(slot), customer: customer), default: 0] += sign
    }
    orderStore = store
    orderSlot = slot
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
    let slot = slot(store: store, day: day)
    statusTotals[slot * Self.statuses.count + Self.statuses.firstIndex(of: status)!].add(
      orders: sign, revenue: subtotal, sign: sign)
  }

  /// Adds a line of the order begun last to its day's lines of its kind; a sale line also to its
  /// item and to the category it was sold under.
  mutating func addLine(
    item: Int64, category: CategoryKey, quantity: Int64, revenue: Int64, kind: LineKind
  ) {
    let sign = orderSign
    let firstOfKind = !orderKinds.contains(kind)
    if firstOfKind { orderKinds.append(kind) }
    kindTotals[orderSlot * Self.kinds.count + Self.kinds.firstIndex(of: kind)!].add(
      orders: firstOfKind ? sign : 0, revenue: revenue, sign: sign)
    guard kind == .sale else { return }
    let firstOfCategory = !orderCategories.contains(category)
    if firstOfCategory { orderCategories.append(category) }
    categoryMonths[
      CategoryMonthKey(store: orderStore, month: orderMonth, category: category), default: Totals()
    ].add(orders: firstOfCategory ? sign : 0, quantity: quantity, revenue: revenue, sign: sign)
    let firstOfItem = !orderItems.contains(item)
    if firstOfItem { orderItems.append(item) }
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
    let order = slotKeys.indices.sorted {
      (rank[Int(slotKeys[$0].store)], slotKeys[$0].day)
        < (rank[Int(slotKeys[$1].store)], slotKeys[$1].day)
    }
    var place = [Int](repeating: 0, count: slotKeys.count)
    for (index, slot) in order.enumerated() { place[slot] = index }
    changes.customers = customers.filter { $0.value != 0 }.sorted {
      (place[Int($0.key.slot)], $0.key.customer) < (place[Int($1.key.slot)], $1.key.customer)
    }.map { key, orders in
      let day = slotKeys[Int(key.slot)]
      return StoreDayCustomer(
        storeId: storeIds[Int(day.store)], date: date(day.day), customerKey: key.customer,
        orders: orders)
    }
    var allTime: [StoreHourKey: Totals] = [:]
    for slot in order {
      let key = slotKeys[slot]
      let store = storeIds[Int(key.store)]
      if dayTouched[slot] {
        let totals = days[slot]
        changes.days.append(
          StoreDay(
            storeId: store, date: date(key.day), orders: totals.orders,
            revenue: FixedDecimal(hundredths: totals.revenue),
            tax: FixedDecimal(hundredths: totals.tax),
            total: FixedDecimal(hundredths: totals.total), customers: 0))
      }
      for hour in 0..<24 where hours[slot * 24 + hour].touched {
        let sums = hours[slot * 24 + hour]
        allTime[StoreHourKey(store: key.store, hour: Int32(hour)), default: Totals()].add(
          orders: sums.orders, revenue: sums.revenue, sign: 1)
        changes.hours.append(
          StoreHour(
            storeId: store, date: date(key.day), hour: hour, orders: sums.orders,
            revenue: FixedDecimal(hundredths: sums.revenue)))
      }
      for (status, totals) in Self.changed(Self.statuses, statusTotals, slot: slot) {
        changes.statuses.append(
          StoreDayStatus(
            storeId: store, date: date(key.day), status: status, orders: totals.orders,
            amount: FixedDecimal(hundredths: totals.revenue)))
      }
      for (kind, totals) in Self.changed(Self.kinds, kindTotals, slot: slot) {
        changes.kinds.append(
          StoreDayKind(
            storeId: store, date: date(key.day), kind: kind, orders: totals.orders,
            amount: FixedDecimal(hundredths: totals.revenue)))
      }
    }
    changes.hourTotals = allTime.map { key, totals in
      StoreHourTotal(
        storeId: storeIds[Int(key.store)], hour: Int(key.hour), orders: totals.orders,
        revenue: FixedDecimal(hundredths: totals.revenue))
    }
    var items: [ItemKey: Totals] = [:]
    for (key, totals) in itemMonths {
      items[ItemKey(store: key.store, item: key.item), default: Totals()].add(totals)
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
    var categories: [CategoryTotalKey: Totals] = [:]
    for (key, totals) in categoryMonths {
      categories[CategoryTotalKey(store: key.store, category: key.category), default: Totals()]
        .add(totals)
    }
    changes.categoryMonths = categoryMonths.map { key, totals in
      CategoryMonthTotal(
        storeId: storeIds[Int(key.store)],
        month: LocalDate(year: Int(key.month) / 12, month: Int(key.month) % 12 + 1, day: 1)!,
        category: key.category.category, subcategory: key.category.subcategory,
        orders: totals.orders, items: Quantity(thousandths: totals.quantity),
        revenue: FixedDecimal(hundredths: totals.revenue))
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

  /// A store day's statuses or kinds (`keys`) whose orders or amount changed, with their totals.
  private static func changed<Key>(_ keys: [Key], _ totals: [Totals], slot: Int) -> [(Key, Totals)]
  {
    keys.indices.compactMap { index in
      let sums = totals[slot * keys.count + index]
      return sums.orders != 0 || sums.revenue != 0 ? (keys[index], sums) : nil
    }
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
