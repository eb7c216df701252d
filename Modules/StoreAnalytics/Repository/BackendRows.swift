import AnalyticsCore

// What a backend outside this module makes from its rows (`StorePostgres`): the memberwise
// initializers of these types are internal, and a public one of the same shape would clash.

extension StoreHourTotal {
  public static func stored(storeId: String, hour: Int, orders: Int, revenue: FixedDecimal)
    -> StoreHourTotal
  {
    StoreHourTotal(storeId: storeId, hour: hour, orders: orders, revenue: revenue)
  }
}

extension ItemSales {
  public static func stored(
    storeId: String, menuItemId: Int64, itemName: String, timesOrdered: Int, totalQuantity: Int,
    totalRevenue: FixedDecimal
  ) -> ItemSales {
    ItemSales(
      storeId: storeId, menuItemId: menuItemId, itemName: itemName, timesOrdered: timesOrdered,
      totalQuantity: totalQuantity, totalRevenue: totalRevenue)
  }
}

extension CategorySales {
  public static func stored(
    category: String, subcategory: String?, orderCount: Int, itemsSold: Int,
    totalRevenue: FixedDecimal
  ) -> CategorySales {
    CategorySales(
      category: category, subcategory: subcategory, orderCount: orderCount, itemsSold: itemsSold,
      totalRevenue: totalRevenue)
  }
}
