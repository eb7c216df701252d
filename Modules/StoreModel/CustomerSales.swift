import AnalyticsCore

/// A store's completed orders of one customer under one name within a window, or (`customerId`
/// `nil`) its orders without a customer: a backend groups, the domain joins a customer's names
/// (taking the latest) and ranks.
public struct CustomerSales: Sendable, Equatable {
  /// The POS's customer id; `nil` for orders that name no customer.
  public var customerId: String?
  /// The name the orders gave, when they gave one.
  public var name: String?
  public var orders: Int
  /// Σ the orders' subtotals: net sales, as every Tally revenue figure.
  public var spent: FixedDecimal
  public var firstOrder: Instant
  public var lastOrder: Instant
  /// The customer's first day with a completed order at the store, in any window (from the
  /// store's customer spans): before the window's start, they are returning. `nil` without a
  /// customer id.
  public var firstDay: LocalDate?

  public init(
    customerId: String?, name: String?, orders: Int, spent: FixedDecimal, firstOrder: Instant,
    lastOrder: Instant, firstDay: LocalDate?
  ) {
    self.firstDay = firstDay
    self.customerId = customerId
    self.name = name
    self.orders = orders
    self.spent = spent
    self.firstOrder = firstOrder
    self.lastOrder = lastOrder
  }
}

/// The largest and smallest completed order (by subtotal) of a store within a window.
public struct OrderExtremes: Sendable, Equatable {
  public var highest: FixedDecimal
  public var lowest: FixedDecimal

  public init(highest: FixedDecimal, lowest: FixedDecimal) {
    self.highest = highest
    self.lowest = lowest
  }
}
