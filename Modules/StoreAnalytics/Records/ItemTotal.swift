import AnalyticsCore
import GRDB
import Storage

/// Sales of a menu item at a store over all time (table `item_total`).
public struct ItemTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "item_total"
  public var storeId: String
  public var menuItemId: Int64
  /// Distinct completed orders holding the item; in an import's changes, the signed difference.
  public var orders: Int
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

  public enum Columns {
    static let storeId = Column(CodingKeys.storeId)
    static let menuItemId = Column(CodingKeys.menuItemId)
    static let revenue = Column(CodingKeys.revenue)
  }
}
