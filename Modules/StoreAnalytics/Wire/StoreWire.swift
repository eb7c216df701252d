import AnalyticsCore
import DataFormats
import StoreModel

/// The seed-shaped JSON of the store's answers — the same keys the CLI documents and a server
/// will serve — built in one place so every edge writes the same shapes, and the labels of typed
/// buckets (`"2pm"`, `"Late Night"`, `"Week of Feb 2"`) rendered once.
public enum StoreWire {
  /// The columns of `shop` rows, for an empty CSV.
  public static let shopColumns = ["id", "name", "time_zone"]

  public static func shop(_ shop: Shop) -> JSONObject {
    ["id": .string(shop.id), "name": .string(shop.name), "time_zone": .string(shop.timeZone)]
  }

  public static let dailyColumns = [
    "store_id", "date", "total_orders", "total_revenue", "total_tax", "total_with_tax",
    "avg_order_value", "unique_customers",
  ]

  public static func daily(_ day: DailyStats) -> JSONObject {
    [
      "store_id": .string(day.storeId), "date": .date(day.date),
      "total_orders": .int(day.totalOrders),
      "total_revenue": .decimal(day.totalRevenue), "total_tax": .decimal(day.totalTax),
      "total_with_tax": .decimal(day.totalWithTax),
      "avg_order_value": .decimal(day.averageOrderValue),
      "unique_customers": customers(day.uniqueCustomers),
    ]
  }

  /// A distinct-customer count; `null` when unknown (orders without customer ids).
  private static func customers(_ count: Int?) -> JSONValue { count.map(JSONValue.int) ?? .null }

  public static let hourlyColumns = ["store_id", "hour", "orders", "revenue"]

  public static func hourly(_ hour: RevenueBucket<Int>, storeId: String?) -> JSONObject {
    [
      "store_id": .string(storeId), "hour": .int(hour.key), "orders": .int(hour.orders),
      "revenue": .decimal(hour.revenue),
    ]
  }

  public static let timeDistributionColumns = [
    "store_id", "time_period", "order_count", "revenue",
  ]

  public static func timeDistribution(_ part: RevenueBucket<DayPart>, storeId: String)
    -> JSONObject
  {
    [
      "store_id": .string(storeId), "time_period": .string(label(part.key)),
      "order_count": .int(part.orders), "revenue": .decimal(part.revenue),
    ]
  }

  public static let categoryColumns = [
    "category", "subcategory", "order_count", "items_sold", "total_revenue",
  ]

  /// A category's row. `seedApp`: the shape the seed business app's models decode (seed 003,
  /// "Step 3: Define Data Models"), which declare every count non-optional and whole: quantities
  /// rounded to whole units; elsewhere exact (`12.375` when weighed).
  public static func category(_ row: CategorySales, seedApp: Bool = false) -> JSONObject {
    [
      "category": .string(row.category), "subcategory": .string(row.subcategory),
      "order_count": .int(row.orderCount),
      "items_sold": quantity(row.itemsSold, wholeUnits: seedApp),
      "total_revenue": .decimal(row.totalRevenue),
    ]
  }

  public static let popularColumns = [
    "store_id", "menu_item_id", "item_name", "times_ordered", "total_quantity", "total_revenue",
    "avg_price",
  ]

  /// An item's row; `seedApp` as for `category(_:seedApp:)`.
  public static func popular(_ row: ItemSales, seedApp: Bool = false) -> JSONObject {
    [
      "store_id": .string(row.storeId),
      "menu_item_id": row.menuItemId.map { .int(Int($0)) } ?? .null,
      "item_name": .string(row.itemName), "times_ordered": .int(row.timesOrdered),
      "total_quantity": quantity(row.totalQuantity, wholeUnits: seedApp),
      "total_revenue": .decimal(row.totalRevenue), "avg_price": .decimal(row.averagePrice),
    ]
  }

  public static let familyColumns = [
    "store_id", "family", "items", "times_ordered", "total_quantity", "total_revenue",
    "avg_price",
  ]

