import AnalyticsCore
import GRDB
import Storage

/// Sales of a category at a store on a local day (table `category_day`; no subcategory is '').
public struct CategoryDayTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "category_day"
  /// The store.
  public var storeId: String
  /// The local day.
  public var date: LocalDate
  /// The category.
  public var category: String
  /// The subcategory, '' when none.
  public var subcategory: String
  /// Distinct completed orders with it.
  public var orders: Int
  /// Items sold.
  public var items: Int
  /// Σ line subtotals.
  public var revenue: FixedDecimal

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case date
    case category
    case subcategory
    case orders
    case items
    case revenue = "revenue_cents"
  }
}
