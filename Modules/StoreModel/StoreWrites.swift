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
  /// Category totals per calendar month (a backend that keeps `CategoryMonthTotal` applies
  /// them).
  public var categoryMonths: [CategoryMonthTotal] = []
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

/// How some writes touch one customer's days at one store, for the first and last days kept per
/// customer (`store_customer`) and counted per day (`first_visits`, `last_visits`): those let a
/// window's distinct customers be summed over its days instead of deduplicated over its
/// customer-days.
///
/// Orders only added can only move a customer's first day earlier and last day later, so a
/// backend needs the stored pair and `firstAdded`/`lastAdded`; when any were taken away
/// (`removes`), the customer's remaining days are read again.
public struct VisitChange: Sendable, Equatable {
  public var storeId: String
  public var customerKey: Int64
  /// The earliest and latest day given orders; `nil` when orders were only taken away.
  public var firstAdded: LocalDate?
  public var lastAdded: LocalDate?
  public var removes: Bool

  public init(
    storeId: String, customerKey: Int64, firstAdded: LocalDate?, lastAdded: LocalDate?,
    removes: Bool
  ) {
    self.storeId = storeId
    self.customerKey = customerKey
    self.firstAdded = firstAdded
    self.lastAdded = lastAdded
    self.removes = removes
  }
}

extension AggregateChanges {
  /// One change per store and customer that `customers` touches, by store and customer.
  public var visitChanges: [VisitChange] {
    struct Key: Hashable {
      let storeId: String
      let customerKey: Int64
    }
    var changes: [Key: VisitChange] = [:]
    for row in customers where row.orders != 0 {
      let key = Key(storeId: row.storeId, customerKey: row.customerKey)
      var change =
        changes[key]
        ?? VisitChange(
          storeId: row.storeId, customerKey: row.customerKey, firstAdded: nil, lastAdded: nil,
          removes: false)
      if row.orders > 0 {
        change.firstAdded = min(change.firstAdded ?? row.date, row.date)
        change.lastAdded = max(change.lastAdded ?? row.date, row.date)
      } else {
        change.removes = true
      }
      changes[key] = change
    }
    return changes.values.sorted { ($0.storeId, $0.customerKey) < ($1.storeId, $1.customerKey) }
  }
}
