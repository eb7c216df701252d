import AnalyticsCore
import GRDB
import Storage

/// Sales of a category at a store over all time (table `category_total`).
public struct CategoryTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "category_total"
  /// The store.
  public var storeId: String
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
    case category
    case subcategory
    case orders
    case items
    case revenue = "revenue_cents"
  }
}
