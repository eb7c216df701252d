import AnalyticsCore

/// Cancelled or refunded orders of a window: how many, and the subtotals they would have been.
public struct UnsoldOrders: Sendable, Equatable {
  public var orders: Int
  public var amount: FixedDecimal

  public init(orders: Int = 0, amount: FixedDecimal = .zero) {
    self.orders = orders
    self.amount = amount
  }
}

/// Sales of a category.
public struct CategorySales: Sendable, Equatable {
  /// Category and subcategory (`nil` when none).
  public let category: String, subcategory: String?
  /// Distinct orders with the category, items sold, revenue.
  public let orderCount: Int, itemsSold: Quantity, totalRevenue: FixedDecimal

  public init(
    category: String, subcategory: String?, orderCount: Int, itemsSold: Quantity,
    totalRevenue: FixedDecimal
  ) {
    self.category = category
    self.subcategory = subcategory
    self.orderCount = orderCount
    self.itemsSold = itemsSold
    self.totalRevenue = totalRevenue
  }
}

/// Sales of a menu item at a store, or of the items of one name across stores (no store or item
/// id then).
public struct ItemSales: Sendable, Equatable {
  public let storeId: String?, menuItemId: Int64?, itemName: String
  /// Distinct orders with the item, quantity, revenue.
  public let timesOrdered: Int, totalQuantity: Quantity, totalRevenue: FixedDecimal

  public init(
    storeId: String?, menuItemId: Int64?, itemName: String, timesOrdered: Int,
    totalQuantity: Quantity,
    totalRevenue: FixedDecimal
  ) {
    self.storeId = storeId
    self.menuItemId = menuItemId
    self.itemName = itemName
    self.timesOrdered = timesOrdered
    self.totalQuantity = totalQuantity
    self.totalRevenue = totalRevenue
  }

  /// Revenue ÷ quantity, rounded to the cent.
  public var averagePrice: FixedDecimal { totalRevenue.divided(by: totalQuantity) }
}
