/// Fast, exact parsing of plain decimal numbers (`45.2735188510`, `-0.5`, `211`) as found in GPS
/// files: digits are gathered into an integer and divided by a power of ten, which is exact and
/// correctly rounded while the integer is below 2⁵³ and the power at most 10²² (Clinger's fast
/// path). Anything else — exponents, more digits, odd text — goes to `Double(String)`.
public enum FastDecimal {
  private static let powers: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// The value of `text`, or `nil` when it is not a number.
  public static func parse(_ text: String) -> Double? {
    var copy = text
    let fast = copy.withUTF8 { bytes -> Double?? in
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
      guard index < bytes.count else { return .some(nil) }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x2E, !sawPoint {
          sawPoint = true
        } else if byte >= 0x30, byte <= 0x39 {
          mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
          digits += 1
          if sawPoint { fraction += 1 }
        } else {
          return nil  // exponent or other text: the slow path decides
        }
        index += 1
      }
      guard digits > 0 else { return .some(nil) }
      guard digits <= 15, fraction <= 22 else { return nil }
      let value = Double(mantissa) / powers[fraction]
      return .some(negative ? -value : value)
    }
    if let fast { return fast }
    return Double(text)
  }
}