  public static let categoryFamilyColumns = [
    "category", "subcategory", "family", "items", "times_ordered", "total_quantity",
    "total_revenue", "avg_price",
  ]
  public static let categoryItemColumns = [
    "category", "subcategory", "item_name", "times_ordered", "total_quantity", "total_revenue",
    "avg_price",
  ]

  /// A category's family (`byFamily`) or item.
  public static func categoryPart(_ row: FamilySales, byFamily: Bool) -> JSONObject {
    var object: JSONObject = [
      "category": .string(row.category), "subcategory": .string(row.subcategory),
    ]
    if byFamily {
      object["family"] = .string(row.family)
      object["items"] = .int(row.items)
    } else {
      object["item_name"] = .string(row.family)
    }
    object["times_ordered"] = .int(row.timesOrdered)
    object["total_quantity"] = quantity(row.totalQuantity)
    object["total_revenue"] = .decimal(row.totalRevenue)
    object["avg_price"] = .decimal(row.averagePrice)
    return object
  }

  public static func family(_ row: FamilySales) -> JSONObject {
    [
      "store_id": .string(row.storeId), "family": .string(row.family), "items": .int(row.items),
      "times_ordered": .int(row.timesOrdered), "total_quantity": quantity(row.totalQuantity),
      "total_revenue": .decimal(row.totalRevenue), "avg_price": .decimal(row.averagePrice),
    ]
  }

  /// A quantity as a JSON number: `3`, `12.375`; rounded to whole units when asked.
  public static func quantity(_ value: Quantity, wholeUnits: Bool = false) -> JSONValue {
    wholeUnits ? .int(value.roundedUnits) : .number(value.doubleValue, decimals: nil)
  }

  /// Migration 024's `get_business_insights`; `avg_wait_time` is null (Tally keeps no
  /// processing times).
  public static func insights(_ insights: BusinessInsights) -> JSONObject {
    [
      "peak_hour": insights.peakHour.map(JSONValue.int) ?? .null,
      "busiest_day": .string(insights.busiestDay.map { $0.name.capitalized }),
      "top_category": .string(insights.topCategory),
      "customer_retention": .number(insights.customerRetention, decimals: 1),
      "avg_wait_time": .null,
    ]
  }

  /// Migration 024's `analytics_store_summary`: a store's completed orders of all time.
  /// `store_code` is the store's id (the POS's code for it); `repeat_customers` counts customers
  /// with two or more orders (the seed counted orders flagged as repeat).
  public static let storeSummaryColumns = [
    "store_id", "store_name", "store_code", "total_orders", "total_revenue", "avg_order_value",
    "unique_customers", "repeat_customers",
  ]

  public static func storeSummary(_ summary: CustomerSummary, shop: Shop) -> JSONObject {
    [
      "store_id": .string(shop.id), "store_name": .string(shop.name),
      "store_code": .string(shop.id), "total_orders": .int(summary.orders),
      "total_revenue": .decimal(summary.revenue),
      "avg_order_value": summary.orders > 0
        ? .decimal(summary.revenue.divided(by: summary.orders)) : .null,
      "unique_customers": .int(summary.customers),
      "repeat_customers": .int(summary.repeatCustomers),
    ]
  }

  /// Migration 024's `analytics_customer_insights` of a store with completed orders.
  /// `avg_spent_per_customer` is net sales per customer (the seed's averaged orders);
  /// `repeat_rate` and it are null without a customer.
  public static let customerInsightColumns = [
    "store_id", "total_customers", "repeat_customers", "repeat_rate", "avg_spent_per_customer",
    "highest_order", "lowest_order",
  ]

  public static func customerInsights(_ summary: CustomerSummary) -> JSONObject {
    [
      "store_id": .string(summary.storeId), "total_customers": .int(summary.customers),
      "repeat_customers": .int(summary.repeatCustomers),
      "repeat_rate": .number(summary.repeatRate, decimals: 1),
      "avg_spent_per_customer": summary.averageSpend.map(JSONValue.decimal) ?? .null,
      "highest_order": summary.extremes.map { .decimal($0.highest) } ?? .null,
      "lowest_order": summary.extremes.map { .decimal($0.lowest) } ?? .null,
    ]
  }

