/// Orders names as people read them: ignoring case, then exactly (so `Noise` and `noise` keep a
/// fixed order).
func caseInsensitiveOrder(_ lhs: String, _ rhs: String) -> Bool {
  let (left, right) = (lhs.lowercased(), rhs.lowercased())
  return left == right ? lhs < rhs : left < right
}

/// Rounds half away from zero to `places` decimals.
func rounded(_ value: Double, _ places: Int) -> Double {
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
}

/// The mean of `values` to 2 decimals, `nil` when empty.
func average(_ values: [Double]) -> Double? {
  values.isEmpty ? nil : rounded(values.reduce(0, +) / Double(values.count), 2)
}

/// The mean of whole `values` to 2 decimals, `nil` when empty.
func average(_ values: [Int]) -> Double? { average(values.map(Double.init)) }
