import AnalyticsCore
import Foundation

/// When an order was placed, as the file gives it.
public enum PlacedAt: Sendable, Equatable {
  /// An instant with an offset or `Z`.
  case instant(Instant)
  /// A wall-clock time, read in the store's time zone.
  case local(LocalDateTime)

  var isWallClock: Bool {
    if case .local = self { return true }
    return false
  }
}

/// One order line of an import, checked: a quantity of at least 1, amounts of 0 or more
/// (`validated()` says so for lines made in code).
public struct OrderLineInput: Sendable, Equatable {
  /// Where it came from (`orders.csv line 7`), for errors about it.
  public var source: TallyError.Source
  public var orderId: String
  public var storeId: String
  public var placedAt: PlacedAt
  /// Completed unless the file says otherwise.
  public var status: OrderStatus
  /// The customer, when known.
  public var customerId: String?
  /// The POS item id, when given.
  public var itemId: String?
  /// The item name as sold.
  public var itemName: String
  public var category: String
  /// The subcategory, when given.
  public var subcategory: String?
  /// How many (at least 1).
  public var quantity: Int
  /// Unit price as sold.
  public var unitPrice: FixedDecimal
  /// Tax on the line (0 when not given).
  public var tax: FixedDecimal

  public init(
    source: TallyError.Source, orderId: String, storeId: String, placedAt: PlacedAt,
    status: OrderStatus = .completed, customerId: String? = nil, itemId: String? = nil,
    itemName: String, category: String, subcategory: String? = nil, quantity: Int,
    unitPrice: FixedDecimal, tax: FixedDecimal = .zero
  ) {
    self.source = source
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

  /// The line itself, when its values keep the rules every importer checks: an id, store, item
  /// and category that are not empty, a quantity of at least 1, a unit price and tax of 0 or
  /// more. Files are checked as they are read; lines made in code are checked here.
  ///
  /// - throws: `TallyError` (bad data) naming the line and the field.
  public func validated() throws -> OrderLineInput {
    func bad(_ field: String, _ value: String, _ expected: String) -> TallyError {
      TallyError.invalid(field, value, expected: expected, source: source)
    }
    for (field, value) in [
      ("order_id", orderId), ("store_id", storeId), ("item_name", itemName),
      ("category", category),
    ] where value.trimmingCharacters(in: .whitespaces).isEmpty {
      throw TallyError(.badData, .missing(field: field, expected: "a value"), source: source)
    }
    return try validatedTyped()
  }

  /// The checks of `validated()` that need no string work, for the import's hot loop.
  func validatedTyped() throws(TallyError) -> OrderLineInput {
    func bad(_ field: String, _ value: String, _ expected: String) -> TallyError {
      TallyError.invalid(field, value, expected: expected, source: source)
    }
    guard quantity >= 1 else {
      throw bad("quantity", String(quantity), OrderLineFile.expectedQuantity)
    }
    guard unitPrice >= .zero else {
      throw bad("unit_price", unitPrice.description, OrderLineFile.expectedAmount)
    }
    guard tax >= .zero else { throw bad("tax", tax.description, OrderLineFile.expectedAmount) }
    return self
  }
}
