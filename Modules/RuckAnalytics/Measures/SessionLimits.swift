import AnalyticsCore

/// The plausible range of every number a session is given — typed in an option, read from a CSV
/// or JSON row, or from a track file. A value outside is one clear error (exit 64 for an option,
/// 65 for a file), never stored: a stored 1e308 would break every report after it.
public enum SessionLimits {
  /// Seconds: up to 1,000 hours (`TimeSpan.maximum`, about six weeks), the longest span a person
  /// types; a longer one is a typo or a broken clock.
  public static let seconds = 0.0...Double(TimeSpan.maximum.seconds)
  /// Metres: up to once around the Earth (40,075 km) — no single session goes further.
  public static let metres = 0.0...40_075_000.0
  /// Kilograms of load: up to 200 kg, beyond any load carried on foot.
  public static let loadKg = 0.0...200.0
  /// Kilograms of body weight: the profile's range (a typo, or pounds given as kg, outside).
  public static let bodyWeightKg = RuckProfile.bodyWeights
  /// °C: the coldest and hottest air temperatures measured on Earth (−89.2 °C at Vostok,
  /// 56.7 °C in Death Valley), rounded outwards.
  public static let temperatureC = -90.0...60.0
  /// kcal: up to 100,000, 100 kcal an hour over the longest session.
  public static let calories = 0.0...100_000.0

  /// `value` when it is finite and within `seconds`, else `nil`.
  public static func seconds(_ value: Double) -> Double? { within(value, seconds) }
  /// `value` when it is finite and within `metres`, else `nil`.
  public static func metres(_ value: Double) -> Double? { within(value, metres) }

  static func within(_ value: Double, _ range: ClosedRange<Double>) -> Double? {
    value.isFinite && range.contains(value) ? value : nil
  }

  /// `value`, or an error naming `field`, the value and the range.
  ///
  /// - throws: `TallyError` in `category` (usage for an option, bad data for a file row).
  public static func check(
    _ value: Double?, _ field: String, _ range: ClosedRange<Double>, unit: String,
    category: ErrorCategory = .usage, source: TallyError.Source? = nil
  ) throws -> Double? {
    guard let value else { return nil }
    guard within(value, range) != nil else {
      throw TallyError.invalid(
        field, "\(value)",
        expected: "\(unit) within \(text(range.lowerBound))…\(text(range.upperBound))",
        category: category, source: source)
    }
    return value
  }

  /// `-90`, `0.5`, `40075000`: bounds without a trailing `.0`.
  static func text(_ bound: Double) -> String {
    bound == bound.rounded() ? String(Int64(bound)) : "\(bound)"
  }

  /// Every option of `options` within its range.
  ///
  /// - throws: `TallyError` naming the first one outside.
  static func check(
    _ options: SessionOptions, category: ErrorCategory = .usage, source: TallyError.Source? = nil
  ) throws {
    _ = try check(options.loadKg, "load", loadKg, unit: "kg", category: category, source: source)
    _ = try check(
      options.bodyWeightKg, "body weight", bodyWeightKg, unit: "kg", category: category,
      source: source)
    _ = try check(
      options.temperatureC, "temperature", temperatureC, unit: "°C", category: category,
      source: source)
  }
}
