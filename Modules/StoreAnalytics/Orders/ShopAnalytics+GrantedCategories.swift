import AnalyticsCore
import StoreModel

extension ShopAnalytics {
  /// Category sales over all time summed across some stores (`SalesRanking`): what a reader allowed to see only those stores may see of the all-stores view.
  /// Counts add up across stores because no order belongs to two stores.
  public func categories(storeIds: Set<String>, limit: Int) throws -> [CategorySales] {
    let rows = try storeIds.flatMap { try repository.categorySales(of: $0) }
    return SalesRanking.categories(
      Self.summedCategories(rows), limit: try Self.checked(min(limit, Self.maximumRows)))
  }

  /// Rows of one category and subcategory from several stores as one.
  static func summedCategories(_ rows: [CategorySales]) -> [CategorySales] {
    struct Key: Hashable {
      let category: String
      let subcategory: String?
    }
    var totals: [Key: (orders: Int, items: Quantity, revenue: FixedDecimal)] = [:]
    for row in rows {
      let key = Key(category: row.category, subcategory: row.subcategory)
      totals[key, default: (0, .zero, .zero)].orders += row.orderCount
      totals[key, default: (0, .zero, .zero)].items += row.itemsSold
      totals[key, default: (0, .zero, .zero)].revenue += row.totalRevenue
    }
    return totals.map { key, total in
      CategorySales(
        category: key.category, subcategory: key.subcategory, orderCount: total.orders,
        itemsSold: total.items, totalRevenue: total.revenue)
    }
  }
}
