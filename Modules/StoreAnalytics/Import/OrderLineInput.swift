import AnalyticsCore
import Foundation
import StoreModel

/// When an order was placed, as the file gives it.
public enum PlacedAt: Sendable, Equatable {
  /// An instant with an offset or `Z`.
  case instant(Instant)
  /// A wall-clock time, read in the store's time zone, and milliseconds past its second (an
  /// export's `13:30:00.123`).
  case local(LocalDateTime, milliseconds: Int = 0)

  var isWallClock: Bool {
    if case .local = self { return true }
    return false
  }
}

/// One order line of an import, checked: a quantity above 0, amounts of 0 or more
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
  /// The customer's name, when the file gives it (an order-level value, as the customer is).
  public var customerName: String?
  /// The POS item id, when given.
  public var itemId: String?
  /// The item name as sold.
  public var itemName: String
  public var category: String
  /// The subcategory, when given.
  public var subcategory: String?
  /// The dish the item is a size of, when given (`The Thai Chicken Pizza` for `… (L)`).
  public var itemFamily: String?
  /// How many: whole units, or a weight to the thousandth (above 0).
  public var quantity: Quantity
  /// Unit price as sold.
  public var unitPrice: FixedDecimal
  /// Tax on the line (0 when not given), positive whatever the kind.
  public var tax: FixedDecimal
  /// A sale, or a refund, discount, comp or tip line (quantity and price positive: the kind says
  /// which way they count).
  public var kind: LineKind
  /// The zone the file names for the line (a POS export's time-zone column): a store the import
  /// creates takes it.
  public var zone: Zone?

  public init(
    source: TallyError.Source, orderId: String, storeId: String, placedAt: PlacedAt,
    status: OrderStatus = .completed, customerId: String? = nil, customerName: String? = nil,
    itemId: String? = nil,
    itemName: String, category: String, subcategory: String? = nil, quantity: Quantity,
    unitPrice: FixedDecimal, tax: FixedDecimal = .zero, kind: LineKind = .sale,
    itemFamily: String? = nil
  ) {
    self.kind = kind
    self.itemFamily = itemFamily
    self.source = source
    self.orderId = orderId
    self.storeId = storeId
    self.placedAt = placedAt
    self.status = status
    self.customerId = customerId
    self.customerName = customerName
    self.itemId = itemId
    self.itemName = itemName
    self.category = category
    self.subcategory = subcategory
    self.quantity = quantity
    self.unitPrice = unitPrice
    self.tax = tax
  }

  /// The longest id (order, store, customer, item), in UTF-8 bytes: above any POS id or UUID.
  public static let idLimit = 100
  /// The longest item name, category or subcategory, in UTF-8 bytes: above any menu's names, far
  /// below what would let one cell fill the database (a 100 MB item name was accepted once).
  public static let nameLimit = 200
  /// The largest quantity on one line: a catering order stays far below it.
  public static let quantityLimit = 100_000
  /// The quantities a line may have: 0.001 (a gram of saffron, in kilograms) to `quantityLimit`.
  static let quantityRange: ClosedRange<Int64> = 1...Int64(quantityLimit) * 1000
  /// The largest unit price or tax on one line, in cents (1,000,000.00): with `quantityLimit`,
  /// a line's amount stays below 10¹⁴ cents, so sums over millions of lines cannot overflow.
  public static let amountLimit: Int64 = 100_000_000

  /// The length limit of a text column, in bytes; `nil` for columns that are not text.
  static func lengthLimit(of column: String) -> Int? {
    switch column {
    case "order_id", "store_id", "customer_id", "item_id": return idLimit
    case "item_name", "category", "subcategory", "customer_name", "item_family": return nameLimit
    default: return nil
    }
  }

  /// The error for a text longer than its column's limit.
  static func tooLong(_ column: String, bytes: Int, limit: Int, source: TallyError.Source)
    -> TallyError
  {
    TallyError.invalid(
      column, "\(bytes) bytes long", expected: "at most \(limit) bytes", source: source)
  }

  /// The line itself, when its values keep the rules every importer checks: an id, store, item
  /// and category that are not empty, texts within their limits (`idLimit`, `nameLimit`), a
  /// quantity of 0.001…`quantityLimit`, a unit price and tax of 0…`amountLimit` cents. Files are
  /// checked as they are read; lines made in code are checked here.
  ///
  /// - throws: `TallyError` (bad data) naming the line and the field.
  public func validated() throws -> OrderLineInput {
    for (field, value) in [
      ("order_id", orderId), ("store_id", storeId), ("item_name", itemName),
      ("category", category),
    ] where value.trimmingCharacters(in: .whitespaces).isEmpty {
      throw TallyError(.badData, .missing(field: field, expected: "a value"), source: source)
    }
    return try validatedTyped()
  }

  /// Whether every text is within its limit (`utf8.count` of a native string costs nothing), and
  /// a customer name has its customer id.
  var textsWithinLimits: Bool {
    (customerName == nil || customerId != nil) && lengthsWithinLimits
  }

  private var lengthsWithinLimits: Bool {
    orderId.utf8.count <= Self.idLimit && storeId.utf8.count <= Self.idLimit
      && (customerId?.utf8.count ?? 0) <= Self.idLimit && (itemId?.utf8.count ?? 0) <= Self.idLimit
      && itemName.utf8.count <= Self.nameLimit && category.utf8.count <= Self.nameLimit
      && (subcategory?.utf8.count ?? 0) <= Self.nameLimit
      && (customerName?.utf8.count ?? 0) <= Self.nameLimit
      && (itemFamily?.utf8.count ?? 0) <= Self.nameLimit
  }

  /// Whether the numbers keep their ranges: one comparison per value, for the import's hot loop.
  var numbersInRange: Bool {
    Self.quantityRange.contains(quantity.thousandths)
      && (0...Self.amountLimit).contains(unitPrice.hundredths)
      && (0...Self.amountLimit).contains(tax.hundredths) && (kind != .tip || tax.hundredths == 0)
  }

  /// The checks of `validated()` that need no trimming, for the import's hot loop: lengths and
  /// number ranges.
  func validatedTyped() throws(TallyError) -> OrderLineInput {
    func bad(_ field: String, _ value: String, _ expected: String) -> TallyError {
      TallyError.invalid(field, value, expected: expected, source: source)
    }
    for (field, value) in [
      ("order_id", orderId), ("store_id", storeId), ("customer_id", customerId),
      ("item_id", itemId), ("item_name", itemName), ("category", category),
      ("subcategory", subcategory), ("customer_name", customerName), ("item_family", itemFamily),
    ] {
      let bytes = value?.utf8.count ?? 0
      if let limit = Self.lengthLimit(of: field), bytes > limit {
        throw Self.tooLong(field, bytes: bytes, limit: limit, source: source)
      }
    }
    // A name alone is no customer: it would be stored on the order and shown nowhere.
    if let customerName, customerId == nil {
      throw bad(
        "customer_name", customerName, "a customer_id beside it (a name alone names no customer)")
    }
    guard Self.quantityRange.contains(quantity.thousandths) else {
      throw bad("quantity", quantity.description, OrderLineFile.expectedQuantity)
    }
    guard (0...Self.amountLimit).contains(unitPrice.hundredths) else {
      throw bad("unit_price", unitPrice.description, OrderLineFile.expectedAmount)
    }
    guard (0...Self.amountLimit).contains(tax.hundredths) else {
      throw bad("tax", tax.description, OrderLineFile.expectedAmount)
    }
    guard kind != .tip || tax == .zero else {
      throw bad("tax", tax.description, "0 on a tip line (tips are not sales, and not taxed)")
    }
    return self
  }
}
