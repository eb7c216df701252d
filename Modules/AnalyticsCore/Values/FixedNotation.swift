/// A double as text with a fixed number of decimals, as C's `printf("%.Nf")` writes it: the exact
/// binary value rounded half to even.
///
/// `String(format:)` gave the same text, but its variadic arguments made the Swift runtime look
/// two protocol conformances up by scanning every conformance record of the program, about 1 M
/// instructions on the first number a command printed, a tenth of a short query's own work
/// (Docs/Performance.md, "Start-up"). Values this exact integer arithmetic cannot hold (the
/// number times 10^decimals at 2^64 or more, or more than 18 decimals) still go through it.
public enum FixedNotation {
  public static func format(_ value: Double, decimals: Int) -> String {
    guard let scaled = scaled(value.magnitude, decimals: decimals) else {
      let text = String(format: "%.\(decimals)f", value)
      // Avoid "-0.00".
      if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
        return String(text.dropFirst())
      }
      return text
    }
    var digits = Array(String(scaled).utf8)
    if digits.count <= decimals {
      let zeros = repeatElement(UInt8(ascii: "0"), count: decimals + 1 - digits.count)
      digits.insert(contentsOf: zeros, at: 0)
    }
    if decimals > 0 { digits.insert(UInt8(ascii: "."), at: digits.count - decimals) }
    if value < 0 && scaled != 0 { digits.insert(UInt8(ascii: "-"), at: 0) }
    return String(decoding: digits, as: UTF8.self)
  }

  /// `magnitude` × 10^decimals rounded half to even, or `nil` when it does not fit.
  private static func scaled(_ magnitude: Double, decimals: Int) -> UInt64? {
    guard magnitude.isFinite, (0...18).contains(decimals) else { return nil }
    if magnitude == 0 { return 0 }
    // magnitude = significand × 2^exponent, exactly.
    let significand: UInt64
    let exponent: Int
    if magnitude.isNormal {
      significand = magnitude.significandBitPattern | (1 << 52)
      exponent = Int(magnitude.exponent) - 52
    } else {
      significand = magnitude.significandBitPattern
      exponent = -1074
    }
    var power: UInt64 = 1
    for _ in 0..<decimals { power *= 10 }
    let product = significand.multipliedFullWidth(by: power)  // < 2^113
    if exponent >= 0 {
      guard product.high == 0, exponent < 64,
        product.low.leadingZeroBitCount >= exponent
      else { return nil }
      return product.low << exponent
    }
    let shift = -exponent
    // Below half of the smallest step: rounds to 0.
    if shift > 114 { return 0 }
    let (quotient, remainderAboveHalf, remainderIsHalf) = divide(product, byPowerOfTwo: shift)
    guard let quotient else { return nil }
    if remainderAboveHalf || (remainderIsHalf && quotient & 1 == 1) {
      return quotient == .max ? nil : quotient + 1
    }
    return quotient
  }

  /// (high, low) ÷ 2^shift (1 ≤ shift ≤ 114): the quotient when it fits in 64 bits, and how the
  /// remainder compares with half of 2^shift.
  private static func divide(
    _ value: (high: UInt64, low: UInt64), byPowerOfTwo shift: Int
  ) -> (quotient: UInt64?, aboveHalf: Bool, isHalf: Bool) {
    let (high, low) = (value.high, value.low)
    // Quotient.
    let quotientHigh: UInt64
    let quotientLow: UInt64
    if shift >= 64 {
      quotientHigh = 0
      quotientLow = shift == 64 ? high : high >> UInt64(shift - 64)
    } else {
      quotientHigh = high >> UInt64(shift)
      quotientLow = (low >> UInt64(shift)) | (high << UInt64(64 - shift))
    }
    // Remainder = value mod 2^shift, compared with half = 2^(shift - 1).
    let remainderHigh: UInt64
    let remainderLow: UInt64
    if shift >= 64 {
      remainderHigh = shift == 64 ? 0 : high & ((1 << UInt64(shift - 64)) - 1)
      remainderLow = low
    } else {
      remainderHigh = 0
      remainderLow = low & ((1 << UInt64(shift)) - 1)
    }
    let halfHigh: UInt64 = shift - 1 >= 64 ? 1 << UInt64(shift - 1 - 64) : 0
    let halfLow: UInt64 = shift - 1 >= 64 ? 0 : 1 << UInt64(shift - 1)
    let isHalf = remainderHigh == halfHigh && remainderLow == halfLow
    let aboveHalf =
      remainderHigh > halfHigh || (remainderHigh == halfHigh && remainderLow > halfLow)
    return (quotientHigh == 0 ? quotientLow : nil, aboveHalf, isHalf)
  }
}
