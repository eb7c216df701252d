import AnalyticsCore
import StoreModel

/// Everything StoreAnalytics needs from a database, and nothing of how it is kept: the rules
/// (parsing, grouping orders, planning rows and aggregate deltas, windows, reports) are written
/// once over this protocol, and each backend implements it in a module of its own (StoreSQLite,
/// StorePostgres), chosen in one place (`StoreBackends.open`). Every backend runs the same
/// aggregate tests.
///
/// Aggregates are exact sums over completed orders: a backend stores the deltas it is given and
/// must keep each row equal to a recount from its order tables.
public protocol StoreRepository: Sendable {
  /// Every store, in any order (the domain sorts them).
  func shops() throws -> [Shop]
  /// The store with this id, if any.
  func shop(id: String) throws -> Shop?
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
  // Sales lists come back whole and in no order: the domain ranks and cuts them
  // (`SalesRanking`), so every backend lists the same rows in the same order.

  /// A store's sales per menu item over all time.
  func itemSales(of storeId: String) throws -> [ItemSales]
  /// Category sales of one store or all (`nil`) over all time.
  func categorySales(of storeId: String?) throws -> [CategorySales]
  /// A store's sales per menu item within `range`, counted from the orders.
  func itemSales(of storeId: String, in range: DayRange) throws -> [ItemSales]
  /// Category sales of one store or all within `range`, counted from the orders, each line under
  /// the category it was sold under.
  func categorySales(of storeId: String?, in range: DayRange) throws -> [CategorySales]
  /// Both of the above for one store, as a report shows them side by side (a backend may read
  /// the window's orders once for both).
  func sales(of storeId: String, in range: DayRange) throws
    -> (items: [ItemSales], categories: [CategorySales])
  /// A store's completed orders within `range` grouped by customer id and name, the orders
  /// without a customer (an empty id is none) as one group with a `nil` id; in no order.
  func customerSales(of storeId: String, in range: DayRange) throws -> [CustomerSales]
  /// The largest and smallest completed order subtotal of a store within `range`; `nil` without
  /// an order.
  func orderExtremes(of storeId: String, in range: DayRange) throws -> OrderExtremes?
  /// The customers whose first day with a completed order at a store lies within `range`, with
  /// that day (one pair per customer), in no order: a cohort table reads its months' new
  /// customers only, not every customer the store ever had.
  func customerFirstDays(of storeId: String, in range: DayRange) throws
    -> [(customer: Int64, day: LocalDate)]
  /// Every day a customer had a completed order at a store within `range` (one pair per
  /// customer and day), in no order.
  func customerDays(of storeId: String, in range: DayRange) throws
    -> [(customer: Int64, day: LocalDate)]
  /// Distinct customers with completed orders at any of these stores within `range` (each
  /// store's local days): one who ordered at two stores is one.
  func customerCount(of storeIds: [String], in range: DayRange) throws -> Int
  /// A store's shifts that start in `[from, before)`, in no order.
  func shifts(of storeId: String, from: Instant, before: Instant) throws -> [Shift]
  /// The menu items with these ids, in no order.
  func menuItems(ids: [Int64]) throws -> [MenuItem]
}

extension StoreRepository {
  /// No revision: nothing computed from this backend is reused.
  public func revision() throws -> Int64? { nil }

  /// From each store's customer days (a backend may count in one query instead).
  public func customerCount(of storeIds: [String], in range: DayRange) throws -> Int {
    try distinctCustomers(of: storeIds, in: range)
  }

  /// Each store's customer days within `range`, deduplicated: what `customerCount` is by
  /// definition, for a backend that counts some cases faster to fall back on.
  public func distinctCustomers(of storeIds: [String], in range: DayRange) throws -> Int {
    var customers = DistinctCount()
    for storeId in storeIds {
      for (customer, _) in try customerDays(of: storeId, in: range) { customers.insert(customer) }
    }
    return customers.count
  }

  public func sales(of storeId: String, in range: DayRange) throws
    -> (items: [ItemSales], categories: [CategorySales])
  {
    (try itemSales(of: storeId, in: range), try categorySales(of: storeId, in: range))
  }
}

/// The writes of an import (or a store edit), inside one transaction of a `StoreRepository`.
///
/// Keys are handed out by the backend (`nextOrderKey`, `nextMenuItemId`) and then assigned in
/// memory by the planner, so lines can reference orders and new items before they are written.
public protocol StoreTransaction {
  /// Told, before a part of an import looks anything up, all it will look up: a backend whose
  /// every look-up is a round trip sends them at once here and answers the calls that follow
  /// (`nextOrderKey`, `menuItems`, `customerKeys`, `order`) from what it read; one whose
  /// look-ups are cheap ignores it (the default).
  func prefetch(_ lookUps: PartLookUps) throws
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
  /// The store's stored order with this POS id (ids are unique per store), and its lines by line
  /// number: what an import asks for every order of a file it may have seen before, to compare
  /// (so it must be cheap: one indexed look-up and the order's lines).
  func order(storeId: String, id: String) throws -> (order: StoreOrder, lines: [OrderLine])?
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
  /// Planned orders and their lines in the backend's own form (bind values, COPY text).
  associatedtype Rows: Sendable
  /// Makes `Rows` on the planner's thread, so that the writing thread — the import's
  /// bottleneck — only sends them. Static: it never touches the transaction's connection.
  static func rows(_ planned: PlannedOrders) -> Rows
  /// Writes orders and their lines, in batches as they are planned.
  func write(_ rows: Rows) throws
  /// Writes what `write` still holds.
  func finishWriting() throws
  /// Inserts new menu items and updates known ones.
  func save(newItems: [MenuItem], updatedItems: [MenuItem]) throws
  /// Applies aggregate deltas.
  func apply(_ changes: AggregateChanges) throws
  /// A store's shifts that start in `[from, before)`, in no order.
  func shifts(of storeId: String, from: Instant, before: Instant) throws -> [Shift]
  /// Deletes `replacing` (by store, employee and start) and stores `shifts`.
  func write(shifts: [Shift], replacing: [Shift]) throws
}

extension StoreTransaction {
  public func prefetch(_ lookUps: PartLookUps) throws {}
}

/// What one part of an import will ask its transaction for (`StoreTransaction.prefetch`).
public struct PartLookUps: Sendable {
  /// The orders of the part.
  public var orderCount = 0
  /// The POS ids of the menu items the lines name, and the names of lines without one.
  public var itemIds: [String] = []
  public var itemNames: [String] = []
  /// The POS ids of customers not looked up in an earlier part.
  public var customers: [String] = []
  /// The orders (store and POS id) that may be stored already.
  public var orderStores: [String] = []
  public var orderIds: [String] = []
}
