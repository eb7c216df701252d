/// An ordinary least-squares line `y = intercept + slope · x` through a series.
public struct LinearFit: Sendable, Equatable {
  /// The change in y per unit of x.
  public let slope: Double
  /// The value of the line at x = 0.
  public let intercept: Double
  /// The coefficient of determination, 0...1; `nil` when y has no variance (r² is undefined).
  public let rSquared: Double?
  /// The number of points fitted.
  public let count: Int

  /// Fits a line through `points`, or returns `nil` when there are fewer than two points or all x
  /// values are equal (no line is determined).
  public init?(points: [(x: Double, y: Double)]) {
    let n = Double(points.count)
    guard points.count >= 2 else { return nil }
    let meanX = points.reduce(0) { $0 + $1.x } / n
    let meanY = points.reduce(0) { $0 + $1.y } / n
    var sxx = 0.0
    var sxy = 0.0
    var syy = 0.0
    for point in points {
      let dx = point.x - meanX
      let dy = point.y - meanY
      sxx += dx * dx
      sxy += dx * dy
      syy += dy * dy
    }
    guard sxx > 0 else { return nil }
    slope = sxy / sxx
    intercept = meanY - slope * meanX
    rSquared = syy > 0 ? (sxy * sxy) / (sxx * syy) : nil
    count = points.count
  }

  /// Fits a line through `values` at x = 0, 1, 2, …
  public init?(values: [Double]) {
    self.init(points: values.enumerated().map { (Double($0.offset), $0.element) })
  }

  /// The line's value at `x`.
  public func value(at x: Double) -> Double { intercept + slope * x }
}

/// Moving averages of a series.
public enum MovingAverage {
  /// The trailing mean over `window` values: element *i* of the result is the mean of
  /// `values[i ... i + window − 1]`, so the result has `values.count − window + 1` elements (none
  /// when the series is shorter than the window).
  ///
  /// - Precondition: `window >= 1`.
  public static func trailing(_ values: [Double], window: Int) -> [Double] {
    precondition(window >= 1, "window must be at least 1")
    guard values.count >= window else { return [] }
    var result: [Double] = []
    result.reserveCapacity(values.count - window + 1)
    var sum = values[0..<window].reduce(0, +)
    result.append(sum / Double(window))
    for index in window..<values.count {
      sum += values[index] - values[index - window]
      result.append(sum / Double(window))
    }
    return result
  }
}
