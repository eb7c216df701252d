import AnalyticsCore
import Testing

@Suite("Trends")
struct TrendTests {
  @Test(
    "changes",
    arguments: [
      (120.0, 100.0, 0.0, false, 20.0, Double?.some(20.0), Direction.up, Assessment.improving),
      (80, 100, 0, false, -20, -20, .down, .worsening),
      (50, 0, 0, false, 50, nil, .up, .improving),  // from zero: no percent, still up
      (0, 0, 0, false, 0, nil, .flat, .steady),
      (0, 40, 0, false, -40, -100, .down, .worsening),
      (100.5, 100, 1, false, 0.5, 0.5, .flat, .steady),  // within a 1% tolerance
      (102, 100, 1, false, 2, 2, .up, .improving),
      (300, 330, 0, true, -30, -30 / 330 * 100, .down, .improving),  // pace: lower is better
      (330, 300, 0, true, 30, 10, .up, .worsening),
    ])
  func changes(
    current: Double, previous: Double, tolerance: Double, lowerIsBetter: Bool, absolute: Double,
    percent: Double?, direction: Direction, assessment: Assessment
  ) {
    let change = Change(
      current: current, previous: previous, tolerancePercent: tolerance,
      lowerIsBetter: lowerIsBetter)
    #expect(close(change.absolute, absolute))
    #expect(close(change.percent, percent))
    #expect(change.direction == direction)
    #expect(change.assessment == assessment)
  }

  @Test("percent change from zero is absent, never 0 or infinity") func fromZero() {
    #expect(Change.percentChange(current: 10, previous: 0) == nil)
    #expect(Change.percentChange(current: 0, previous: 0) == nil)
    #expect(Change.percentChange(current: 15, previous: 10) == 50)
  }

  @Test("least squares through a perfect line") func perfectLine() throws {
    let fit = try #require(LinearFit(points: [(1, 2), (2, 4), (3, 6)]))
    #expect(close(fit.slope, 2))
    #expect(close(fit.intercept, 0))
    #expect(close(fit.rSquared, 1))
    #expect(close(fit.value(at: 10), 20))
    #expect(fit.count == 3)
  }

  // x = 0…3, y = 1,3,2,4: Sxy = 4, Sxx = 5, Syy = 5 → slope 0.8, intercept 2.5 − 0.8·1.5 = 1.3,
  // r² = 4² / (5·5) = 0.64.
  @Test("least squares through a noisy series") func noisy() throws {
    let fit = try #require(LinearFit(values: [1, 3, 2, 4]))
    #expect(close(fit.slope, 0.8))
    #expect(close(fit.intercept, 1.3))
    #expect(close(fit.rSquared, 0.64))
  }

  @Test("degenerate fits") func degenerate() throws {
    #expect(LinearFit(values: [5]) == nil)
    #expect(LinearFit(values: []) == nil)
    #expect(LinearFit(points: [(1, 2), (1, 3)]) == nil)  // no x variance
    let flat = try #require(LinearFit(values: [3, 3, 3]))
    #expect(flat.slope == 0)
    #expect(flat.rSquared == nil)
  }

  @Test(
    "trailing moving average",
    arguments: [
      ([1.0, 2, 3, 4, 5], 3, [2.0, 3, 4]), ([1, 2, 3, 4, 5], 1, [1, 2, 3, 4, 5]),
      ([1, 2, 3, 4, 5], 5, [3]), ([1, 2, 3, 4, 5], 6, []), ([], 2, []),
      ([2, 4, 6, 8], 2, [3, 5, 7]),
    ])
  func movingAverage(values: [Double], window: Int, expected: [Double]) {
    #expect(MovingAverage.trailing(values, window: window) == expected)
  }
}
