import Foundation

/// An axis whose ticks are round numbers: 1, 2, 2.5 or 5 times a power of ten.
///
/// Round ticks are what people read at a glance ("0, 25, 50, 75, 100", never "0, 23.7, 47.4");
/// the axis runs from the tick at or below the smallest value to the tick at or above the largest,
/// so every value lies inside it. This is Heckbert's "nice numbers" (Graphics Gems, 1990) with 2.5
/// added, which gives quarter steps a ruler reader expects.
public struct NiceScale: Sendable, Equatable {
  /// The first tick, at or below the smallest value.
  public let lower: Double
  /// The last tick, at or above the largest value.
  public let upper: Double
  /// The distance between ticks.
  public let step: Double
  /// Digits after the point needed to write every tick exactly (`2.5` needs one more than `2`).
  public let decimals: Int

  /// The mantissas a step may have, smallest first.
  private static let mantissas: [Double] = [1, 2, 2.5, 5, 10]

  /// The steps of a clock axis in seconds (`ValueFormat.clock`): 25 s or 250 s steps read
  /// badly as `m:ss`.
  private static let clockSteps: [Double] = [
    1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 18_000, 36_000,
  ]

  /// A scale covering `low...high` with about `targetTicks` ticks (never fewer than two).
  ///
  /// An empty range (one value, or all values equal) is widened by a tenth of the value (or by 1
  /// around 0) so the axis still has a length; a non-negative range is never widened below 0.
  public init(covering low: Double, _ high: Double, targetTicks: Int = 6, clock: Bool = false) {
    var low = low.isFinite ? min(low, high) : 0
    var high = high.isFinite ? max(low, high) : 1
    if high - low == 0 {
      let pad = low == 0 ? 1 : abs(low) / 10
      let wasNonNegative = low >= 0
      low -= pad
      high += pad
      if wasNonNegative { low = max(low, 0) }
    }
    let intervals = Double(max(targetTicks, 2) - 1)
    let rough = (high - low) / intervals
    if clock, let step = NiceScale.clockSteps.first(where: { $0 >= rough * (1 - 1e-12) }) {
      self.step = step
      self.decimals = 0
      self.lower = floor(low / step + 1e-9) * step
      self.upper = ceil(high / step - 1e-9) * step
      return
    }
    var exponent = Int(floor(log10(rough)))
    let power = pow(10, Double(exponent))
    var mantissa = NiceScale.mantissas.first { $0 * power >= rough * (1 - 1e-12) } ?? 10
    if mantissa == 10 {
      mantissa = 1
      exponent += 1
    }
    let step = mantissa * pow(10, Double(exponent))
    self.step = step
    self.decimals = max(0, -exponent + (mantissa == 2.5 ? 1 : 0))
    self.lower = NiceScale.round(floor(low / step + 1e-9) * step, decimals)
    self.upper = NiceScale.round(ceil(high / step - 1e-9) * step, decimals)
  }

  /// Every tick from `lower` to `upper`, each rounded to `decimals` so that `0.1 × 3` is `0.3`.
  public var ticks: [Double] {
    let count = Int(((upper - lower) / step).rounded()) + 1
    return (0..<count).map { NiceScale.round(lower + Double($0) * step, decimals) }
  }

  /// Where `value` falls between `lower` (0) and `upper` (1).
  public func fraction(of value: Double) -> Double {
    (value - lower) / (upper - lower)
  }

  private static func round(_ value: Double, _ decimals: Int) -> Double {
    let scale = pow(10, Double(decimals))
    let rounded = (value * scale).rounded() / scale
    return rounded == 0 ? 0 : rounded
  }
}
