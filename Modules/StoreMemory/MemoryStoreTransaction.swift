import AnalyticsCore
import StoreAnalytics
import StoreModel

/// Every row of a `MemoryStoreRepository`, keyed as the SQL backends key their tables.
public struct MemoryStoreState: Sendable {
  public var shops: [String: Shop] = [:]
  public var items: [Int64: MenuItem] = [:]
  /// Customer keys by POS id.
  public var customers: [String: Int64] = [:]
  public var orders: [Int64: StoreOrder] = [:]
  /// Order keys by store and POS id (ids are unique per store).
  public var orderKeys: [OrderId: Int64] = [:]
  /// Each order's lines by line number.
  public var lines: [Int64: [OrderLine]] = [:]

  public var days: [DayKey: StoreDay] = [:]
  /// Completed orders per store, day and customer key.
  public var dayCustomers: [DayCustomerKey: Int] = [:]
  public var hours: [HourKey: StoreHour] = [:]
  public var hourTotals: [HourTotalKey: StoreHourTotal] = [:]
  public var itemTotals: [ItemKey: ItemTotal] = [:]
  public var statuses: [StatusKey: StoreDayStatus] = [:]
  public var kinds: [KindKey: StoreDayKind] = [:]
  public var categories: [CategoryTotalKey: CategoryTotal] = [:]
  public var revision: Int64 = 0
  /// Shifts by store, start and employee.
  public var shifts: [ShiftKey: Shift] = [:]

  public struct ShiftKey: Hashable, Sendable {
    public let storeId: String, start: Instant, employee: String

    init(_ shift: Shift) {
      (storeId, start, employee) = (shift.storeId, shift.start, shift.employee)
    }
  }

  func shifts(of storeId: String, from: Instant, before: Instant) -> [Shift] {
    shifts.values.filter { $0.storeId == storeId && $0.start >= from && $0.start < before }
  }

  public struct OrderId: Hashable, Sendable {
    public let storeId: String
    public let id: String
  }
  public struct DayKey: Hashable, Sendable {
    public let storeId: String
    public let date: LocalDate
  }
  public struct DayCustomerKey: Hashable, Sendable {
    public let storeId: String
    public let date: LocalDate
    public let customerKey: Int64
  }
  public struct HourKey: Hashable, Sendable {
    public let storeId: String
    public let date: LocalDate
    public let hour: Int
  }
  public struct HourTotalKey: Hashable, Sendable {
    public let storeId: String
    public let hour: Int
  }
  public struct ItemKey: Hashable, Sendable {
    public let storeId: String
    public let menuItemId: Int64
  }
  public struct StatusKey: Hashable, Sendable {
    public let storeId: String
    public let date: LocalDate
    public let status: OrderStatus
  }
  public struct KindKey: Hashable, Sendable {
    public let storeId: String
    public let date: LocalDate
    public let kind: LineKind
  }
  public struct CategoryTotalKey: Hashable, Sendable {
    public let storeId: String
    public let category: String
    public let subcategory: String
  }
}

/// The writes of one `MemoryStoreRepository` transaction, on a copy of its state.
final class MemoryStoreTransaction: StoreTransaction {
  var state: MemoryStoreState

  init(_ state: MemoryStoreState) { self.state = state }

  func shops() throws -> [Shop] { state.shops.values.sorted { $0.id < $1.id } }

  func menuItems(ids: [Int64], externalIds: [String], names: [String]) throws -> [MenuItem] {
    let ids = Set(ids)
    let externalIds = Set(externalIds)
    let names = Set(names)
    return state.items.values.filter { item in
      ids.contains(item.id) || item.externalId.map(externalIds.contains) == true
        || names.contains(item.name)
    }.sorted { $0.id < $1.id }
  }

  func insert(_ shop: Shop) throws {
    guard state.shops[shop.id] == nil else {
      throw TallyError.refused("store \(shop.id) is stored already", category: .io)
    }
    state.shops[shop.id] = shop
  }

  func update(_ shop: Shop) throws { state.shops[shop.id] = shop }

  func customerKeys(_ externalIds: [String]) throws -> [String: Int64] {
    var keys: [String: Int64] = [:]
    for id in externalIds { keys[id] = state.customers[id] }
    return keys
  }

  func insertCustomers(_ externalIds: [String]) throws -> [String: Int64] {
    var next = (state.customers.values.max() ?? 0) + 1
    var keys: [String: Int64] = [:]
    for id in externalIds {
      state.customers[id] = next
      keys[id] = next
      next += 1
    }
    return keys
  }

  func hasOrders() throws -> Bool { !state.orders.isEmpty }

  func shifts(of storeId: String, from: Instant, before: Instant) throws -> [Shift] {
    state.shifts(of: storeId, from: from, before: before)
  }

  func write(shifts: [Shift], replacing: [Shift]) throws {
    for shift in replacing { state.shifts[.init(shift)] = nil }
    for shift in shifts {
      guard state.shifts[.init(shift)] == nil else {
        throw TallyError.refused("a shift is stored twice", category: .io)
      }
      state.shifts[.init(shift)] = shift
    }
  }

  func order(storeId: String, id: String) throws -> (order: StoreOrder, lines: [OrderLine])? {
    guard let key = state.orderKeys[.init(storeId: storeId, id: id)],
      let order = state.orders[key]
    else { return nil }
    return (order, state.lines[key] ?? [])
  }

  func orders(of storeId: String) throws -> [(order: StoreOrder, lines: [OrderLine])] {
    state.orders.values.filter { $0.storeId == storeId }.sorted { $0.key < $1.key }
      .map { ($0, state.lines[$0.key] ?? []) }
  }

