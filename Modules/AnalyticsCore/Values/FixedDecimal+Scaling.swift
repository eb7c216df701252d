extension FixedDecimal {
  /// `self × numerator ÷ denominator`, rounded half away from zero to the hundredth, in integer
  /// arithmetic so that money and RVU shares stay exact.
  ///
  /// The product is taken in 128 bits when it leaves 64: an import may hold tens of thousands of
  /// visits at the largest RVUs and quantities allowed, whose payment estimate (RVUs × 323,465
  /// ten-thousandths of a dollar) would overflow, and nothing parsed from a file may trap. A
  /// result beyond 64-bit hundredths (more than 92 quadrillion dollars) stops at the largest.
  public func scaled(by numerator: Int64, over denominator: Int64) -> FixedDecimal {
    precondition(denominator > 0, "a share needs a positive whole")
    let negative = (hundredths < 0) != (numerator < 0)
    let product = hundredths.magnitude.multipliedFullWidth(by: numerator.magnitude)
    let divisor = UInt64(denominator)
    guard product.high < divisor else { return FixedDecimal(hundredths: negative ? .min : .max) }
    let (quotient, remainder) = divisor.dividingFullWidth(product)
    // Half away from zero: up when the remainder is at least half the divisor.
    let (rounded, carried) = quotient.addingReportingOverflow(
      remainder >= divisor - remainder ? 1 : 0)
    guard !carried, rounded <= UInt64(Int64.max) else {
      return FixedDecimal(hundredths: negative ? .min : .max)
    }
    return FixedDecimal(hundredths: negative ? -Int64(rounded) : Int64(rounded))
  }

  /// `self × other` (both to the hundredth), rounded to the hundredth.
  public func times(_ other: FixedDecimal) -> FixedDecimal {
    scaled(by: other.hundredths, over: 100)
  }
}
