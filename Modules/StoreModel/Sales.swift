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

/// What a line of an order is: a sale, or an amount that is not one. A POS export writes refunds,
/// discounts, comps and tips as lines of their own; read as sales they would overstate revenue.
public enum LineKind: String, Sendable, Codable, CaseIterable {
  /// Items sold: the only lines counted under items and categories.
  case sale
  /// Money given back for items sold (on this order or before).
  case refund
  /// A price taken off.
  case discount
  /// Items given away (a discount of the whole price, kept apart).
  case comp
  /// A tip: the staff's, not sales.
  case tip

  /// How the line's amount counts in the order's sales: sales add, refunds, discounts and comps
  /// take away, tips count in none (net sales = gross − discounts − comps − refunds).
  public var salesSign: Int64 {
    switch self {
    case .sale: return 1
    case .refund, .discount, .comp: return -1
    case .tip: return 0
    }
  }
}

/// The parts of a window's sales of completed orders: gross sales (the sale lines), what
/// discounts, comps and refunds took off them, and tips (not sales). Net sales, the revenue of
/// every other figure, is gross − discounts − comps − refunds.
public struct SalesParts: Sendable, Equatable {
  public var gross: FixedDecimal
  public var discounts: FixedDecimal
  public var comps: FixedDecimal
  public var refunds: FixedDecimal
  public var tips: FixedDecimal

  public init(
    gross: FixedDecimal = .zero, discounts: FixedDecimal = .zero, comps: FixedDecimal = .zero,
    refunds: FixedDecimal = .zero, tips: FixedDecimal = .zero
  ) {
    self.gross = gross
    self.discounts = discounts
    self.comps = comps
    self.refunds = refunds
    self.tips = tips
  }

  /// Gross − discounts − comps − refunds.
  public var net: FixedDecimal { gross - discounts - comps - refunds }

  /// The part of a kind.
  public subscript(kind: LineKind) -> FixedDecimal {
    get {
      switch kind {
      case .sale: return gross
      case .discount: return discounts
      case .comp: return comps
      case .refund: return refunds
      case .tip: return tips
      }
    }
    set {
      switch kind {
      case .sale: gross = newValue
      case .discount: discounts = newValue
      case .comp: comps = newValue
      case .refund: refunds = newValue
      case .tip: tips = newValue
      }
    }
  }
}
