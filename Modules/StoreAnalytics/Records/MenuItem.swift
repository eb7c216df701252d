import AnalyticsCore
import GRDB
import Storage

/// A menu item (table `menu_item`): it takes the name, category and price of its latest imported
/// line, so categories are always the menu's current ones.
public struct MenuItem: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "menu_item"
  /// Handed out by the import (above every id in use), so lines can reference an item before it
  /// is written.
  public var id: Int64
  /// The POS's item id, when it has one.
  public var externalId: String?
  public var name: String
  public var category: String
  public var subcategory: String?
  /// The price of the latest imported line.
  public var price: FixedDecimal

  public init(
    id: Int64, externalId: String?, name: String, category: String, subcategory: String?,
    price: FixedDecimal
  ) {
    self.id = id
    self.externalId = externalId
    self.name = name
    self.category = category
    self.subcategory = subcategory
    self.price = price
  }

  enum CodingKeys: String, CodingKey {
    case id, name, category, subcategory
    case externalId = "external_id"
    case price = "price_cents"
  }

  public enum Columns {
    static let id = Column(CodingKeys.id)
    static let name = Column(CodingKeys.name)
  }

  /// The key of the item's category totals ('' for no subcategory, as in `category_total`).
  var categoryKey: CategoryKey { CategoryKey(category: category, subcategory: subcategory ?? "") }
}

/// A category and subcategory ('' for none), the key of `category_total`.
public struct CategoryKey: Hashable, Sendable {
  public let category: String
  public let subcategory: String
}