  /// Migration 024's `analytics_top_customers`, and a customer report's top list: a
  /// customer's completed orders. `customer_phone` is null (Tally keeps no phone numbers);
  /// `customer_id` is the POS's id; `last_order_date` an instant in the store's zone.
  public static let topCustomerColumns = [
    "store_id", "customer_id", "customer_name", "customer_phone", "total_orders", "total_spent",
    "avg_order_value", "last_order_date",
  ]

  public static func topCustomer(_ customer: CustomerTotals, storeId: String, zone: Zone)
    -> JSONObject
  {
    [
      "store_id": .string(storeId), "customer_id": .string(customer.customerId),
      "customer_name": .string(customer.name), "customer_phone": .null,
      "total_orders": .int(customer.orders), "total_spent": .decimal(customer.spent),
      "avg_order_value": .decimal(customer.averageOrderValue),
      "last_order_date": .string(customer.lastOrder.iso8601(in: zone)),
    ]
  }

  /// The customers command's answer: the window's customer figures (`start` null for all time)
  /// and its top customers.
  public static func customers(
    _ summary: CustomerSummary, top: Int, zone: Zone
  ) -> JSONObject {
    [
      "store_id": .string(summary.storeId),
      // All time: no first day to name.
      "start": summary.range.start == LocalDate.supportedRange.lowerBound
        ? .null : .date(summary.range.start),
      "end": .date(summary.range.end), "customers": .int(summary.customers),
      "new_customers": .int(summary.newCustomers),
      "returning_customers": .int(summary.returningCustomers),
      "repeat_customers": .int(summary.repeatCustomers),
      "repeat_rate": .number(summary.repeatRate, decimals: 1),
      "orders_with_customer": .int(summary.ordersWithCustomer),
      "orders_without_customer": .int(summary.ordersWithoutCustomer),
      "customer_sales": .decimal(summary.customerSales),
      "sales_without_customer": .decimal(summary.salesWithoutCustomer),
      "avg_spend": summary.averageSpend.map(JSONValue.decimal) ?? .null,
      "orders_per_customer": summary.ordersPerCustomer.map(JSONValue.decimal) ?? .null,
      "highest_order": summary.extremes.map { .decimal($0.highest) } ?? .null,
      "lowest_order": summary.extremes.map { .decimal($0.lowest) } ?? .null,
      "top_customers": .array(
        summary.ranked.prefix(top).map {
          .object(topCustomer($0, storeId: summary.storeId, zone: zone))
        }),
    ]
  }

  /// Migration 024's `analytics_revenue_goals`.
  public static let revenueGoalColumns = [
    "store_id", "avg_daily_revenue", "best_day_revenue", "worst_day_revenue", "avg_daily_orders",
    "revenue_goal", "orders_goal",
  ]

  public static func revenueGoals(_ goals: RevenueGoals) -> JSONObject {
    [
      "store_id": .string(goals.storeId), "avg_daily_revenue": .decimal(goals.averageDailyRevenue),
      "best_day_revenue": .decimal(goals.bestDayRevenue),
      "worst_day_revenue": .decimal(goals.worstDayRevenue),
      "avg_daily_orders": .decimal(goals.averageDailyOrders),
      "revenue_goal": .decimal(goals.revenueGoal), "orders_goal": .decimal(goals.ordersGoal),
    ]
  }

  /// Migration 024's `analytics_order_funnel`; `avg_processing_minutes` is null: Tally keeps no
  /// processing times.
  public static let orderFunnelColumns = [
    "store_id", "status", "order_count", "revenue", "avg_processing_minutes",
  ]

