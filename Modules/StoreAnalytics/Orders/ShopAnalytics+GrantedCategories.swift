import AnalyticsCore
import StoreModel

extension ShopAnalytics {
  /// Category sales over all time summed across some stores (`SalesRanking`): what a reader allowed to see only those stores may see of the all-stores view.
  /// Counts add up across stores because no order belongs to two stores.
  public func categories(storeIds: Set<String>, limit: Int) throws -> [CategorySales] {
    struct Key: Hashable {
      let category: String
      let subcategory: String?
    }
    var totals: [Key: (orders: Int, items: Quantity, revenue: FixedDecimal)] = [:]
    for storeId in storeIds {
      for row in try repository.categorySales(of: storeId) {
        let key = Key(category: row.category, subcategory: row.subcategory)
        var total = totals[key] ?? (0, .zero, .zero)
        total.orders += row.orderCount
        total.items += row.itemsSold
        total.revenue += row.totalRevenue
        totals[key] = total
      }
    }
    let rows = totals.map { key, total in
      CategorySales(
        category: key.category, subcategory: key.subcategory, orderCount: total.orders,
        itemsSold: total.items, totalRevenue: total.revenue)
    }
    return SalesRanking.categories(rows, limit: try Self.checked(min(limit, Self.maximumRows)))
  }
}
