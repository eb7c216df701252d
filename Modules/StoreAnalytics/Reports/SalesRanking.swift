import AnalyticsCore
import StoreModel

/// The one order of every sales list, whatever backend read the rows: revenue, highest first;
/// ties by name (items) or by category then subcategory (categories) in UTF-8 byte order, then by
/// item id. Byte order rather than a collation or Swift's `String <` (Unicode canonical
/// order): the same on every backend, locale and machine, and what SQLite's BINARY collation
/// gives. Backends return their rows unordered and uncut; the domain ranks and cuts here.
enum SalesRanking {
  /// The first `limit` items.
  static func items(_ rows: [ItemSales], limit: Int) -> [ItemSales] {
    Array(
      rows.sorted { a, b in
        if a.totalRevenue != b.totalRevenue { return a.totalRevenue > b.totalRevenue }
        if a.itemName != b.itemName { return precedes(a.itemName, b.itemName) }
        return (a.menuItemId ?? 0) < (b.menuItemId ?? 0)
      }.prefix(limit))
  }

  /// The first `limit` categories.
  static func categories(_ rows: [CategorySales], limit: Int) -> [CategorySales] {
    Array(
      rows.sorted { a, b in
        if a.totalRevenue != b.totalRevenue { return a.totalRevenue > b.totalRevenue }
        if a.category != b.category { return precedes(a.category, b.category) }
        return precedes(a.subcategory ?? "", b.subcategory ?? "")
      }.prefix(limit))
  }

  private static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}
