import AnalyticsCore
import StoreModel

/// Migration 024's `analytics_revenue_goals` of a store: its trading days of the last 30 (days
/// with a completed order, as the seed's grouping of orders by day counts them), their average,
/// best and worst revenue and average orders, and the seed's goal of 1.2 × the averages.
public struct RevenueGoals: Sendable, Equatable {
  public let storeId: String
  /// Days with completed orders among the 30.
  public let tradingDays: Int
  public let averageDailyRevenue: FixedDecimal
  public let bestDayRevenue: FixedDecimal
  public let worstDayRevenue: FixedDecimal
  /// Orders per trading day, to the hundredth.
  public let averageDailyOrders: FixedDecimal
  /// 1.2 × the average revenue, rounded once from the exact sum (`ROUND(AVG(x) * 1.2, 2)`).
  public let revenueGoal: FixedDecimal
  public let ordersGoal: FixedDecimal
}

/// Migration 024's `analytics_order_funnel` of a store: its orders of all time by status and
/// their subtotals. Tally keeps no processing times, so there are none to average.
public struct StatusCount: Sendable, Equatable {
  public let storeId: String
  public let status: OrderStatus
  public let orders: Int
  public let revenue: FixedDecimal
}

/// Migration 024's `get_business_insights` of a store: its busiest hour and weekday of the last
/// 30 days, its top category of all time (by revenue over all its subcategories, the store's
/// own: the seed's function read every store's) and its customers' repeat rate of all time.
/// Wait times need processing times, which Tally does not keep.
public struct BusinessInsights: Sendable, Equatable {
  /// `nil` without an order in the 30 days; a tie goes to the earlier hour.
  public let peakHour: Int?
  /// `nil` without an order in the 30 days; a tie goes to the earlier weekday from Monday.
  public let busiestDay: Weekday?
  /// `nil` without a sale; a tie goes to the name first in byte order.
  public let topCategory: String?
  /// Repeat customers as a percentage of customers, all time (`CustomerSummary.repeatRate`);
  /// `nil` without a customer.
  public let customerRetention: Double?
}

extension ShopAnalytics {
  /// Migration 024's "last 30 days" (`CURRENT_DATE - INTERVAL '30 days'`) as the domain's rolling
  /// month: 30 store days through `asOf`. Peak hours, weekdays, goals and insights read it.
  public static func recentDays(asOf: LocalDate) -> DayRange {
    MetricsRange.month.windows(asOf: asOf, calendar: false).current
  }

  /// The store's business insights as of `asOf`.
  public func insights(of store: KnownStore, asOf: LocalDate) throws -> BusinessInsights {
    let window = Self.recentDays(asOf: asOf)
    let hours = try hourly(of: store, range: window)
    let busiestHour = hours.filter { $0.orders > 0 }.max {
      $0.orders < $1.orders || ($0.orders == $1.orders && $0.key > $1.key)
    }
    let days = try weekdays(storeId: store.id, range: window)
    let busiestDay = days.filter { $0.orders > 0 }.max {
      $0.orders < $1.orders || ($0.orders == $1.orders && $0.weekday > $1.weekday)
    }
    // A category's sales over all its subcategories (sizes): "Veggie / L" alone outsold
    // "Classic / M", but Classic outsold Veggie (the pizza data).
    var revenue: [String: FixedDecimal] = [:]
    for row in try categories(storeIds: [store.id], limit: Self.maximumRows) {
      revenue[row.category, default: .zero] =
        revenue[row.category, default: .zero] + row.totalRevenue
    }
    let top = revenue.max { a, b in
      a.value != b.value ? a.value < b.value : b.key.utf8.lexicographicallyPrecedes(a.key.utf8)
    }
    return BusinessInsights(
      peakHour: busiestHour?.key, busiestDay: busiestDay?.weekday, topCategory: top?.key,
      customerRetention: try customers(of: store, asOf: asOf).repeatRate)
  }

  /// The store's revenue goals over the 30 days through `asOf`; `nil` without a trading day.
  public func revenueGoals(of store: KnownStore, asOf: LocalDate) throws -> RevenueGoals? {
    let window = Self.recentDays(asOf: asOf)
    let days = try repository.days(of: store.id, in: window).filter { $0.orders > 0 }
    guard let best = days.map(\.revenue).max(), let worst = days.map(\.revenue).min() else {
      return nil
    }
    let count = Int64(days.count)
    let revenue = days.map(\.revenue).sum().hundredths
    let orders = Int64(days.map(\.orders).reduce(0, +))
    /// numerator ÷ denominator in hundredths, halves away from zero (all are positive here).
    func hundredths(_ numerator: Int64, _ denominator: Int64) -> FixedDecimal {
      FixedDecimal(hundredths: (2 * numerator + denominator) / (2 * denominator))
    }
    return RevenueGoals(
      storeId: store.id, tradingDays: days.count,
      averageDailyRevenue: hundredths(revenue, count), bestDayRevenue: best,
      worstDayRevenue: worst, averageDailyOrders: hundredths(orders * 100, count),
      revenueGoal: hundredths(revenue * 12, count * 10),
      ordersGoal: hundredths(orders * 1200, count * 10))
  }

  /// The store's orders of all time by status: completed, cancelled, refunded.
  public func orderFunnel(of store: KnownStore, asOf: LocalDate) throws -> [StatusCount] {
    let all = try DayRange(start: LocalDate.supportedRange.lowerBound, end: asOf)
    let totals = try repository.metricsTotals(of: store.id, current: all, previous: all)
    return [
      StatusCount(
        storeId: store.id, status: .completed, orders: totals.orders, revenue: totals.revenue),
      StatusCount(
        storeId: store.id, status: .cancelled, orders: totals.cancelled.orders,
        revenue: totals.cancelled.amount),
      StatusCount(
        storeId: store.id, status: .refunded, orders: totals.refunded.orders,
        revenue: totals.refunded.amount),
    ]
  }
}
