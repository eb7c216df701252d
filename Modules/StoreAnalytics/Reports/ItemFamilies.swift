import AnalyticsCore
import StoreModel

/// The same dish in several sizes as one: "The Thai Chicken Pizza (S)", "(M)" and "(L)" are
/// "The Thai Chicken Pizza".
public enum ItemFamily {
  /// The name without a trailing size in parentheses of at most 12 characters (`(L)`,
  /// `(Large)`, `(16 oz)`); any other name is its own family.
  public static func name(of item: String) -> String {
    guard item.hasSuffix(")"), let open = item.range(of: " (", options: .backwards) else {
      return item
    }
    let size = item[open.upperBound..<item.index(before: item.endIndex)]
    guard (1...12).contains(size.count), !size.contains("("), open.lowerBound > item.startIndex
    else { return item }
    return String(item[..<open.lowerBound])
  }
}

/// A family's sales: its items' summed; or, broken down by category, a category's family or
/// item.
public struct FamilySales: Sendable, Equatable {
  /// The store; `nil` for a group of stores.
  public let storeId: String?
  /// The category (and subcategory) of its items, when broken down by category.
  public let category: String?, subcategory: String?
  /// The family, or the item's name when rows are items.
  public let family: String
  /// How many of the store's items (sizes) it holds among those sold.
  public let items: Int
  /// Σ the items' distinct orders: an order with two sizes of one dish counts twice.
  public let timesOrdered: Int
  public let totalQuantity: Quantity
  public let totalRevenue: FixedDecimal

  public var averagePrice: FixedDecimal { totalRevenue.divided(by: totalQuantity) }
}

extension ShopAnalytics {
  /// A store's best-selling dishes by revenue with their sizes rolled up (`ItemFamily`),
  /// highest first (ties: the family name in byte order), over all time or a range.
  public func popularFamilies(storeId: String, range: DayRange? = nil, limit: Int) throws
    -> [FamilySales]
  {
    try popularFamilies(of: StoreGroup(store(storeId)), range: range, limit: limit)
  }

  /// A group's dishes, each family summed across its stores; `items` counts the distinct item
  /// names in it. An item's family is the one its import named (`item_family`), else its name
  /// without a trailing size (`ItemFamily`).
  public func popularFamilies(of group: StoreGroup, range: DayRange? = nil, limit: Int) throws
    -> [FamilySales]
  {
    try rolledUp(group, range: range, byCategory: false, byFamily: true, limit: limit)
  }

  /// A group's categories broken down by family (`byFamily`) or by item: one row per category
  /// and family or item name, by revenue. An item counts under its menu category (the latest
  /// its imports gave). A family is one row of its category whatever its sizes' subcategories
  /// (the pizza set files its sizes as subcategories: split by them, "The Thai Chicken Pizza"
  /// was three rows, none the dish); its subcategory is its items' when they share one.
  public func categoryBreakdown(
    of group: StoreGroup, range: DayRange? = nil, byFamily: Bool, limit: Int
  ) throws -> [FamilySales] {
    try rolledUp(group, range: range, byCategory: true, byFamily: byFamily, limit: limit)
  }

  private func rolledUp(
    _ group: StoreGroup, range: DayRange?, byCategory: Bool, byFamily: Bool, limit: Int
  ) throws -> [FamilySales] {
    let limit = try Self.checked(limit)
    let rows = try itemSales(of: group, range: range)
    var menu: [Int64: MenuItem] = [:]
    for item in try repository.menuItems(ids: rows.compactMap(\.menuItemId)) {
      menu[item.id] = item
    }
    struct Key: Hashable {
      let category: String?, subcategory: String?, name: String
    }
    var families: [Key: (items: Int, orders: Int, quantity: Quantity, revenue: FixedDecimal)] = [:]
    var subcategories: [Key: Set<String?>] = [:]
    var names: Set<[String?]> = []
    for row in rows {
      let item = row.menuItemId.flatMap { menu[$0] }
      let name =
        byFamily ? item?.family ?? ItemFamily.name(of: row.itemName) : row.itemName
      let key = Key(
        category: byCategory ? item?.category : nil,
        subcategory: byCategory && !byFamily ? item?.subcategory : nil, name: name)
      if byCategory && byFamily { subcategories[key, default: []].insert(item?.subcategory) }
      if names.insert([key.category, key.subcategory, row.itemName]).inserted {
        families[key, default: (0, 0, .zero, .zero)].items += 1
      }
      families[key, default: (0, 0, .zero, .zero)].orders += row.timesOrdered
      families[key, default: (0, 0, .zero, .zero)].quantity += row.totalQuantity
      families[key, default: (0, 0, .zero, .zero)].revenue += row.totalRevenue
    }
    func precedes(_ a: String?, _ b: String?) -> Bool {
      (a ?? "").utf8.lexicographicallyPrecedes((b ?? "").utf8)
    }
    return families.map {
      let shared = subcategories[$0.key].flatMap { $0.count == 1 ? $0.first! : nil }
      return FamilySales(
        storeId: group.storeId, category: $0.key.category,
        subcategory: $0.key.subcategory ?? shared,
        family: $0.key.name, items: $0.value.items, timesOrdered: $0.value.orders,
        totalQuantity: $0.value.quantity, totalRevenue: $0.value.revenue)
    }.sorted { a, b in
      if a.totalRevenue != b.totalRevenue { return a.totalRevenue > b.totalRevenue }
      if a.category != b.category { return precedes(a.category, b.category) }
      if a.subcategory != b.subcategory { return precedes(a.subcategory, b.subcategory) }
      return precedes(a.family, b.family)
    }.prefix(limit).map { $0 }
  }
}
