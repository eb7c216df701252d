import AnalyticsCore
import StoreModel

/// The windows of the metrics, chart and time-distribution reports.
public enum MetricsRange: String, Sendable, CaseIterable {
  /// The as-of day.
  case today
  /// 7 days ending on the as-of day (calendar periods: this Monday week so far).
  case week
  /// 30 days (calendar: this month so far).
  case month
  /// 90 days (calendar: this quarter so far).
  case quarter
  /// 365 days (calendar: this year so far).
  case year

  /// Days in the rolling window.
  public var days: Int {
    switch self {
    case .today: return 1
    case .week: return 7
    case .month: return 30
    case .quarter: return 90
    case .year: return 365
    }
  }

  /// The calendar period of a window read as the calendar's.
  public var period: Period {
    switch self {
    case .today: return .day
    case .week: return .week
    case .month: return .month
    case .quarter: return .quarter
    case .year: return .year
    }
  }

  /// The window and the one it is compared with. Rolling: `days` days ending on the as-of day,
  /// against the same number of days right before. Calendar: the period so far, against the same
  /// span from the start of the previous period (clamped to that period's end) — and when the
  /// as-of day is the last of its period, the whole period against the whole previous one
  /// (November against all 31 days of October, not October 1–30).
  public func windows(asOf: LocalDate, calendar: Bool) -> (current: DayRange, previous: DayRange) {
    guard calendar else {
      let current = try! DayRange.lastDays(days, asOf: asOf)
      return (current, current.previous)
    }
    let current = DayRange.toDate(period, asOf: asOf)
    let previousPeriod = period.range(containing: current.start.adding(days: -1))
    if asOf == period.range(containing: asOf).end { return (current, previousPeriod) }
    let previousEnd = min(
      previousPeriod.start.adding(days: current.dayCount - 1), previousPeriod.end)
    return (current, try! DayRange(start: previousPeriod.start, end: previousEnd))
  }
}

/// What an explicit range is compared with.
public enum Comparison: String, Sendable, CaseIterable {
  /// The same number of days right before.
  case previous
  /// The same days a year earlier (Feb 29 becomes Feb 28).
  case yearAgo = "year-ago"

  /// The window `range` is compared with.
  public func window(for range: DayRange) -> DayRange {
    switch self {
    case .previous: return range.previous
    case .yearAgo:
      return try! DayRange(start: range.start.adding(years: -1), end: range.end.adding(years: -1))
    }
  }
}

extension DayRange {
  /// How a chart of this range is bucketed: by day up to a month (31 days), by Monday week up to
  /// a quarter (92 days), by month beyond — the granularity of the month, quarter and year
  /// charts.
  public var chartPeriod: Period {
    switch dayCount {
    case ...31: return .day
    case ...92: return .week
    default: return .month
    }
  }
}

/// One day of `daily`.
public struct DailyStats: Sendable, Equatable {
  /// The store; `nil` for a group of stores.
  public let storeId: String?
  /// The store-local day.
  public let date: LocalDate
  /// Completed orders.
  public let totalOrders: Int
  /// Σ subtotals.
  public let totalRevenue: FixedDecimal
  /// Σ tax.
  public let totalTax: FixedDecimal
  /// Σ totals.
  public let totalWithTax: FixedDecimal
  /// Distinct non-empty customer ids; `nil` (unknown) when the day has orders but none of them
  /// names a customer — a file without customer ids says nothing about how many there were.
  public let uniqueCustomers: Int?

  /// Revenue ÷ orders, rounded to the cent; 0 without orders.
  public var averageOrderValue: FixedDecimal { totalRevenue.divided(by: totalOrders) }
}

/// Orders and revenue of a bucket: an hour (`Int`, 0–23), a part of the day (`DayPart`) or a
/// chart bucket (`ChartBucket`). Buckets carry their value; the edge renders labels.
public struct RevenueBucket<Key: Sendable & Equatable>: Sendable, Equatable {
  public let key: Key
  /// Completed orders.
  public let orders: Int
  /// Σ subtotals (before tax).
  public let revenue: FixedDecimal
  /// Whether the window or the store's data covers only part of the period (a week the window
  /// starts in the middle of, the month of the as-of day, the week the store opened): its
  /// totals are not comparable with a whole one's.
  public let partial: Bool

  public init(key: Key, orders: Int, revenue: FixedDecimal, partial: Bool = false) {
    self.key = key
    self.orders = orders
    self.revenue = revenue
    self.partial = partial
  }
}

/// A point of a revenue chart: what it covers, which decides its label at the edge.
public enum ChartBucket: Sendable, Equatable {
  /// A local hour of the as-of day, 0–23.
  case hour(Int)
  case day(LocalDate)
  /// The Monday week starting on this day (it may reach outside the window).
  case week(startingOn: LocalDate)
  /// The month starting on this day.
  case month(startingOn: LocalDate)
}

