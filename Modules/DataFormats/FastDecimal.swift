/// Fast, exact parsing of plain decimal numbers (`45.2735188510`, `-0.5`, `211`) as found in GPS
/// files: digits are gathered into an integer and divided by a power of ten, which is exact and
/// correctly rounded while the integer is below 2⁵³ and the power at most 10²² (Clinger's fast
/// path). Anything else — exponents, more digits, odd text — goes to `Double(String)`.
public enum FastDecimal {
  /// 10⁰…10²², each exact in a `Double`. Written out, the table is static data: computed, it
  /// cost a lazy-initialisation check on every parse (~1% of a GPX import, profiled).
  private static let powers: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The value of `text`, or `nil` when it is not a number.
  public static func parse(_ text: String) -> Double? {
    var copy = text
    return copy.withUTF8 { parse($0) }
  }

  /// The value of the UTF-8 `bytes`, or `nil` when they are not a number: for readers that never
  /// make a `String` of a field.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    var negative = false
    if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B {
      negative = bytes[index] == 0x2D
      index += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var fraction = 0
    var sawPoint = false
    guard index < bytes.count else { return nil }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x2E, !sawPoint {
        sawPoint = true
      } else if byte >= 0x30, byte <= 0x39 {
        mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
        digits += 1
        if sawPoint { fraction += 1 }
      } else {
        return Double(String(decoding: bytes, as: UTF8.self))  // an exponent or other text
      }
      index += 1
    }
    guard digits > 0 else { return nil }
    guard digits <= 15, fraction <= 22 else {
      return Double(String(decoding: bytes, as: UTF8.self))
    }
    let value = Double(mantissa) / powers[fraction]
    return negative ? -value : value
  }
}
