import AnalyticsCore

/// Sales of a menu item at a store in one calendar month (completed orders, sale lines): what a
/// window's items are summed from over its whole months, so that a year's menu reads about 480
/// rows, not 42,000 order lines. A backend may keep it or not (`AggregateChanges.itemMonths`).
public struct ItemMonthTotal: Sendable, Equatable {
  public var storeId: String
  /// The month's first day.
  public var month: LocalDate
  public var menuItemId: Int64
  /// Distinct completed orders of the month holding the item; in changes, the signed difference.
  public var orders: Int
  public var quantity: Quantity
  /// Σ line subtotals.
  public var revenue: FixedDecimal

  public init(
    storeId: String, month: LocalDate, menuItemId: Int64, orders: Int, quantity: Quantity,
    revenue: FixedDecimal
  ) {
    self.storeId = storeId
    self.month = month
    self.menuItemId = menuItemId
    self.orders = orders
    self.quantity = quantity
    self.revenue = revenue
  }
}
