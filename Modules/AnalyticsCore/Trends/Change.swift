/// Which way a value moved between two periods.
public enum Direction: String, Sendable, Codable {
  /// The value rose by more than the tolerance.
  case up
  /// The value fell by more than the tolerance.
  case down
  /// The value stayed within the tolerance.
  case flat
}

/// Whether a move is good news, given whether higher or lower is better.
public enum Assessment: String, Sendable, Codable {
  /// The value moved the good way (up, or down when lower is better).
  case improving
  /// The value moved the bad way.
  case worsening
  /// The value stayed within the tolerance.
  case steady
}

/// A value now against the same value in the previous period.
///
/// For example, revenue 120 against 100 is `absolute` 20, `percent` 20.0, `direction` `.up`.
/// Revenue 50 against 0 has no percent change (`percent == nil`, rendered as JSON `null`): a
/// change from zero is not 0% and not infinite.
public struct Change: Sendable, Equatable {
  /// The value in the current period.
  public let current: Double
  /// The value in the previous period.
  public let previous: Double
  /// Whether a lower value is better (pace, cost): decides `assessment`.
  public let lowerIsBetter: Bool
  /// The tolerance, in percent of `previous`, within which the direction is `.flat`.
  public let tolerancePercent: Double

  /// Compares `current` with `previous`.
  ///
  /// - Parameters:
  ///   - tolerancePercent: moves of at most this many percent of `previous` count as flat
  ///     (default 0: only an exact tie is flat). When `previous` is 0 any non-zero move counts.
  ///   - lowerIsBetter: set for metrics such as pace, so that `assessment` reads the right way.
  public init(
    current: Double, previous: Double, tolerancePercent: Double = 0, lowerIsBetter: Bool = false
  ) {
    self.current = current
    self.previous = previous
    self.tolerancePercent = tolerancePercent
    self.lowerIsBetter = lowerIsBetter
  }

  /// `current − previous`.
  public var absolute: Double { current - previous }

  /// `(current − previous) / previous × 100`, or `nil` when `previous` is 0.
  public var percent: Double? { Change.percentChange(current: current, previous: previous) }

  /// Up, down, or flat within the tolerance.
  public var direction: Direction {
    let moved: Bool
    if let percent {
      moved = abs(percent) > tolerancePercent
    } else {
      moved = current != previous
    }
    guard moved else { return .flat }
    return current > previous ? .up : .down
  }

  /// Improving, worsening or steady, reading `direction` through `lowerIsBetter`.
  public var assessment: Assessment {
    switch direction {
    case .flat: return .steady
    case .up: return lowerIsBetter ? .worsening : .improving
    case .down: return lowerIsBetter ? .improving : .worsening
    }
  }

  /// `(current − previous) / previous × 100`, or `nil` when `previous` is 0.
  public static func percentChange(current: Double, previous: Double) -> Double? {
    guard previous != 0 else { return nil }
    return (current - previous) / previous * 100
  }
}
