import AnalyticsCore

/// When an order was placed, as the file gives it.
public enum PlacedAt: Sendable, Equatable {
  /// An instant with an offset or `Z`: seconds since 1970.
  case instant(Double)
  /// A wall-clock time, read in the store's time zone.
  case local(LocalDateTime)
}

/// One order line of an import, checked.
public struct OrderLineInput: Sendable, Equatable {
  /// Where it came from (`orders.csv line 7`).
  public var location: String
  /// The order.
  public var orderId: String
  /// The store.
  public var storeId: String
  /// When.
  public var placedAt: PlacedAt
  /// Completed unless the file says otherwise.
  public var status: OrderStatus
  /// The customer, when known.
  public var customerId: String?
  /// The POS item id, when given.
  public var itemId: String?
  /// The item name as sold.
  public var itemName: String
  /// The menu category.
  public var category: String
  /// The subcategory, when given.
  public var subcategory: String?
  /// How many (at least 1).
  public var quantity: Int
  /// Unit price as sold.
  public var unitPrice: FixedDecimal
  /// Tax on the line (0 when not given).
  public var tax: FixedDecimal

  /// Creates a line.
  public init(
    location: String, orderId: String, storeId: String, placedAt: PlacedAt,
    status: OrderStatus = .completed, customerId: String? = nil, itemId: String? = nil,
    itemName: String, category: String, subcategory: String? = nil, quantity: Int,
    unitPrice: FixedDecimal, tax: FixedDecimal = .zero
  ) {
    self.location = location
    self.orderId = orderId
    self.storeId = storeId
    self.placedAt = placedAt
    self.status = status
    self.customerId = customerId
    self.itemId = itemId
    self.itemName = itemName
    self.category = category
    self.subcategory = subcategory
    self.quantity = quantity
    self.unitPrice = unitPrice
    self.tax = tax
  }
}
