import AnalyticsCore

/// How many of an item a line sold: whole units, or a weight or measure to the thousandth (a
/// deli's 0.375 lb, a bakery's 1.25 kg), kept as an integer count of thousandths so that sums
/// over millions of lines stay exact, as money in cents does.
public struct Quantity: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, AdditiveArithmetic
{
  /// The quantity in thousandths of a unit (`1000` is one).
  public var thousandths: Int64

  @inlinable public init(thousandths: Int64) { self.thousandths = thousandths }

  /// `units` whole units.
  @inlinable public init(_ units: Int) { thousandths = Int64(units) * 1000 }

  @inlinable public init(integerLiteral value: Int) { self.init(value) }

  public static let zero = Quantity(thousandths: 0)

  /// Parses `2`, `+2`, `2.0`, `0.75`, `1.125` (digits, then a point and up to three decimals;
  /// zeros past the third change nothing, as exports pad them), or `nil`. No `-`: a sign is the
  /// reader's to interpret.
  @inlinable public init?(parsing bytes: UnsafeBufferPointer<UInt8>) {
    var index = bytes.first == UInt8(ascii: "+") ? 1 : 0
    var whole: Int64 = 0
    var fraction: Int64 = 0
    var decimals = 0
    var digits = 0
    var sawPoint = false
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "."), !sawPoint {
        sawPoint = true
        continue
      }
      let digit = Int64(byte) &- 0x30
      guard (0...9).contains(digit) else { return nil }
      digits += 1
      if !sawPoint {
        // Far above any line's quantity; keeps the arithmetic below from overflowing.
        guard whole < 1_000_000_000_000 else { return nil }
        whole = whole * 10 + digit
      } else if decimals < 3 {
        fraction = fraction * 10 + digit
        decimals += 1
      } else if digit != 0 {
        return nil
      }
    }
    guard digits > 0 else { return nil }
    while decimals < 3 {
      fraction *= 10
      decimals += 1
    }
    thousandths = whole * 1000 + fraction
  }

  /// `init(parsing:)` of a text.
  public init?(parsing text: String) {
    var text = text
    guard let value = text.withUTF8({ Quantity(parsing: $0) }) else { return nil }
    self = value
  }

  /// Whether it is a whole number of units.
  @inlinable public var isWhole: Bool { thousandths % 1000 == 0 }

  /// The nearest whole number of units, halves away from zero: for a client that decodes only
  /// whole numbers.
  public var roundedUnits: Int {
    Int((thousandths + (thousandths < 0 ? -500 : 500)) / 1000)
  }

  /// The value as a `Double`, exact below 2⁵³ thousandths: its shortest text is `description`.
  public var doubleValue: Double { Double(thousandths) / 1000 }

  /// `2`, `0.75`, `-1.125`: no trailing zeros, no point when whole.
  public var description: String {
    let sign = thousandths < 0 ? "-" : ""
    let magnitude = thousandths.magnitude
    let whole = magnitude / 1000
    var fraction = magnitude % 1000
    guard fraction != 0 else { return sign + String(whole) }
    var digits = 3
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let text = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - text.count) + text
  }

  /// `unitPrice` × the quantity, rounded to the cent, halves away from zero, as a register
  /// prices a weighed item; `nil` on overflow.
  @inlinable public func amount(at unitPrice: FixedDecimal) -> FixedDecimal? {
    let (product, overflow) = unitPrice.hundredths.multipliedReportingOverflow(by: thousandths)
    guard !overflow else { return nil }
    if thousandths % 1000 == 0 { return FixedDecimal(hundredths: product / 1000) }
    let half: Int64 = product < 0 ? -500 : 500
    return FixedDecimal(hundredths: (product + half) / 1000)
  }

  /// The price in cents that gives `total` at this quantity (`amount(at:)`), nearest to
  /// `total` ÷ quantity, or `nil` when no price does: 10.00 for 3 units has none, 4.87 for
  /// 0.375 lb is 12.99. The quantity is positive.
  public func unitPrice(for total: FixedDecimal) -> FixedDecimal? {
    guard thousandths > 0 else { return nil }
    // total ÷ quantity in cents, rounded: every price that gives the total lies within a cent
    // of it when the quantity is 1 or more, and within 1 ÷ quantity cents below that.
    let exact = Double(total.hundredths) * 1000 / Double(thousandths)
    let spread = Int64((1000 / Double(thousandths)).rounded(.up)) + 1
    let center = Int64(exact.rounded())
    var best: Int64?
    for cents in (center - spread)...(center + spread) {
      guard amount(at: FixedDecimal(hundredths: cents))?.hundredths == total.hundredths else {
        continue
      }
      if best.map({ abs(Double($0) - exact) > abs(Double(cents) - exact) }) ?? true {
        best = cents
      }
    }
    return best.map { FixedDecimal(hundredths: $0) }
  }

  public static func < (lhs: Quantity, rhs: Quantity) -> Bool { lhs.thousandths < rhs.thousandths }

  @inlinable public static func + (lhs: Quantity, rhs: Quantity) -> Quantity {
    Quantity(thousandths: lhs.thousandths + rhs.thousandths)
  }

  @inlinable public static func - (lhs: Quantity, rhs: Quantity) -> Quantity {
    Quantity(thousandths: lhs.thousandths - rhs.thousandths)
  }

  @inlinable public static prefix func - (value: Quantity) -> Quantity {
    Quantity(thousandths: -value.thousandths)
  }
}

extension FixedDecimal {
  /// The amount ÷ `quantity`, rounded to the cent (an average price per unit); zero when the
  /// quantity is.
  public func divided(by quantity: Quantity) -> FixedDecimal {
    guard quantity.thousandths != 0 else { return .zero }
    let numerator = hundredths.magnitude * 1000
    let divisor = quantity.thousandths.magnitude
    let rounded = (numerator + divisor / 2) / divisor
    let negative = (hundredths < 0) != (quantity.thousandths < 0)
    return FixedDecimal(hundredths: negative ? -Int64(rounded) : Int64(rounded))
  }
}