/// Distinct customers as known: orders without any customer id leave the count unknown (`nil`)
/// rather than 0; without orders there were no customers.
func knownCustomers(_ customers: Int, orders: Int) -> Int? {
  customers == 0 && orders > 0 ? nil : customers
}

/// KPIs of a window against the previous one.
public struct StoreMetrics: Sendable, Equatable {
  public let current: DayRange, previous: DayRange
  /// Revenue, orders and distinct customers of the window; customers are `nil` (unknown) when
  /// the window has orders but none of them names a customer.
  public let totalRevenue: FixedDecimal, totalOrders: Int, uniqueCustomers: Int?
  /// The previous window's revenue and orders.
  public let previousRevenue: FixedDecimal, previousOrders: Int
  /// The window's cancelled and refunded orders (counted in no other figure).
  public let cancelled: UnsoldOrders, refunded: UnsoldOrders
  /// The window's tax, on its completed orders.
  public let totalTax: FixedDecimal
  /// The window's completed orders' gross sales, discounts, comps, refund lines and tips: net
  /// sales (gross − discounts − comps − refunds) is `totalRevenue`.
  public let parts: SalesParts
  /// For a group of stores: the stores that traded in both windows, on their own.
  public internal(set) var sameStore: SameStoreSales? = nil

  /// Percent of the window's orders (completed, cancelled and refunded) that were cancelled;
  /// `nil` without orders.
  public var cancellationRate: Double? { share(cancelled) }
  /// Percent of the window's orders that were refunded; `nil` without orders.
  public var refundRate: Double? { share(refunded) }

  private func share(_ unsold: UnsoldOrders) -> Double? {
    let placed = totalOrders + cancelled.orders + refunded.orders
    return placed == 0 ? nil : Double(unsold.orders) * 100 / Double(placed)
  }

  /// Revenue ÷ orders; 0 without orders.
  public var averageOrderValue: FixedDecimal { totalRevenue.divided(by: totalOrders) }
  /// Percent change of revenue; `nil` when the previous revenue is 0.
  public var revenueChange: Double? {
    Change.percentChange(current: totalRevenue.doubleValue, previous: previousRevenue.doubleValue)
  }
  /// The previous window's revenue ÷ orders; 0 without orders.
  public var previousAverageOrderValue: FixedDecimal {
    previousRevenue.divided(by: previousOrders)
  }
  /// Percent change of the average order value; `nil` when the previous window had no orders.
  public var averageOrderValueChange: Double? { changes.averageOrderValue.percent }
  /// Revenue, orders and average order value now against before, for summary cards.
  public var changes: StoreChanges {
    StoreChanges(
      revenue: Change(current: totalRevenue.doubleValue, previous: previousRevenue.doubleValue),
      orders: Change(current: Double(totalOrders), previous: Double(previousOrders)),
      averageOrderValue: Change(
        current: averageOrderValue.doubleValue, previous: previousAverageOrderValue.doubleValue))
  }
  /// Orders now minus orders before.
  public var ordersChange: Int { totalOrders - previousOrders }
  /// Percent change of orders; `nil` when there were none before.
  public var ordersChangePercent: Double? {
    Change.percentChange(current: Double(totalOrders), previous: Double(previousOrders))
  }
}

/// The KPIs of `StoreMetrics` as `Change` values: the same percents as `revenueChange` and
/// `ordersChangePercent`.
public struct StoreChanges: Sendable, Equatable {
  public let revenue: Change
  public let orders: Change
  public let averageOrderValue: Change
}

/// The parts of a day by local hour (labels are the edge's: `"Late Night"`).
public enum DayPart: Sendable, CaseIterable {
  /// 06:00–10:59.
  case breakfast
  /// 11:00–14:59.
  case lunch
  /// 15:00–20:59.
  case dinner
  /// 21:00–05:59.
  case lateNight

  /// The part of the day an hour falls in.
  public init(hour: Int) {
    switch hour {
    case 6...10: self = .breakfast
    case 11...14: self = .lunch
    case 15...20: self = .dinner
    default: self = .lateNight
    }
  }
}

/// Sales on one day of the week over a range.
public struct WeekdaySales: Sendable, Equatable {
  public let weekday: Weekday
  /// How many of this weekday the range holds: averages are per such day, open or not.
  public let days: Int
  /// Completed orders and their revenue.
  public let orders: Int
  public let revenue: FixedDecimal

  /// Revenue ÷ days, rounded to the cent; 0 when the range holds none of this weekday.
  public var averageRevenuePerDay: FixedDecimal { revenue.divided(by: days) }
  /// Revenue ÷ orders; 0 without orders.
  public var averageOrderValue: FixedDecimal { revenue.divided(by: orders) }
}
