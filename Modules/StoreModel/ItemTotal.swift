import AnalyticsCore

/// Sales of a menu item at a store over all time.
public struct ItemTotal: Sendable, Equatable {
  public var storeId: String
  public var menuItemId: Int64
  /// Distinct completed orders holding the item; in an import's changes, the signed difference.
  public var orders: Int
  public var quantity: Quantity
  /// Σ line subtotals.
  public var revenue: FixedDecimal

  public init(
    storeId: String, menuItemId: Int64, orders: Int, quantity: Quantity, revenue: FixedDecimal
  ) {
    self.storeId = storeId
    self.menuItemId = menuItemId
    self.orders = orders
    self.quantity = quantity
    self.revenue = revenue
  }
}
