import AnalyticsCore
import Testing

@Suite("Statistics and correlation")
struct StatisticsTests {
  // Squared deviations from the mean 5: 9+1+1+1+0+0+4+16 = 32; 32/7 = 4.5714…; √ = 2.13809.
  @Test("summary of a sample") func summary() {
    let summary = Summary([2, 4, 4, 4, 5, 5, 7, 9])
    #expect(summary.count == 8)
    #expect(summary.sum == 40)
    #expect(summary.mean == 5)
    #expect(summary.median == 4.5)
    #expect(summary.min == 2)
    #expect(summary.max == 9)
    #expect(close(summary.standardDeviation, (32.0 / 7).squareRoot()))
    #expect(close(summary.standardDeviation, 2.138_089_935, 1e-9))
  }

  @Test("summary of nothing and of one value") func edgeSummaries() {
    let empty = Summary([])
    #expect(empty.count == 0)
    #expect(empty.sum == 0)
    #expect(empty.mean == nil && empty.median == nil && empty.min == nil && empty.max == nil)
    #expect(empty.standardDeviation == nil)
    let one = Summary([3])
    #expect(one.median == 3 && one.mean == 3 && one.standardDeviation == nil)
    #expect(Summary([5, 1, 3]).median == 3)
  }

  @Test(
    "percentiles by linear interpolation (type 7)",
    arguments: [
      ([1.0, 2, 3, 4], 25.0, 1.75), ([1, 2, 3, 4], 50, 2.5), ([1, 2, 3, 4], 90, 3.7),
      ([1, 2, 3, 4], 0, 1), ([1, 2, 3, 4], 100, 4), ([15, 20, 35, 40, 50], 40, 29),
      ([50, 15, 40, 20, 35], 40, 29), ([7], 95, 7), ([1, 2, 3, 4], 150, 4), ([1, 2, 3, 4], -5, 1),
    ])
  func percentiles(values: [Double], p: Double, expected: Double) {
    #expect(close(Summary.percentile(values, p), expected))
  }

  @Test("percentile of nothing") func emptyPercentile() {
    #expect(Summary.percentile([], 50) == nil)
  }

  @Test("histogram bins, last bin closed") func histogram() throws {
    let histogram = try Histogram([-1, 0, 5, 10, 19.99, 20, 30, 31], edges: [0, 10, 20, 30])
    #expect(histogram.bins.map(\.count) == [2, 2, 2])
    #expect(histogram.bins.map(\.lower) == [0, 10, 20])
    #expect(histogram.bins.map(\.upper) == [10, 20, 30])
    #expect(histogram.underflow == 1)
    #expect(histogram.overflow == 1)
  }

  @Test("histogram edges must ascend", arguments: [[1.0], [0, 0, 1], [3, 2], []])
  func badEdges(edges: [Double]) {
    #expect(throws: TallyError.self) { try Histogram([1], edges: edges) }
  }

  // x 1…5, y 2,4,5,4,5: Sxy = 6, Sxx = 10, Syy = 6 → r = 6/√60 = 0.774597.
  @Test("Pearson") func pearson() throws {
    let result = try #require(Correlation.pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]))
    #expect(close(result.r, 6 / 60.0.squareRoot()))
    #expect(close(result.r, 0.774_596_669, 1e-9))
    #expect(result.n == 5)
    let negative = try #require(Correlation.pearson([1, 2, 3], [3, 2, 1]))
    #expect(close(negative.r, -1))
  }

  @Test(
    "correlation is absent below 3 pairs or without variance",
    arguments: [
      ([1.0, 2], [1.0, 2]), ([1, 1, 1], [1, 2, 3]), ([1, 2, 3], [4, 4, 4]), ([1, 2, 3], [1, 2]),
    ])
  func absent(x: [Double], y: [Double]) {
    #expect(Correlation.pearson(x, y) == nil)
    #expect(Correlation.spearman(x, y) == nil)
  }

  // Ranks of y 5,6,7,8,7 are 1,2,3.5,5,3.5; against 1…5: Sxy = 8, Sxx = 10, Syy = 9.5 →
  // r = 8/√95 = 0.820783.
  @Test("Spearman with tied ranks") func spearman() throws {
    let result = try #require(Correlation.spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]))
    #expect(close(result.r, 8 / 95.0.squareRoot()))
    #expect(result.n == 5)
    // A monotonic but non-linear relation is a perfect rank correlation.
    let monotonic = try #require(Correlation.spearman([1, 2, 3, 4], [1, 8, 27, 64]))
    #expect(close(monotonic.r, 1))
  }
}
