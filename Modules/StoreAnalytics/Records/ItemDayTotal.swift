import AnalyticsCore
import GRDB
import Storage

/// Sales of a menu item at a store on a local day (table `item_day`).
public struct ItemDayTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "item_day"
  /// The store.
  public var storeId: String
  /// The local day.
  public var date: LocalDate
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
    case date
    case menuItemId = "menu_item_id"
    case orders
    case quantity
    case revenue = "revenue_cents"
  }
}
