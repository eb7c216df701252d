import AnalyticsCore
import Testing

/// The weekday-pattern-and-trend forecast, on series worked by hand.
@Suite("Weekday forecast")
struct WeekdayForecastTests {
  /// A week of values, Monday to Sunday.
  let week: [Double] = [100, 120, 90, 130, 200, 260, 80]

  @Test("a history of identical weeks forecasts that week exactly")
  func identicalWeeks() throws {
    let fit = try #require(
      WeekdayForecast(history: Array(repeating: week, count: 8).flatMap { $0 }))
    #expect(fit.slopePerWeek == 0)
    #expect(fit.values(days: 14) == week + week)
    // Error 0 on the held-back weeks (history of 12 weeks: 8 to fit, 4 to measure).
    let long = Array(repeating: week, count: 12).flatMap { $0 }
    #expect(WeekdayForecast.meanAbsolutePercentageError(history: long) == 0)
  }

  @Test("a history rising by 7 a day each week continues the line")
  func linearTrend() throws {
    // Week w: every day + 7w. Weekly means rise by 7 a week: slope 7.
    let history = (0..<4).flatMap { w in week.map { $0 + 7 * Double(w) } }
    let fit = try #require(WeekdayForecast(history: history))
    #expect(abs(fit.slopePerWeek - 7) < 1e-9)
    // The next Monday is week 4's: 100 + 28 = 128; the Sunday after it 80 + 28 = 108.
    let next = fit.values(days: 7)
    #expect(next.enumerated().allSatisfy { abs($0.element - (week[$0.offset] + 28)) < 1e-9 })
  }

  @Test("the last eight whole weeks are used; fewer than two are not enough")
  func history() throws {
    #expect(WeekdayForecast(history: Array(repeating: 5, count: 13)) == nil)
    let ten = Array(repeating: week, count: 10).flatMap { $0 }
    #expect(try #require(WeekdayForecast(history: [1, 2, 3] + ten)).weeks == 8)
  }

  @Test("MAPE on held-back days, by hand; zero days left out")
  func error() throws {
    // Two weeks of 10 a day fit a flat 10; the held-back week is 20 a day except a 0 Sunday:
    // |20 − 10| / 20 = 50% on six days, the 0 left out.
    let history = Array(repeating: 10.0, count: 14) + [20, 20, 20, 20, 20, 20, 0]
    let error = try #require(
      WeekdayForecast.meanAbsolutePercentageError(history: history, heldBack: 7))
    #expect(abs(error - 50) < 1e-9)
    #expect(WeekdayForecast.meanAbsolutePercentageError(history: history, heldBack: 14) == nil)
  }
}
