/// A daily series carried ahead by its own weekday pattern and trend. In two lines: each day
/// ahead is the mean of the same weekday over the last weeks of history, plus the trend (the
/// least-squares slope of those weeks' daily means, per week) times how many weeks that day lies
/// after those weekdays' middle.
///
/// A history of identical weeks forecasts that week exactly (the slope is 0, each mean is the
/// week's own day); a history rising by the same amount every week continues that line exactly.
/// Values never fall below 0.
public struct WeekdayForecast: Sendable, Equatable {
  /// Weeks of history used, at most `maximumWeeks`: two months follow a season's change while
  /// averaging out a holiday.
  public static let maximumWeeks = 8
  /// Fewer than two weeks give no trend and a weekday pattern of single days.
  public static let minimumWeeks = 2

  /// The weeks of history the forecast stands on.
  public let weeks: Int
  /// The mean of each weekday position of the weeks used (position 0: the weekday of the first
  /// day of those weeks).
  public let weekdayMeans: [Double]
  /// Change per week (of a day's value).
  public let slopePerWeek: Double

  /// Fits the last whole weeks of `history` (oldest first, one value per day, missing days 0),
  /// up to `maximumWeeks`; `nil` with fewer than `minimumWeeks` whole weeks.
  public init?(history: [Double]) {
    let weeks = min(history.count / 7, Self.maximumWeeks)
    guard weeks >= Self.minimumWeeks else { return nil }
    let days = Array(history.suffix(weeks * 7))
    self.weeks = weeks
    weekdayMeans = (0..<7).map { position in
      stride(from: position, to: days.count, by: 7).reduce(0) { $0 + days[$1] } / Double(weeks)
    }
    let weeklyMeans = (0..<weeks).map { week in days[(week * 7)..<(week * 7 + 7)].reduce(0, +) / 7 }
    slopePerWeek = LinearFit(values: weeklyMeans)?.slope ?? 0
  }

  /// The value `ahead` days after the history's last day (1: the next day).
  public func value(daysAhead ahead: Int) -> Double {
    // Day index counted from the history's first day; each weekday's mean sits at the middle of
    // its own occurrences.
    let index = weeks * 7 - 1 + ahead
    let position = index % 7
    let middle = Double(position) + 7 * Double(weeks - 1) / 2
    return max(0, weekdayMeans[position] + slopePerWeek * (Double(index) - middle) / 7)
  }

  /// The next `days` values.
  public func values(days: Int) -> [Double] {
    guard days > 0 else { return [] }
    return (1...days).map(value)
  }

  /// The mean absolute percentage error of forecasting the last `heldBack` days of `history`
  /// from the days before them, over the held-back days that are not 0 (a percentage of 0 is
  /// undefined); `nil` when the days before are too few to fit or no held-back day is above 0.
  public static func meanAbsolutePercentageError(history: [Double], heldBack: Int = 28)
    -> Double?
  {
    guard history.count > heldBack,
      let fit = WeekdayForecast(history: Array(history.dropLast(heldBack)))
    else { return nil }
    let actual = history.suffix(heldBack)
    var sum = 0.0
    var count = 0
    for (offset, value) in actual.enumerated() where value > 0 {
      sum += abs(value - fit.value(daysAhead: offset + 1)) / value
      count += 1
    }
    return count == 0 ? nil : 100 * sum / Double(count)
  }
}