  public static func orderFunnel(_ row: StatusCount) -> JSONObject {
    [
      "store_id": .string(row.storeId), "status": .string(row.status.rawValue),
      "order_count": .int(row.orders), "revenue": .decimal(row.revenue),
      "avg_processing_minutes": .null,
    ]
  }

  /// Migration 024's `analytics_peak_hours`: an hour of the last 30 days.
  public static let peakHourColumns = [
    "store_id", "hour", "order_count", "revenue", "avg_order_value",
  ]

  public static func peakHour(_ hour: RevenueBucket<Int>, storeId: String) -> JSONObject {
    [
      "store_id": .string(storeId), "hour": .int(hour.key), "order_count": .int(hour.orders),
      "revenue": .decimal(hour.revenue),
      "avg_order_value": .decimal(hour.revenue.divided(by: hour.orders)),
    ]
  }

  /// Migration 024's `analytics_day_of_week`: a weekday of the last 30 days; `day_number` as
  /// PostgreSQL's `EXTRACT(DOW …)`, 0 for Sunday.
  public static let dayOfWeekColumns = [
    "store_id", "day_name", "day_number", "order_count", "total_revenue", "avg_order_value",
  ]

  public static func dayOfWeek(_ row: WeekdaySales, storeId: String) -> JSONObject {
    [
      "store_id": .string(storeId), "day_name": .string(row.weekday.name.capitalized),
      "day_number": .int(row.weekday.rawValue % 7), "order_count": .int(row.orders),
      "total_revenue": .decimal(row.revenue), "avg_order_value": .decimal(row.averageOrderValue),
    ]
  }

  public static let weekdayColumns = [
    "store_id", "weekday", "days", "orders", "revenue", "avg_revenue_per_day", "avg_order_value",
  ]

  public static func weekday(_ row: WeekdaySales, storeId: String?) -> JSONObject {
    [
      "store_id": .string(storeId), "weekday": .string(row.weekday.shortName),
      "days": .int(row.days), "orders": .int(row.orders), "revenue": .decimal(row.revenue),
      "avg_revenue_per_day": .decimal(row.averageRevenuePerDay),
      "avg_order_value": .decimal(row.averageOrderValue),
    ]
  }

  /// The metrics of a window. `seedApp`: the seed app's `StoreMetrics` declares
  /// `unique_customers` and `revenue_change` non-optional, so where Tally has no value (no order
  /// names a customer; no revenue in the previous window to compare with) they are `0` and
  /// `unique_customers_known` / `revenue_change_known` say `false`; the CLI gives `null`.
  public static func metrics(_ metrics: StoreMetrics, seedApp: Bool = false) -> JSONObject {
    var object: JSONObject = [
      "total_revenue": .decimal(metrics.totalRevenue), "total_orders": .int(metrics.totalOrders),
      "avg_order_value": .decimal(metrics.averageOrderValue),
      "unique_customers": seedApp
        ? .int(metrics.uniqueCustomers ?? 0) : customers(metrics.uniqueCustomers),
    ]
    if seedApp {
      object["unique_customers_known"] = .bool(metrics.uniqueCustomers != nil)
    }
    object["revenue_change"] =
      seedApp
      ? .number(metrics.revenueChange ?? 0, decimals: 1)
      : .number(metrics.revenueChange, decimals: 1)
    if seedApp {
      object["revenue_change_known"] = .bool(metrics.revenueChange != nil)
    }
    let rest: JSONObject = [
      "orders_change": .int(metrics.ordersChange),
      "orders_change_percent": .number(metrics.ordersChangePercent, decimals: 1),
      "cancelled_orders": .int(metrics.cancelled.orders),
      "cancelled_amount": .decimal(metrics.cancelled.amount),
      "cancellation_rate": .number(metrics.cancellationRate, decimals: 1),
      "refunded_orders": .int(metrics.refunded.orders),
      "refunded_amount": .decimal(metrics.refunded.amount),
      "refund_rate": .number(metrics.refundRate, decimals: 1),
      "gross_sales": .decimal(metrics.parts.gross), "discounts": .decimal(metrics.parts.discounts),
      "comps": .decimal(metrics.parts.comps), "refunds": .decimal(metrics.parts.refunds),
      "net_sales": .decimal(metrics.parts.net), "tips": .decimal(metrics.parts.tips),
      "total_tax": .decimal(metrics.totalTax),
      "period": .object([
        "start": .date(metrics.current.start), "end": .date(metrics.current.end),
        "previous_start": .date(metrics.previous.start),
        "previous_end": .date(metrics.previous.end),
      ]),
    ]
    for field in rest.fields { object[field.key] = field.value }
    if let same = metrics.sameStore { object["same_store"] = .object(sameStore(same)) }
    return object
  }

