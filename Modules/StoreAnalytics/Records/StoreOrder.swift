import AnalyticsCore
import GRDB
import Storage

/// What became of an order.
public enum OrderStatus: String, Sendable, Codable, CaseIterable {
  /// Paid and served: the only status that counts in sales figures.
  case completed
  case cancelled
  case refunded
}

/// An order (table `store_order`). Written and read field by field (not `Codable`): `Instant` is
/// stored as INTEGER milliseconds through its `DatabaseValueConvertible` conformance.
public struct StoreOrder: Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "store_order"
  /// The integer key that lines reference (cheaper than the text id), handed out by the import.
  public var key: Int64
  /// The POS's order id.
  public var id: String
  public var storeId: String
  public var customerId: String?
  public var placedAt: Instant
  /// Whether the file gave a wall-clock time in the store's zone rather than an instant: it
  /// decides what a change of the store's zone keeps (`ShopAnalytics.editStore`).
  public var wallClock: Bool
  /// The store's local day and hour of `placedAt`, fixed at import (and re-derived when the
  /// store's zone changes).
  public var localDate: LocalDate
  public var localHour: Int
  public var status: OrderStatus
  /// Σ line subtotals (before tax).
  public var subtotal: FixedDecimal
  /// Σ line tax.
  public var tax: FixedDecimal
  /// Subtotal + tax.
  public var total: FixedDecimal

  public init(
    key: Int64, id: String, storeId: String, customerId: String?, placedAt: Instant,
    wallClock: Bool, localDate: LocalDate, localHour: Int, status: OrderStatus,
    subtotal: FixedDecimal,
    tax: FixedDecimal, total: FixedDecimal
  ) {
    self.key = key
    self.id = id
    self.storeId = storeId
    self.customerId = customerId
    self.placedAt = placedAt
    self.wallClock = wallClock
    self.localDate = localDate
    self.localHour = localHour
    self.status = status
    self.subtotal = subtotal
    self.tax = tax
    self.total = total
  }

  public enum Columns {
    static let key = Column("key")
    static let id = Column("id")
    static let storeId = Column("store_id")
    static let customerId = Column("customer_id")
    static let placedAt = Column("placed_at")
    static let wallClock = Column("wall_clock")
    static let localDate = Column("local_date")
    static let localHour = Column("local_hour")
    static let status = Column("status")
    static let subtotal = Column("subtotal_cents")
    static let tax = Column("tax_cents")
    static let total = Column("total_cents")
  }

  public init(row: Row) throws {
    key = row[Columns.key]
    id = row[Columns.id]
    storeId = row[Columns.storeId]
    customerId = row[Columns.customerId]
    placedAt = row[Columns.placedAt]
    wallClock = row[Columns.wallClock]
    localDate = row[Columns.localDate]
    localHour = row[Columns.localHour]
    status = OrderStatus(rawValue: row[Columns.status]) ?? .cancelled
    subtotal = row[Columns.subtotal]
    tax = row[Columns.tax]
    total = row[Columns.total]
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.key] = key
    container[Columns.id] = id
    container[Columns.storeId] = storeId
    container[Columns.customerId] = customerId
    container[Columns.placedAt] = placedAt
    container[Columns.wallClock] = wallClock
    container[Columns.localDate] = localDate
    container[Columns.localHour] = localHour
    container[Columns.status] = status.rawValue
    container[Columns.subtotal] = subtotal
    container[Columns.tax] = tax
    container[Columns.total] = total
  }
}

/// A line of an order (table `order_line`): the item as sold.
public struct OrderLine: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "order_line"
  public var orderKey: Int64
  /// Position in the order, from 0.
  public var lineNo: Int
  public var menuItemId: Int64
  /// The name as sold (the menu item keeps only the latest).
  public var itemName: String
  /// The unit price as sold.
  public var unitPrice: FixedDecimal
  public var quantity: Int
  /// Unit price × quantity.
  public var subtotal: FixedDecimal
  public var tax: FixedDecimal

  public init(
    orderKey: Int64, lineNo: Int, menuItemId: Int64, itemName: String, unitPrice: FixedDecimal,
    quantity: Int, subtotal: FixedDecimal, tax: FixedDecimal
  ) {
    self.orderKey = orderKey
    self.lineNo = lineNo
    self.menuItemId = menuItemId
    self.itemName = itemName
    self.unitPrice = unitPrice
    self.quantity = quantity
    self.subtotal = subtotal
    self.tax = tax
  }

  enum CodingKeys: String, CodingKey {
    case quantity
    case orderKey = "order_key"
    case lineNo = "line_no"
    case menuItemId = "menu_item_id"
    case itemName = "item_name"
    case unitPrice = "unit_price_cents"
    case subtotal = "subtotal_cents"
    case tax = "tax_cents"
  }

  public enum Columns {
    static let orderKey = Column(CodingKeys.orderKey)
    static let lineNo = Column(CodingKeys.lineNo)
  }
}

extension DerivableRequest<StoreOrder> {
  /// Completed orders: the only ones any figure counts.
  func completed() -> Self { filter(StoreOrder.Columns.status == OrderStatus.completed.rawValue) }

  /// Orders of one store.
  func placed(at storeId: String) -> Self { filter(StoreOrder.Columns.storeId == storeId) }
}

extension StoreOrder {
  /// Whether the database holds any order (a first import finds none).
  static func anyStored(_ db: Database) throws -> Bool { try limit(1).fetchCount(db) > 0 }
}
