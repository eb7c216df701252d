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

/// A family's sales: its items' summed.
public struct FamilySales: Sendable, Equatable {
  /// The store; `nil` for a group of stores.
  public let storeId: String?
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
  /// names in it.
  public func popularFamilies(of group: StoreGroup, range: DayRange? = nil, limit: Int) throws
    -> [FamilySales]
  {
    let limit = try Self.checked(limit)
    let rows = try itemSales(of: group, range: range)
    var families: [String: (items: Int, orders: Int, quantity: Quantity, revenue: FixedDecimal)] =
      [:]
    var names: Set<String> = []
    for row in rows {
      let name = ItemFamily.name(of: row.itemName)
      if names.insert(row.itemName).inserted {
        families[name, default: (0, 0, .zero, .zero)].items += 1
      }
      families[name, default: (0, 0, .zero, .zero)].orders += row.timesOrdered
      families[name, default: (0, 0, .zero, .zero)].quantity += row.totalQuantity
      families[name, default: (0, 0, .zero, .zero)].revenue += row.totalRevenue
    }
    return families.map {
      FamilySales(
        storeId: group.storeId, family: $0.key, items: $0.value.items,
        timesOrdered: $0.value.orders,
        totalQuantity: $0.value.quantity, totalRevenue: $0.value.revenue)
    }.sorted {
      $0.totalRevenue != $1.totalRevenue
        ? $0.totalRevenue > $1.totalRevenue
        : Array($0.family.utf8).lexicographicallyPrecedes($1.family.utf8)
    }.prefix(limit).map { $0 }
  }
}
