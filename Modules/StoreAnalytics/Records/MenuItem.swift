import AnalyticsCore
import GRDB
import Storage

/// A menu item.
public struct MenuItem: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The table.
  public static let databaseTableName = "menu_item"
  /// The id.
  public var id: Int64?
  /// The POS's item id, when it has one.
  public var externalId: String?
  /// The name.
  public var name: String
  /// The category.
  public var category: String
  /// The subcategory.
  public var subcategory: String?
  /// The current price (the last one imported).
  public var price: FixedDecimal

  enum CodingKeys: String, CodingKey {
    case id, name, category, subcategory
    case externalId = "external_id"
    case price = "price_cents"
  }

  /// Takes the id SQLite assigned.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
