/// A correlation coefficient with the number of pairs it was computed from.
public struct Correlation: Sendable, Equatable {
  /// The coefficient, −1...1.
  public let r: Double
  /// The number of (x, y) pairs.
  public let n: Int

  /// Creates a result.
  public init(r: Double, n: Int) {
    self.r = r
    self.n = n
  }

  /// Pearson's product-moment correlation of paired samples; `nil` when there are fewer than 3
  /// pairs, the samples differ in length, or either side has no variance.
  public static func pearson(_ x: [Double], _ y: [Double]) -> Correlation? {
    guard x.count == y.count, x.count >= 3 else { return nil }
    let n = Double(x.count)
    let meanX = x.reduce(0, +) / n
    let meanY = y.reduce(0, +) / n
    var sxx = 0.0
    var syy = 0.0
    var sxy = 0.0
    for index in x.indices {
      let dx = x[index] - meanX
      let dy = y[index] - meanY
      sxx += dx * dx
      syy += dy * dy
      sxy += dx * dy
    }
    guard sxx > 0, syy > 0 else { return nil }
    let r = sxy / (sxx * syy).squareRoot()
    return Correlation(r: Swift.min(1, Swift.max(-1, r)), n: x.count)
  }

  /// Spearman's rank correlation: Pearson's over the ranks, tied values sharing their average
  /// rank; `nil` in the same cases as `pearson`.
  public static func spearman(_ x: [Double], _ y: [Double]) -> Correlation? {
    guard x.count == y.count else { return nil }
    return pearson(ranks(x), ranks(y))
  }

  /// The 1-based ranks of `values`, ties given the mean of the ranks they span.
  static func ranks(_ values: [Double]) -> [Double] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var ranks = [Double](repeating: 0, count: values.count)
    var start = 0
    while start < order.count {
      var end = start
      while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
      let rank = Double(start + end) / 2 + 1
      for position in start...end { ranks[order[position]] = rank }
      start = end + 1
    }
    return ranks
  }
}
