import AnalyticsCore

/// How a chart writes a value for people: fixed decimals, thousands grouped with commas, and an
/// optional unit (`"1,234.5 km"`).
///
/// Formatting is done here rather than with `NumberFormatter` so the output is the same on every
/// machine and locale, like the CLI's JSON and tables.
public struct ValueFormat: Sendable, Equatable {
  /// Digits after the decimal point.
  public var decimals: Int
  /// Written after the number with a space, e.g. `"km"`, `"RVU"`; empty for none.
  public var unit: String
  /// Written before the number, e.g. `"$"`.
  public var prefix: String
  /// Whether values are seconds written as `m:ss` (a pace, `11:53 /km`, as the tables write it;
  /// `11.88 min/km` read as something else). Axes then step by whole seconds and minutes.
  public var clock: Bool

  public init(decimals: Int = 0, unit: String = "", prefix: String = "", clock: Bool = false) {
    self.decimals = decimals
    self.unit = unit
    self.prefix = prefix
    self.clock = clock
  }

  /// Seconds as `m:ss` followed by `unit`, e.g. `"11:53 /km"`.
  public static func minutesAndSeconds(unit: String) -> ValueFormat {
    ValueFormat(unit: unit, clock: true)
  }

  /// Whole numbers with no unit.
  public static let integer = ValueFormat()

  /// `value` as text, e.g. `"$1,234.50"` or `"12.5 km"`; rounds half away from zero.
  public func string(_ value: Double) -> String {
    let number = clock ? NumberText.clock(value) : NumberText.grouped(value, decimals: decimals)
    let signed: String
    if number.hasPrefix("-") {
      signed = "-" + prefix + number.dropFirst()
    } else {
      signed = prefix + number
    }
    return unit.isEmpty ? signed : signed + " " + unit
  }
}

extension ValueFormat {
  /// An axis tick: as `string` without the unit, with the scale's decimals.
  func tick(_ value: Double, decimals: Int) -> String {
    clock ? NumberText.clock(value) : NumberText.grouped(value, decimals: decimals)
  }
}

enum NumberText {
  /// Seconds as `m:ss` (`TimeSpan.minutesAndSeconds`), or whole hours beyond what an `Int`
  /// holds (a pace from a micrometre's distance trapped here).
  static func clock(_ seconds: Double) -> String {
    TimeSpan.minutesAndSeconds(seconds)
      ?? (seconds.isFinite ? grouped(seconds / 3600, decimals: 0) + " h" : "–")
  }

  /// Digits after the point in SVG coordinates: a hundredth of a user unit is far below a pixel
  /// in a 720-unit-wide chart, and two digits keep bar heights exactly proportional in tests.
  static let coordinateDecimals = 2

  /// A coordinate for SVG attributes and path data: at most two decimals, no trailing zeros, no
  /// grouping (`"12.5"`, `"300"`, `"-0.25"`).
  static func coordinate(_ value: Double) -> String {
    var out = ""
    appendCoordinate(value, to: &out)
    return out
  }

  /// Appends a coordinate without an intermediate string: route paths write tens of thousands.
  static func appendCoordinate(_ value: Double, to out: inout String) {
    guard value.isFinite else {
      out += "0"
      return
    }
    let hundredths = Int64((value * 100).rounded(.toNearestOrAwayFromZero))
    if hundredths < 0 { out += "-" }
    let magnitude = hundredths.magnitude
    out += String(magnitude / 100)
    let fraction = magnitude % 100
    if fraction != 0 {
      out += "."
      if fraction % 10 == 0 {
        out += String(fraction / 10)
      } else {
        if fraction < 10 { out += "0" }
        out += String(fraction)
      }
    }
  }

  /// `value` with `decimals` digits after the point and commas between thousands.
  static func grouped(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "—" }
    let places = max(0, min(decimals, 9))
    var scale: UInt64 = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = (value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e18 else { return String(value) }
    let units = UInt64(scaled)
    let whole = String(units / scale)
    var out = value < 0 && units != 0 ? "-" : ""
    for (offset, digit) in whole.enumerated() {
      if offset > 0 && (whole.count - offset) % 3 == 0 { out += "," }
      out.append(digit)
    }
    if places > 0 {
      let fraction = String(units % scale)
      out += "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
    return out
  }
}