  func delete(_ order: StoreOrder) throws {
    state.orders[order.key] = nil
    state.lines[order.key] = nil
    state.orderKeys[.init(storeId: order.storeId, id: order.id)] = nil
  }

  func updatePlacement(_ orders: [StoreOrder]) throws {
    for order in orders {
      state.orders[order.key]?.placedAt = order.placedAt
      state.orders[order.key]?.localDate = order.localDate
      state.orders[order.key]?.localHour = order.localHour
    }
  }

  func nextOrderKey() throws -> Int64 { (state.orders.keys.max() ?? 0) + 1 }

  func nextMenuItemId() throws -> Int64 { (state.items.keys.max() ?? 0) + 1 }

  typealias Rows = PlannedOrders

  static func rows(_ planned: PlannedOrders) -> PlannedOrders { planned }

  func write(_ rows: PlannedOrders) throws {
    for order in rows.orders {
      let id = MemoryStoreState.OrderId(storeId: order.storeId, id: order.id)
      // The SQL backends' unique keys: the domain never writes an order twice.
      guard state.orders[order.key] == nil, state.orderKeys[id] == nil else {
        throw TallyError.refused(
          "order \(order.id) of store \(order.storeId) is stored already", category: .io)
      }
      state.orders[order.key] = order
      state.orderKeys[id] = order.key
    }
    for line in rows.lines { state.lines[line.orderKey, default: []].append(line) }
  }

  func finishWriting() throws {}

  func save(newItems: [MenuItem], updatedItems: [MenuItem]) throws {
    for item in newItems + updatedItems { state.items[item.id] = item }
  }

  func apply(_ changes: AggregateChanges) throws {
    for row in changes.customers {
      let key = MemoryStoreState.DayCustomerKey(
        storeId: row.storeId, date: row.date, customerKey: row.customerKey)
      let orders = (state.dayCustomers[key] ?? 0) + row.orders
      state.dayCustomers[key] = orders == 0 ? nil : orders
    }
    // A day's customers are re-read from its customer rows, as the SQL backends do: counted in
    // one pass for the days these changes touch.
    var customers: [MemoryStoreState.DayKey: Int] = [:]
    for day in changes.days { customers[.init(storeId: day.storeId, date: day.date)] = 0 }
    for key in state.dayCustomers.keys {
      let day = MemoryStoreState.DayKey(storeId: key.storeId, date: key.date)
      if let count = customers[day] { customers[day] = count + 1 }
    }
    for day in changes.days {
      let key = MemoryStoreState.DayKey(storeId: day.storeId, date: day.date)
      add(day, at: key, in: &state.days) {
        $0.orders += $1.orders
        $0.revenue = $0.revenue + $1.revenue
        $0.tax = $0.tax + $1.tax
        $0.total = $0.total + $1.total
      }
      state.days[key]?.customers = customers[key] ?? 0
    }
    for hour in changes.hours {
      add(
        hour, at: .init(storeId: hour.storeId, date: hour.date, hour: hour.hour), in: &state.hours
      ) {
        $0.orders += $1.orders
        $0.revenue = $0.revenue + $1.revenue
      }
    }
    for total in changes.hourTotals {
      add(total, at: .init(storeId: total.storeId, hour: total.hour), in: &state.hourTotals) {
        $0.orders += $1.orders
        $0.revenue = $0.revenue + $1.revenue
      }
    }
    for item in changes.items {
      add(
        item, at: .init(storeId: item.storeId, menuItemId: item.menuItemId), in: &state.itemTotals
      ) {
        $0.orders += $1.orders
        $0.quantity = $0.quantity + $1.quantity
        $0.revenue = $0.revenue + $1.revenue
      }
    }
    for status in changes.statuses {
      let key = MemoryStoreState.StatusKey(
        storeId: status.storeId, date: status.date, status: status.status)
      add(status, at: key, in: &state.statuses) {
        $0.orders += $1.orders
        $0.amount = $0.amount + $1.amount
      }
    }
    for kind in changes.kinds {
      add(
        kind, at: .init(storeId: kind.storeId, date: kind.date, kind: kind.kind), in: &state.kinds
      ) {
        $0.orders += $1.orders
        $0.amount = $0.amount + $1.amount
      }
    }
    for category in changes.categories {
      let key = MemoryStoreState.CategoryTotalKey(
        storeId: category.storeId, category: category.category,
        subcategory: category.subcategory)
      add(category, at: key, in: &state.categories) {
        $0.orders += $1.orders
        $0.items = $0.items + $1.items
        $0.revenue = $0.revenue + $1.revenue
      }
    }
  }

  /// Adds `delta` into `table` at `key` — a row not there yet is the delta itself, as an upsert
  /// inserts it — and drops the row when its orders come to zero, as the SQL backends delete it.
  private func add<Key: Hashable, Row: CountsOrders>(
    _ delta: Row, at key: Key, in table: inout [Key: Row], _ sum: (inout Row, Row) -> Void
  ) {
    var row = delta
    if let stored = table[key] {
      row = stored
      sum(&row, delta)
    }
    table[key] = row.orders == 0 ? nil : row
  }
}

/// An aggregate row: its order count says whether it still holds anything.
protocol CountsOrders {
  var orders: Int { get }
}

extension StoreDay: CountsOrders {}
extension StoreHour: CountsOrders {}
extension StoreHourTotal: CountsOrders {}
extension ItemTotal: CountsOrders {}
extension StoreDayStatus: CountsOrders {}
extension StoreDayKind: CountsOrders {}
extension CategoryTotal: CountsOrders {}