  /// `{stores, total_revenue, previous_revenue, revenue_change, total_orders, previous_orders,
  /// orders_change_percent}` of the comparable stores.
  public static func sameStore(_ same: SameStoreSales) -> JSONObject {
    [
      "stores": .array(same.storeIds.map(JSONValue.string)),
      "total_revenue": .decimal(same.revenue), "previous_revenue": .decimal(same.previousRevenue),
      "revenue_change": .number(same.revenueChange, decimals: 1),
      "total_orders": .int(same.orders), "previous_orders": .int(same.previousOrders),
      "orders_change_percent": .number(same.ordersChangePercent, decimals: 1),
    ]
  }

  public static let chartColumns = ["time_label", "revenue", "orders"]

  /// Chart points with their labels; a chart of at most a week of days names the weekdays.
  /// `marksPartial` adds `partial` (the seed app's chart answer has no such key).
  public static func chart(_ points: [RevenueBucket<ChartBucket>], marksPartial: Bool = false)
    -> [JSONObject]
  {
    let labels = chartLabels(points)
    return zip(points, labels).map { point, label in
      var object: JSONObject = [
        "time_label": .string(label), "revenue": .decimal(point.revenue),
        "orders": .int(point.orders),
      ]
      if marksPartial { object["partial"] = .bool(point.partial) }
      return object
    }
  }

  public static let cohortColumns = [
    "cohort", "months_after", "customers", "active", "retention_percent",
  ]

  /// `2025-01`.
  static func monthText(_ day: LocalDate) -> String { String(day.description.prefix(7)) }

  /// `{store_id, through, last_month_partial, cohorts: [{month, customers, active,
  /// retention_percent}]}`.
  public static func cohorts(_ table: CohortTable) -> JSONObject {
    [
      "store_id": .string(table.storeId), "through": .date(table.through),
      "last_month_partial": .bool(table.asOfMonthIsPartial),
      "cohorts": .array(
        table.cohorts.map { cohort in
          .object([
            "month": .string(monthText(cohort.month)), "customers": .int(cohort.customers),
            "active": .array(cohort.active.map { .int($0) }),
            "retention_percent": .array(
              cohort.shares.map { cohort.customers > 0 ? .number($0, decimals: 1) : .null }),
          ])
        }),
    ]
  }

  /// One row per cohort and month after it (CSV).
  public static func cohortRows(_ table: CohortTable) -> [JSONObject] {
    table.cohorts.flatMap { cohort in
      zip(cohort.active, cohort.shares).enumerated().map { offset, pair in
        [
          "cohort": .string(monthText(cohort.month)), "months_after": .int(offset),
          "customers": .int(cohort.customers), "active": .int(pair.0),
          "retention_percent": cohort.customers > 0 ? .number(pair.1, decimals: 1) : .null,
        ]
      }
    }
  }

  public static let menuColumns = [
    "item", "label", "quantity", "mix_percent", "revenue", "unit_cost", "unit_margin",
    "contribution",
  ]

  public static func menuItem(_ item: MenuMatrix.Item) -> JSONObject {
    [
      "item": .string(item.name), "label": .string(item.label.rawValue),
      "quantity": quantity(item.quantity),
      "mix_percent": .number(item.mixPercent, decimals: 1), "revenue": .decimal(item.revenue),
      "unit_cost": .decimal(item.unitCost), "unit_margin": .decimal(item.unitMargin),
      "contribution": .decimal(item.contribution),
    ]
  }

