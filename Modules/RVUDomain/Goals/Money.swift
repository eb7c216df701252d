import AnalyticsCore

extension FixedDecimal {
  /// `self × numerator ÷ denominator`, rounded half away from zero to the hundredth, in integer
  /// arithmetic so that money and RVU shares stay exact.
  func scaled(by numerator: Int64, over denominator: Int64) -> FixedDecimal {
    precondition(denominator > 0, "a share needs a positive whole")
    let product = hundredths * numerator
    let half = denominator / 2
    let rounded =
      product >= 0 ? (product + half) / denominator : -((-product + half) / denominator)
    return FixedDecimal(hundredths: rounded)
  }

  /// `self × other` (both to the hundredth), rounded to the hundredth.
  func times(_ other: FixedDecimal) -> FixedDecimal {
    scaled(by: other.hundredths, over: 100)
  }
}
