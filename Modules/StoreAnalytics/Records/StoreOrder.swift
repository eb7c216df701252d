import AnalyticsCore
import GRDB
import Storage

/// What became of an order.
public enum OrderStatus: String, Sendable, Codable, CaseIterable {
  /// Paid and served: the only status that counts in any metric.
  case completed
  /// Cancelled: counts nowhere.
  case cancelled
  /// Refunded: counts nowhere.
  case refunded
}

/// An order (table `store_order`).
public struct StoreOrder: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "store_order"
  /// The internal key that lines reference.
  public var key: Int64?
  /// The POS's order id.
  public var id: String
  /// The store.
  public var storeId: String
  /// The customer, when known.
  public var customerId: String?
  /// When it was placed, seconds since 1970.
  public var placedAt: Double
  /// The store's local day.
  public var localDate: LocalDate
  /// The store's local hour, 0–23.
  public var localHour: Int
  /// Completed, cancelled or refunded.
  public var status: OrderStatus
  /// Σ line subtotals (before tax).
  public var subtotal: FixedDecimal
  /// Σ line tax.
  public var tax: FixedDecimal
  /// Subtotal + tax.
  public var total: FixedDecimal

  enum CodingKeys: String, CodingKey {
    case key, id, status
    case storeId = "store_id"
    case customerId = "customer_id"
    case placedAt = "placed_at"
    case localDate = "local_date"
    case localHour = "local_hour"
    case subtotal = "subtotal_cents"
    case tax = "tax_cents"
    case total = "total_cents"
  }
}

/// A line of an order (table `order_line`): the item as sold.
public struct OrderLine: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "order_line"
  /// The order's key.
  public var orderKey: Int64
  /// Position in the order, from 0.
  public var lineNo: Int
  /// The menu item.
  public var menuItemId: Int64
  /// The name as sold.
  public var itemName: String
  /// The unit price as sold.
  public var unitPrice: FixedDecimal
  /// How many.
  public var quantity: Int
  /// Unit price × quantity.
  public var subtotal: FixedDecimal
  /// Tax on the line.
  public var tax: FixedDecimal

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
}
