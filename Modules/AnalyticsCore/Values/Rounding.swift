extension Double {
  /// The value rounded half away from zero to `places` decimals: how reports show averages and
  /// rates (2.345 → 2.35), the same rule `FixedDecimal(rounding:)` uses for money.
  public func rounded(places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (self * scale).rounded(.toNearestOrAwayFromZero) / scale
  }
}
