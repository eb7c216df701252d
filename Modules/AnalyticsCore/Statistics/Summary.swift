/// Descriptive statistics of a sample.
public struct Summary: Sendable, Equatable {
  /// How many values.
  public let count: Int
  /// Their sum (0 when empty).
  public let sum: Double
  /// The arithmetic mean; `nil` when empty.
  public let mean: Double?
  /// The median (mean of the two middle values for an even count); `nil` when empty.
  public let median: Double?
  /// The smallest value; `nil` when empty.
  public let min: Double?
  /// The largest value; `nil` when empty.
  public let max: Double?
  /// The sample standard deviation (divisor n − 1); `nil` for fewer than two values.
  public let standardDeviation: Double?

  /// Summarizes `values`.
  public init(_ values: [Double]) {
    count = values.count
    sum = values.reduce(0, +)
    guard !values.isEmpty else {
      mean = nil
      median = nil
      min = nil
      max = nil
      standardDeviation = nil
      return
    }
    let sorted = values.sorted()
    let mean = sum / Double(count)  // Summary.mean(values), without summing twice
    self.mean = mean
    median = Summary.percentile(sortedValues: sorted, 50)
    min = sorted.first
    max = sorted.last
    if count >= 2 {
      let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
      standardDeviation = (squares / Double(count - 1)).squareRoot()
    } else {
      standardDeviation = nil
    }
  }

  /// The arithmetic mean of `values`, `nil` when there are none.
  public static func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }

  /// The `p`-th percentile (0...100) of `values` by linear interpolation between closest ranks:
  /// the value at rank `h = (n − 1) · p / 100` of the sorted values, interpolated between
  /// `⌊h⌋` and `⌈h⌉` (Hyndman & Fan type 7; the default of NumPy, R and Excel's PERCENTILE.INC).
  /// `nil` when `values` is empty.
  public static func percentile(_ values: [Double], _ p: Double) -> Double? {
    percentile(sortedValues: values.sorted(), p)
  }

  /// `percentile(_:_:)` over values already sorted ascending.
  public static func percentile(sortedValues sorted: [Double], _ p: Double) -> Double? {
    guard !sorted.isEmpty else { return nil }
    let clamped = Swift.min(Swift.max(p, 0), 100)
    let rank = Double(sorted.count - 1) * clamped / 100
    let lower = Int(rank.rounded(.down))
    let upper = Int(rank.rounded(.up))
    let fraction = rank - Double(lower)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
  }
}
