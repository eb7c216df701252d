import AnalyticsCore

/// A menu item: it takes the name, category and price of its latest imported line, so
/// categories are always the menu's current ones.
public struct MenuItem: Sendable, Equatable {
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
  /// The dish it is a size of, when the import named one (`item_family`); without it the family
  /// is read from the name.
  public var family: String?

  public init(
    id: Int64, externalId: String?, name: String, category: String, subcategory: String?,
    price: FixedDecimal, family: String? = nil
  ) {
    self.id = id
    self.externalId = externalId
    self.name = name
    self.category = category
    self.subcategory = subcategory
    self.price = price
    self.family = family
  }

  /// The key of the item's category totals ('' for no subcategory, as in `CategoryTotal`).
  public var categoryKey: CategoryKey {
    CategoryKey(category: category, subcategory: subcategory ?? "")
  }
}

/// A category and subcategory ('' for none), the key of `CategoryTotal`.
public struct CategoryKey: Hashable, Sendable {
  public let category: String
  public let subcategory: String

  public init(category: String, subcategory: String) {
    self.category = category
    self.subcategory = subcategory
  }
}
