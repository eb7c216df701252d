import AnalyticsCore
import StoreModel

/// One hour of one weekday of a heat map: the orders and revenue of every such hour in a range.
public struct HeatmapCell: Sendable, Equatable {
  public let weekday: Weekday
  /// 0…23, in the store's zone.
  public let hour: Int
  public let orders: Int
  public let revenue: FixedDecimal
}

/// A store's days ahead (`ShopAnalytics.forecast`).
public struct StoreForecast: Sendable, Equatable {
  public struct Day: Sendable, Equatable {
    public let date: LocalDate
    public let revenue: FixedDecimal
    /// Orders to one decimal: a forecast is a mean, not a count.
    public let orders: Double
  }

  public let storeId: String
  /// The days the forecast stands on (the last whole weeks through the as-of day).
  public let history: DayRange
  public let days: [Day]
  /// Mean absolute percentage errors of forecasting the last 28 days of history from the days
  /// before them; `nil` when the history is too short to hold them back.
  public let revenueError: Double?
  public let ordersError: Double?
  /// The method in words.
  public static let method =
    "each day is the mean of the same weekday over the last (up to 8) weeks, plus the weekly "
    + "trend (least-squares slope of those weeks' daily means) times the weeks from their middle"
}

extension ShopAnalytics {
  /// Completed orders and revenue by weekday × local hour over `range`, Monday 0h first: all
  /// 168 cells, zero-filled.
  public func heatmap(storeId: String, range: DayRange) throws -> [HeatmapCell] {
    try heatmap(of: store(storeId), range: range)
  }

  /// `heatmap` of a store looked up before.
  public func heatmap(of store: KnownStore, range: DayRange) throws -> [HeatmapCell] {
    var cells = [(orders: Int, revenue: FixedDecimal)](repeating: (0, .zero), count: 7 * 24)
    for row in try repository.hours(of: store.id, in: range) {
      let index = (row.date.weekday.rawValue - 1) * 24 + row.hour
      cells[index].orders += row.orders
      cells[index].revenue += row.revenue
    }
    return cells.enumerated().map { index, cell in
      HeatmapCell(
        weekday: Weekday(rawValue: index / 24 + 1)!, hour: index % 24, orders: cell.orders,
        revenue: cell.revenue)
    }
  }

  /// The longest forecast: beyond a few weeks a weekday pattern says little.
  public static let forecastDays = 1...90

  /// Revenue and orders for the `days` after `asOf` (`WeekdayForecast`), from the store's last
  /// whole weeks through `asOf` (up to eight; days without orders count 0), and the error of
  /// the same method on the last four weeks held back.
  ///
  /// - throws: `TallyError` for an unknown store, `days` outside `forecastDays` (usage), or a
  ///   store with less than two weeks of history since its first order (bad data).
  public func forecast(storeId: String, days: Int, asOf: LocalDate) throws -> StoreForecast {
    try forecast(of: store(storeId), days: days, asOf: asOf)
  }

  /// `forecast` of a store looked up before.
  public func forecast(of store: KnownStore, days: Int, asOf: LocalDate) throws -> StoreForecast {
    guard Self.forecastDays.contains(days) else {
      throw TallyError.invalid(
        "days", String(days), expected: "1 to \(Self.forecastDays.upperBound)", category: .usage)
    }
    // Eight weeks to fit, four more to measure the error on.
    let wanted = (WeekdayForecast.maximumWeeks + 4) * 7
    let window = try DayRange(start: asOf.adding(days: -(wanted - 1)), end: asOf)
    let rows = try repository.days(of: store.id, in: window)
    // The history starts at the store's first order: days before it are not days it was shut.
    // A store with orders before the window has all of it.
    let before = try repository.latestDays(
      of: store.id, through: window.start.adding(days: -1), limit: 1)
    guard
      let first = before.isEmpty ? rows.filter({ $0.orders > 0 }).map(\.date).min() : window.start
    else {
      throw TallyError(
        .badData,
        .missing(
          field: "history of \(store.id)",
          expected: "orders up to \(asOf) and two whole weeks since the first"))
    }
    var byDay: [LocalDate: (orders: Int, revenue: FixedDecimal)] = [:]
    for row in rows { byDay[row.date] = (row.orders, row.revenue) }
    let history = try DayRange(start: first, end: asOf)
    let revenue = history.map { (byDay[$0]?.revenue ?? .zero).doubleValue }
    let orders = history.map { Double(byDay[$0]?.orders ?? 0) }
    guard let revenueFit = WeekdayForecast(history: revenue),
      let ordersFit = WeekdayForecast(history: orders)
    else {
      throw TallyError(
        .badData,
        .missing(
          field: "history of \(store.id)",
          expected: "two whole weeks from its first order (\(first)) up to \(asOf)"))
    }
    return StoreForecast(
      storeId: store.id,
      history: try DayRange(start: asOf.adding(days: -(revenueFit.weeks * 7 - 1)), end: asOf),
      days: (1...days).map { ahead in
        StoreForecast.Day(
          date: asOf.adding(days: ahead),
          revenue: FixedDecimal(rounding: revenueFit.value(daysAhead: ahead)),
          orders: (ordersFit.value(daysAhead: ahead) * 10).rounded() / 10)
      },
      revenueError: WeekdayForecast.meanAbsolutePercentageError(history: revenue),
      ordersError: WeekdayForecast.meanAbsolutePercentageError(history: orders))
  }
}
