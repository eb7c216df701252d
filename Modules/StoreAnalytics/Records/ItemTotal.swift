import AnalyticsCore
import GRDB
import Storage

/// Sales of a menu item at a store over all time (table `item_total`).
public struct ItemTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "item_total"
  /// The store.
  public var storeId: String
  /// The item.
  public var menuItemId: Int64
  /// Distinct completed orders with it.
  public var orders: Int
  /// Σ quantity.
  public var quantity: Int
  /// Σ line subtotals.
  public var revenue: FixedDecimal

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case menuItemId = "menu_item_id"
    case orders
    case quantity
    case revenue = "revenue_cents"
  }
}
