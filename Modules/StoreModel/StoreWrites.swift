import AnalyticsCore

/// The sums behind the domain's metrics, as a backend reads them.
public struct MetricsTotals: Sendable, Equatable {
  public var orders = 0
  public var revenue = FixedDecimal.zero
  /// The current window's tax (Σ of its completed orders').
  public var tax = FixedDecimal.zero
  public var previousOrders = 0
  public var previousRevenue = FixedDecimal.zero
  /// Distinct customers with completed orders in the current window.
  public var customers = 0
  public var cancelled = UnsoldOrders()
  public var refunded = UnsoldOrders()
  /// The current window's gross sales, discounts, comps, refunds and tips.
  public var parts = SalesParts()

  public init() {}
}

/// Orders and their lines, planned in memory and ready to write.
public struct PlannedOrders: Sendable {
  public var orders: [StoreOrder] = []
  public var lines: [OrderLine] = []

  public init() {}
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
  /// The same per calendar month (a backend that keeps `ItemMonthTotal` applies them).
  public var itemMonths: [ItemMonthTotal] = []
  /// Changes of cancelled and refunded orders per day.
  public var statuses: [StoreDayStatus] = []
  /// Changes of the lines of each kind in completed orders per day.
  public var kinds: [StoreDayKind] = []
  /// Changes of category totals, each line under the category it was sold under.
  public var categories: [CategoryTotal] = []
  /// Whether orders were taken away, so rows may have fallen to zero and must be deleted.
  public var removesOrders = false

  public init(removesOrders: Bool = false) { self.removesOrders = removesOrders }
}
