import AnalyticsCore
import GRDB
import Storage

/// Sales of a category at a store over all time (table `category_total`), by each item's current
/// category.
public struct CategoryTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "category_total"
  public var storeId: String
  public var category: String
  /// '' when none: part of the primary key, which cannot hold NULL usefully.
  public var subcategory: String
  /// Distinct completed orders holding the category; in an import's changes, the difference.
  public var orders: Int
  /// Items sold (Σ quantity).
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

  public enum Columns {
    static let storeId = Column(CodingKeys.storeId)
    static let category = Column(CodingKeys.category)
    static let subcategory = Column(CodingKeys.subcategory)
    static let orders = Column(CodingKeys.orders)
    static let items = Column(CodingKeys.items)
    static let revenue = Column(CodingKeys.revenue)
  }
}
