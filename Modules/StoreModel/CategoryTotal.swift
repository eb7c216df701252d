import AnalyticsCore

/// Sales of a category at a store over all time, each line counted under the category it was
/// sold under.
public struct CategoryTotal: Sendable, Equatable {
  public var storeId: String
  public var category: String
  /// '' when none: part of the key, which cannot hold NULL usefully.
  public var subcategory: String
  /// Distinct completed orders holding the category; in an import's changes, the difference.
  public var orders: Int
  /// Items sold (Σ quantity).
  public var items: Quantity
  /// Σ line subtotals.
  public var revenue: FixedDecimal

  public init(
    storeId: String, category: String, subcategory: String, orders: Int, items: Quantity,
    revenue: FixedDecimal
  ) {
    self.storeId = storeId
    self.category = category
    self.subcategory = subcategory
    self.orders = orders
    self.items = items
    self.revenue = revenue
  }
}
