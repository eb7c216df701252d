import AnalyticsCore

/// What became of an order.
public enum OrderStatus: String, Sendable, Codable, CaseIterable {
  /// Paid and served: the only status that counts in sales figures.
  case completed
  case cancelled
  case refunded
}

/// An order.
public struct StoreOrder: Sendable, Equatable {
  /// The integer key that lines reference (cheaper than the text id), handed out by the import.
  public var key: Int64
  /// The POS's order id.
  public var id: String
  public var storeId: String
  public var customerId: String?
  /// The customer's name as the POS gave it with this order, when it did.
  public var customerName: String?
  public var placedAt: Instant
  /// Whether the file gave a wall-clock time in the store's zone rather than an instant: it
  /// decides what a change of the store's zone keeps (`ShopAnalytics.editStore`).
  public var wallClock: Bool
  /// The store's local day and hour of `placedAt`, fixed at import (and re-derived when the
  /// store's zone changes).
  public var localDate: LocalDate
  public var localHour: Int
  public var status: OrderStatus
  /// Net sales: Σ the sale lines' subtotals less those of its refund, discount and comp lines
  /// (before tax; tips apart).
  public var subtotal: FixedDecimal
  /// Σ line tax, signed as the subtotal.
  public var tax: FixedDecimal
  /// Subtotal + tax.
  public var total: FixedDecimal

  public init(
    key: Int64, id: String, storeId: String, customerId: String?, customerName: String? = nil,
    placedAt: Instant, wallClock: Bool, localDate: LocalDate, localHour: Int,
    status: OrderStatus, subtotal: FixedDecimal, tax: FixedDecimal, total: FixedDecimal
  ) {
    self.key = key
    self.id = id
    self.storeId = storeId
    self.customerId = customerId
    self.customerName = customerName
    self.placedAt = placedAt
    self.wallClock = wallClock
    self.localDate = localDate
    self.localHour = localHour
    self.status = status
    self.subtotal = subtotal
    self.tax = tax
    self.total = total
  }
}

/// A line of an order: the item as sold.
public struct OrderLine: Sendable, Equatable {
  public var orderKey: Int64
  /// Position in the order, from 0.
  public var lineNo: Int
  public var menuItemId: Int64
  /// The name as sold (the menu item keeps only the latest).
  public var itemName: String
  /// The unit price as sold.
  public var unitPrice: FixedDecimal
  /// Whole units, or a weight to the thousandth.
  public var quantity: Quantity
  /// Unit price × quantity (rounded to the cent when weighed), positive whatever the kind.
  public var subtotal: FixedDecimal
  public var tax: FixedDecimal
  /// The category and subcategory it was sold under: the store's, kept when the item is later
  /// sold (here or in another store) under another one.
  public var category: CategoryKey
  /// A sale, or a refund, discount, comp or tip line.
  public var kind: LineKind

  public init(
    orderKey: Int64, lineNo: Int, menuItemId: Int64, itemName: String, unitPrice: FixedDecimal,
    quantity: Quantity, subtotal: FixedDecimal, tax: FixedDecimal, category: CategoryKey,
    kind: LineKind = .sale
  ) {
    self.kind = kind
    self.orderKey = orderKey
    self.lineNo = lineNo
    self.menuItemId = menuItemId
    self.itemName = itemName
    self.unitPrice = unitPrice
    self.quantity = quantity
    self.subtotal = subtotal
    self.tax = tax
    self.category = category
  }
}
