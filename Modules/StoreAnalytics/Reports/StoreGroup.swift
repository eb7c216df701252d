import AnalyticsCore
import StoreModel

/// Stores read as one: a store, a group of them, or the whole chain. Each store's days are its
/// own local days, so the group's day D is every store's day D summed; counts add up because no
/// order belongs to two stores, and distinct customers are counted once across the group.
public struct StoreGroup: Sendable, Equatable {
  /// The stores, by id in byte order.
  public let stores: [KnownStore]
  /// Whether this is every store (none was named).
  public let isChain: Bool

  /// One store.
  public init(_ store: KnownStore) {
    stores = [store]
    isChain = false
  }

  init(stores: [KnownStore], isChain: Bool) {
    self.stores = stores
    self.isChain = isChain
  }

  public var ids: [String] { stores.map(\.id) }
  /// The store's id when the group is one store (its rows name it); `nil` for several.
  public var storeId: String? { stores.count == 1 ? stores[0].id : nil }
}

/// A group's sales in the stores that traded in both windows only — comparable stores, so a
/// store opened (or closed) between the two does not make the group look as if it grew (or
/// shrank). A store counts when it had orders on or before the previous window's first day and
/// completed orders in both windows.
public struct SameStoreSales: Sendable, Equatable {
  /// The comparable stores' ids, in byte order.
  public internal(set) var storeIds: [String] = []
  public internal(set) var revenue = FixedDecimal.zero
  public internal(set) var previousRevenue = FixedDecimal.zero
  public internal(set) var orders = 0
  public internal(set) var previousOrders = 0

  /// Percent change of revenue; `nil` when the previous revenue is 0.
  public var revenueChange: Double? {
    Change.percentChange(current: revenue.doubleValue, previous: previousRevenue.doubleValue)
  }
  /// Percent change of orders; `nil` when there were none before.
  public var ordersChangePercent: Double? {
    Change.percentChange(current: Double(orders), previous: Double(previousOrders))
  }
}

extension ShopAnalytics {
  /// The stores named (each once, in byte order), or every store when none is.
  ///
  /// - throws: `TallyError` (`.notFound`) for an unknown store, or when there is no store yet.
  public func group(_ ids: [String]) throws -> StoreGroup {
    guard !ids.isEmpty else {
      let all = try stores()
      guard !all.isEmpty else {
        throw TallyError.notFound(
          "store", "any", expected: "a store (none yet: add one or import orders)")
      }
      return StoreGroup(
        stores: try all.map { KnownStore(shop: $0, zone: try Zone(identifier: $0.timeZone)) },
        isChain: true)
    }
    let unique = Set(ids).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return StoreGroup(stores: try unique.map(store), isChain: false)
  }

  /// Distinct customers of a group's completed orders within `range`.
  func customers(of group: StoreGroup, in range: DayRange, summed: Int) throws -> Int {
    // One store's count is its own; none can't become more.
    guard group.stores.count > 1, summed > 0 else { return summed }
    return try repository.customerCount(of: group.ids, in: range)
  }

  /// Sums per-store rows keyed by `key` (a day, an hour, a weekday).
  func summed<Key: Hashable>(
    _ group: StoreGroup, _ rows: (KnownStore) throws -> [(Key, Int, FixedDecimal)]
  ) throws -> [Key: (orders: Int, revenue: FixedDecimal)] {
    var sums: [Key: (orders: Int, revenue: FixedDecimal)] = [:]
    for store in group.stores {
      for (key, orders, revenue) in try rows(store) {
        sums[key, default: (0, .zero)].orders += orders
        sums[key, default: (0, .zero)].revenue += revenue
      }
    }
    return sums
  }
}

extension MetricsTotals {
  /// Adds another store's totals; `customers` is summed and must be recounted for a group.
  mutating func add(_ other: MetricsTotals) {
    orders += other.orders
    revenue += other.revenue
    tax += other.tax
    previousOrders += other.previousOrders
    previousRevenue += other.previousRevenue
    customers += other.customers
    cancelled.orders += other.cancelled.orders
    cancelled.amount += other.cancelled.amount
    refunded.orders += other.refunded.orders
    refunded.amount += other.refunded.amount
    for kind in LineKind.allCases { parts[kind] += other.parts[kind] }
  }
}
