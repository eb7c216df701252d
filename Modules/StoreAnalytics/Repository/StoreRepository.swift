import AnalyticsCore

/// Everything StoreAnalytics needs from a database, and nothing of how it is kept: the rules
/// (parsing, grouping orders, planning rows and aggregate deltas, windows, reports) are written
/// once over this protocol, and each backend implements it — SQLite today
/// (`SQLiteStoreRepository`), PostgreSQL later. Every backend runs the same aggregate tests.
///
/// Aggregates are exact sums over completed orders: a backend stores the deltas it is given and
/// must keep each row equal to a recount from its order tables.
public protocol StoreRepository: Sendable {
  /// Every store, by id.
  func shops() throws -> [Shop]
  /// The store with this id, if any.
  func shop(id: String) throws -> Shop?
  /// Adds a store.
  ///
  /// - throws: `TallyError` (`.exists`) when the id is taken.
  func insert(_ shop: Shop) throws

  /// A number that rises with every committed write (`nil` when the backend keeps none): equal
  /// revisions mean equal data, so an answer computed at one revision can be served again.
  func revision() throws -> Int64?

  /// Runs `body` in one transaction: everything it writes is kept, or nothing when it throws.
  func inTransaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T

  /// What metrics read, in one round trip: completed orders and revenue of both windows, distinct
  /// customers and cancelled and refunded orders of the current one.
  func metricsTotals(of storeId: String, current: DayRange, previous: DayRange) throws
    -> MetricsTotals
  /// Day totals of a store within `range`, by day.
  func days(of storeId: String, in range: DayRange) throws -> [StoreDay]
  /// The latest `limit` day totals of a store up to `day`, newest first.
  func latestDays(of storeId: String, through day: LocalDate, limit: Int) throws -> [StoreDay]
  /// Hour totals of a store within `range`, by day and hour.
  func hours(of storeId: String, in range: DayRange) throws -> [StoreHour]
  /// A store's all-time totals per local hour.
  func hourTotals(of storeId: String) throws -> [StoreHourTotal]
  /// A store's best-selling items by revenue, highest first (ties by name).
  func itemSales(of storeId: String, limit: Int) throws -> [ItemSales]
  /// Category sales of one store or all (`nil`) by revenue, highest first.
  func categorySales(of storeId: String?, limit: Int) throws -> [CategorySales]
  /// A store's best-selling items within `range`, counted from the orders.
  func itemSales(of storeId: String, in range: DayRange, limit: Int) throws -> [ItemSales]
  /// Category sales of one store or all within `range`, counted from the orders by each item's
  /// current category.
  func categorySales(of storeId: String?, in range: DayRange, limit: Int) throws
    -> [CategorySales]
  /// Both of the above for one store, as a report shows them side by side (a backend may read
  /// the window's orders once for both).
  func sales(of storeId: String, in range: DayRange, limit: Int) throws
    -> (items: [ItemSales], categories: [CategorySales])
}

extension StoreRepository {
  /// No revision: nothing computed from this backend is reused.
  public func revision() throws -> Int64? { nil }

  public func sales(of storeId: String, in range: DayRange, limit: Int) throws
    -> (items: [ItemSales], categories: [CategorySales])
  {
    (
      try itemSales(of: storeId, in: range, limit: limit),
      try categorySales(of: storeId, in: range, limit: limit)
    )
  }
}

/// The writes of an import (or a store edit), inside one transaction of a `StoreRepository`.
///
/// Keys are handed out by the backend (`nextOrderKey`, `nextMenuItemId`) and then assigned in
/// memory by the planner, so lines can reference orders and new items before they are written.
public protocol StoreTransaction {
  func shops() throws -> [Shop]
  /// The stored menu items with one of these ids or POS ids, or one of these names: only what
  /// the orders at hand name, so that an order costs the same beside a million others.
  func menuItems(ids: [Int64], externalIds: [String], names: [String]) throws -> [MenuItem]
  func insert(_ shop: Shop) throws
  func update(_ shop: Shop) throws
  /// The keys of the stored customers among these POS ids; the others are not stored.
  func customerKeys(_ externalIds: [String]) throws -> [String: Int64]
  /// Stores customers known to be new, and returns their keys.
  func insertCustomers(_ externalIds: [String]) throws -> [String: Int64]
  /// Whether any order is stored (when none, an import need not look for ones it replaces).
  func hasOrders() throws -> Bool
  /// The key and store of the stored order with this POS id: what an import checks for every
  /// order of a file when orders are stored (so it must be cheap).
  func orderKey(id: String) throws -> (key: Int64, storeId: String)?
  /// The stored order with this POS id and its lines.
  func order(id: String) throws -> (order: StoreOrder, lines: [OrderLine])?
  /// Every order of a store and its lines, in key order.
  func orders(of storeId: String) throws -> [(order: StoreOrder, lines: [OrderLine])]
  /// Deletes an order and its lines.
  func delete(_ order: StoreOrder) throws
  /// Changes the instant, local day and local hour of stored orders (by key).
  func updatePlacement(_ orders: [StoreOrder]) throws
  /// Above every order key in use.
  func nextOrderKey() throws -> Int64
  /// Above every menu item id in use.
  func nextMenuItemId() throws -> Int64
  /// Turns planned orders into the backend's own form on the planner's thread, so that the
  /// writing thread — the import's bottleneck — only binds; `nil` when the backend has none.
  var encoder: (@Sendable (PlannedOrders) -> any Sendable)? { get }
  /// Writes planned orders and their lines (in batches as they are planned), with what
  /// `encoder` made of them when the backend has one.
  func write(_ planned: PlannedOrders, encoded: (any Sendable)?) throws
  /// Writes what `write` still holds.
  func finishWriting() throws
  /// Inserts new menu items and updates known ones.
  func save(newItems: [MenuItem], updatedItems: [MenuItem]) throws
  /// Applies aggregate deltas.
  func apply(_ changes: AggregateChanges) throws
}

/// The sums behind `StoreMetrics`.
public struct MetricsTotals: Sendable, Equatable {
  public var orders = 0
  public var revenue = FixedDecimal.zero
  public var previousOrders = 0
  public var previousRevenue = FixedDecimal.zero
  /// Distinct customers with completed orders in the current window.
  public var customers = 0
  public var cancelled = UnsoldOrders()
  public var refunded = UnsoldOrders()

  public init() {}
}

/// Orders and their lines, planned in memory and ready to write.
public struct PlannedOrders: Sendable {
  public var orders: [StoreOrder] = []
  public var lines: [OrderLine] = []
}

/// What some writes change in the aggregate tables, as signed deltas in each table's key order.
public struct AggregateChanges: Sendable {
  /// Per store, day and customer: the change in completed orders. Applied before `days`, whose
  /// customer counts are re-read from these rows.
  public var customers: [StoreDayCustomer] = []
  /// Changes of orders and amounts; `customers` is not a delta and is ignored.
  public var days: [StoreDay] = []
  public var hours: [StoreHour] = []
  public var hourTotals: [StoreHourTotal] = []
  public var items: [ItemTotal] = []
  /// Changes of cancelled and refunded orders per day.
  public var statuses: [StoreDayStatus] = []
  /// `nil` when an item moved to another category: then category totals are recounted from the
  /// orders by each item's current category.
  public var categories: [CategoryTotal]? = []
  /// Whether orders were taken away, so rows may have fallen to zero and must be deleted.
  public var removesOrders = false
}