  /// `{store_id, start, end, popularity_threshold_percent, average_margin, revenue,
  /// contribution, items, items_without_cost, costs_not_sold}`.
  public static func menu(_ matrix: MenuMatrix) -> JSONObject {
    [
      "store_id": .string(matrix.storeId), "start": .date(matrix.range.start),
      "end": .date(matrix.range.end),
      "popularity_threshold_percent": .number(matrix.popularityThreshold, decimals: 1),
      "average_margin": .decimal(matrix.averageMargin), "revenue": .decimal(matrix.revenue),
      "contribution": .decimal(matrix.contribution),
      "items": .array(matrix.items.map { .object(menuItem($0)) }),
      "items_without_cost": .array(matrix.withoutCost.map { .string($0) }),
      "costs_not_sold": .array(matrix.notSold.map { .string($0) }),
    ]
  }

  public static let heatmapColumns = ["weekday", "hour", "orders", "revenue"]

  /// The 168 cells, Monday 0h first.
  public static func heatmap(_ cells: [HeatmapCell]) -> [JSONObject] {
    cells.map {
      [
        "weekday": .string($0.weekday.shortName), "hour": .int($0.hour),
        "orders": .int($0.orders), "revenue": .decimal($0.revenue),
      ]
    }
  }

  public static let forecastColumns = ["date", "weekday", "revenue", "orders"]

  /// `{store_id, history: {start, end}, method, mape_revenue, mape_orders, days: [...]}`.
  public static func forecast(_ forecast: StoreForecast) -> JSONObject {
    [
      "store_id": .string(forecast.storeId),
      "history": .object([
        "start": .date(forecast.history.start), "end": .date(forecast.history.end),
      ]),
      "method": .string(StoreForecast.method),
      "mape_revenue": .number(forecast.revenueError, decimals: 1),
      "mape_orders": .number(forecast.ordersError, decimals: 1),
      "days": .array(forecast.days.map { .object(forecastDay($0)) }),
    ]
  }

  public static func forecastDay(_ day: StoreForecast.Day) -> JSONObject {
    [
      "date": .date(day.date), "weekday": .string(day.date.weekday.shortName),
      "revenue": .decimal(day.revenue), "orders": .number(day.orders, decimals: 1),
    ]
  }

  /// The labels of chart points: `12am`…`11pm`, `Mon` (a week of days), `Feb 8`, `Week of Feb 2`,
  /// `Mar 2025`.
  public static func chartLabels(_ points: [RevenueBucket<ChartBucket>]) -> [String] {
    let weekdays = points.count <= Weekday.allCases.count
    return points.map { point in
      switch point.key {
      case .hour(let hour): return hourLabel(hour)
      case .day(let day):
        return weekdays ? day.weekday.shortName : "\(day.shortMonthName) \(day.day)"
      case .week(let start): return "Week of \(start.shortMonthName) \(start.day)"
      case .month(let start): return "\(start.shortMonthName) \(start.year)"
      }
    }
  }

  /// `12am`, `1am`, … `12pm`, … `11pm`.
  public static func hourLabel(_ hour: Int) -> String {
    let twelve = hour % 12 == 0 ? 12 : hour % 12
    return "\(twelve)\(hour < 12 ? "am" : "pm")"
  }

  public static func label(_ part: DayPart) -> String {
    switch part {
    case .breakfast: return "Breakfast"
    case .lunch: return "Lunch"
    case .dinner: return "Dinner"
    case .lateNight: return "Late Night"
    }
  }

  public static func importSummary(_ summary: OrderImportSummary) -> JSONObject {
    [
      "orders": .int(summary.orders), "lines": .int(summary.lines),
      "replaced": .int(summary.replaced), "updated": .int(summary.updated),
      "already_present": .int(summary.alreadyPresent),
      "created_stores": .array(summary.createdStores.map(JSONValue.string)),
    ]
  }
}
