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

  public init(
    customerId: String?, name: String?, orders: Int, spent: FixedDecimal, firstOrder: Instant,
    lastOrder: Instant
  ) {
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
