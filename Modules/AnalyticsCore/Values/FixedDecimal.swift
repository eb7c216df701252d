/// An exact amount with two decimal places (money in cents, RVUs in hundredths), stored as an
/// integer count of hundredths.
///
/// Sums are exact — `0.10 + 0.20` is `0.30` — and it renders with exactly two decimals. Averages
/// and ratios, which are not exact, come out as `Double` or are rounded explicitly.
public struct FixedDecimal: Sendable, Hashable, Comparable, CustomStringConvertible,
  AdditiveArithmetic, Codable
{
  /// The amount in hundredths (cents).
  public var hundredths: Int64

  /// Creates an amount of `hundredths` hundredths (`FixedDecimal(hundredths: 130)` is 1.30).
  @inlinable public init(hundredths: Int64) { self.hundredths = hundredths }

  /// Zero.
  public static let zero = FixedDecimal(hundredths: 0)

  /// Parses a decimal such as `1.3`, `-0.05`, `12` or `+7.50`.
  ///
  /// - Parameter rounding: when true, digits past the second decimal are rounded half away from
  ///   zero; when false (the default) they are an error unless zeros (`1.99000`), so no value
  ///   is silently changed.
  /// - throws: `TallyError` naming the text when it is not a decimal number.
  public init(parsing text: String, rounding: Bool = false) throws {
    let error = TallyError(value: text, expected: "a decimal number with at most 2 decimals")
    var bytes = Substring(text).utf8[...]
    var negative = false
    if let first = bytes.first, first == 0x2D || first == 0x2B {
      negative = first == 0x2D
      bytes = bytes.dropFirst()
    }
    var whole: Int64 = 0
    var fraction: Int64 = 0
    var fractionDigits = 0
    var sawDigit = false
    var sawPoint = false
    var roundUp = false
    for byte in bytes {
      if byte == 0x2E {
        guard !sawPoint else { throw error }
        sawPoint = true
        continue
      }
      guard byte >= 0x30, byte <= 0x39 else { throw error }
      sawDigit = true
      let digit = Int64(byte - 0x30)
      if !sawPoint {
        guard whole < 92_233_720_368_547_758 / 10 else { throw error }
        whole = whole * 10 + digit
      } else if fractionDigits < 2 {
        fraction = fraction * 10 + digit
        fractionDigits += 1
      } else {
        fractionDigits += 1
        if rounding {
          if fractionDigits == 3 { roundUp = digit >= 5 }
        } else if digit != 0 {
          throw error
        }
        // Zeros past the second decimal change nothing: `1.99000`, as Toast writes tax.
      }
    }
    guard sawDigit else { throw error }
    if fractionDigits == 1 { fraction *= 10 }
    var value = whole * 100 + fraction + (roundUp ? 1 : 0)
    if negative { value = -value }
    hundredths = value
  }

  /// The amount nearest to `value`, rounding half away from zero.
  public init(rounding value: Double) {
    hundredths = Int64((value * 100).rounded(.toNearestOrAwayFromZero))
  }

  /// Decodes a JSON number (`1.3`, `1.30`) or, for files written by older clients, a decimal
  /// string (`"1.30"`).
  ///
  /// A number arrives as a `Double`; its shortest text (`1.3`) is parsed exactly, and a value
  /// with more than two decimals is refused rather than rounded.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    // Decoded values come from a file or a request body: a bad one is bad data, not usage.
    do {
      if let text = try? container.decode(String.self) {
        try self.init(parsing: text)
        return
      }
      let number = try container.decode(Double.self)
      guard number.isFinite, abs(number) < 9.2e16 else {
        throw TallyError(value: "\(number)", expected: "an amount with at most 2 decimals")
      }
      try self.init(parsing: FixedDecimal.plainText(number))
    } catch var error as TallyError {
      error.category = .badData
      throw error
    }
  }

  /// Encodes as a JSON number: the same contract as Tally's own JSON output, where an amount is
  /// the number `1.30` (encoders that print the shortest form write `1.3`, the same value).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(doubleValue)
  }

  /// `number` as plain decimal text, never in exponent form (`1e-05` would not parse).
  public static func plainText(_ number: Double) -> String {
    let text = "\(number)"
    guard text.contains("e") || text.contains("E") else { return text }
    // Any amount with at most 2 decimals prints without an exponent at this precision; what is
    // left has more decimals than an amount may have, and parsing will say so.
    return FixedNotation.format(number, decimals: 17)
  }

  /// The amount as a `Double` (for ratios and charts, never for sums).
  public var doubleValue: Double { Double(hundredths) / 100 }

  /// Two decimals, a leading `-` when negative: `1.30`, `-0.05`, `0.00`.
  public var description: String {
    let magnitude = hundredths.magnitude
    let cents = magnitude % 100
    return (hundredths < 0 ? "-" : "") + "\(magnitude / 100)." + (cents < 10 ? "0" : "")
      + "\(cents)"
  }

  /// The exact sum.
  @inlinable public static func + (lhs: FixedDecimal, rhs: FixedDecimal) -> FixedDecimal {
    FixedDecimal(hundredths: lhs.hundredths + rhs.hundredths)
  }

  /// The exact difference.
  @inlinable public static func - (lhs: FixedDecimal, rhs: FixedDecimal) -> FixedDecimal {
    FixedDecimal(hundredths: lhs.hundredths - rhs.hundredths)
  }

  /// The exact product with a whole quantity.
  @inlinable public static func * (lhs: FixedDecimal, rhs: Int) -> FixedDecimal {
    FixedDecimal(hundredths: lhs.hundredths * Int64(rhs))
  }

  /// Orders by value.
  public static func < (lhs: FixedDecimal, rhs: FixedDecimal) -> Bool {
    lhs.hundredths < rhs.hundredths
  }

  /// The amount divided by `divisor`, rounded half away from zero to hundredths; zero when
  /// `divisor` is 0 (an average over nothing).
  public func divided(by divisor: Int) -> FixedDecimal {
    guard divisor != 0 else { return .zero }
    let quotient = Double(hundredths) / Double(divisor)
    return FixedDecimal(hundredths: Int64(quotient.rounded(.toNearestOrAwayFromZero)))
  }
}

extension Sequence where Element == FixedDecimal {
  /// The exact sum of the amounts.
  @inlinable public func sum() -> FixedDecimal {
    var total: Int64 = 0
    for amount in self { total += amount.hundredths }
    return FixedDecimal(hundredths: total)
  }
}
