import AnalyticsCore

/// Units a person reads distances and loads in.
public enum UnitSystem: String, Sendable, CaseIterable, Codable {
  /// Kilometres, kilograms, minutes per kilometre.
  case metric
  /// Miles, pounds, minutes per mile.
  case imperial

  /// Parses `metric` or `imperial`.
  public init(parsing text: String) throws {
    guard let system = UnitSystem(rawValue: text.lowercased()) else {
      throw TallyError(value: text, expected: "metric or imperial")
    }
    self = system
  }
}

extension UnitSystem {
  /// Metres in this system's distance unit (km or mi).
  public var metresPerDistanceUnit: Double { self == .metric ? 1000 : Quantities.metresPerMile }
  /// Kilograms in this system's load unit (kg or lb).
  public var kilogramsPerLoadUnit: Double { self == .metric ? 1 : Quantities.kilogramsPerPound }
  /// `km` or `mi`.
  public var distanceSymbol: String { self == .metric ? "km" : "mi" }
  /// `kg` or `lb`.
  public var loadSymbol: String { self == .metric ? "kg" : "lb" }

  /// `m` or `ft`.
  public var elevationSymbol: String { self == .metric ? "m" : "ft" }
  /// `°C` or `°F`.
  public var temperatureSymbol: String { self == .metric ? "°C" : "°F" }
  /// Degrees Celsius in °C or °F (× 9/5 + 32).
  public func temperature(celsius: Double) -> Double {
    self == .metric ? celsius : celsius * 9 / 5 + 32
  }
  /// Metres of climb in m or ft.
  public func elevation(metres: Double) -> Double {
    self == .metric ? metres : metres / Quantities.metresPerFoot
  }

  /// Metres in km or mi.
  public func distance(metres: Double) -> Double { metres / metresPerDistanceUnit }
  /// Seconds per km in seconds per km or mi.
  public func pace(secondsPerKm: Double) -> Double { secondsPerKm * metresPerDistanceUnit / 1000 }
  /// Kilograms in kg or lb.
  public func load(kg: Double) -> Double { kg / kilogramsPerLoadUnit }
  /// kg·km in kg·km or lb·mi.
  public func weightMoved(kgKm: Double) -> Double {
    kgKm / kilogramsPerLoadUnit / (metresPerDistanceUnit / 1000)
  }
}

/// Conversions and the distance notation people type.
public enum Quantities {
  /// Metres in a mile.
  public static let metresPerMile = 1609.344
  /// Metres in a foot.
  public static let metresPerFoot = 0.3048
  /// Kilograms in a pound.
  public static let kilogramsPerPound = 0.453_592_37

  /// Parses a distance with its unit: `8.2km`, `5.1mi`, `800m` (metres returned).
  ///
  /// - throws: `TallyError` naming the text (`abc`, `-3km`, `5` without a unit, `0km`).
  ///
  /// - Parameter range: the metres allowed (`SessionLimits.metres`), refused naming the text as
  ///   typed and the range in km and mi.
  public static func distance(parsing text: String, within range: ClosedRange<Double>? = nil)
    throws -> Double
  {
    guard
      let metres = number(text, units: [("km", 1000), ("mi", metresPerMile), ("m", 1)]),
      metres > 0
    else {
      throw TallyError(
        value: text, expected: "a positive distance with a unit, such as 8.2km, 5.1mi or 800m")
    }
    if let range, !range.contains(metres) {
      let miles = (range.upperBound / metresPerMile).rounded(.down)
      throw TallyError(
        value: text,
        expected: "a distance up to \(SessionLimits.text(range.upperBound / 1000)) km "
          + "(\(SessionLimits.text(miles)) mi)")
    }
    return metres
  }

  /// Parses a weight moved (load × distance) with its unit: `400kg·km`, `400kgkm`, `250lb·mi`,
  /// `250lbmi` (kg·km returned).
  ///
  /// - throws: `TallyError` naming the text (`400`, `-3kg·km`).
  public static func weightMoved(parsing text: String) throws -> Double {
    let poundMile = kilogramsPerPound * metresPerMile / 1000
    let units = [("kg·km", 1), ("kgkm", 1), ("lb·mi", poundMile), ("lbmi", poundMile)]
    guard let kgKm = number(text, units: units), kgKm > 0 else {
      throw TallyError(
        value: text, expected: "a positive weight moved with a unit, such as 400kg·km or 250lb·mi")
    }
    return kgKm
  }

  /// Parses an elevation with its unit: `500m`, `1500ft` (metres returned).
  ///
  /// - throws: `TallyError` naming the text (`500` without a unit, `-3m`).
  public static func elevation(parsing text: String) throws -> Double {
    guard let metres = number(text, units: [("ft", metresPerFoot), ("m", 1)]), metres > 0 else {
      throw TallyError(
        value: text, expected: "a positive elevation with a unit, such as 500m or 1500ft")
    }
    return metres
  }

  /// Parses a weight with its unit: `13.6kg`, `30lb`, `30 lbs` (kilograms returned). A bare
  /// number is refused: pounds taken for kilograms would double a load.
  ///
  /// - Parameter range: the kilograms allowed (`SessionLimits.loadKg`): a weight outside is
  ///   refused here, naming the text as typed and the range in both units, not the kilograms it
  ///   came to (a load of `900lb` was "408.233133 is not valid").
  /// - throws: `TallyError` naming the text (`abc`, `-3kg`, `30`, `900lb`).
  public static func weight(parsing text: String, within range: ClosedRange<Double>? = nil)
    throws -> Double
  {
    let units = [("kg", 1), ("lbs", kilogramsPerPound), ("lb", kilogramsPerPound)]
    guard let kg = number(text, units: units), kg >= 0 else {
      throw TallyError(
        value: text, expected: "a weight of 0 or more with a unit, such as 13.6kg or 30lb")
    }
    if let range, !range.contains(kg) {
      // Whole pounds inside the range, so that any whole number shown is accepted.
      let (low, high) = (
        (range.lowerBound / kilogramsPerPound).rounded(.up),
        (range.upperBound / kilogramsPerPound).rounded(.down)
      )
      throw TallyError(
        value: text,
        expected: "a weight from \(SessionLimits.text(range.lowerBound)) to "
          + "\(SessionLimits.text(range.upperBound)) kg (\(SessionLimits.text(low)) to "
          + "\(SessionLimits.text(high)) lb)")
    }
    return kg
  }

  /// A finite number followed by the first unit of `units` it ends with (spaces and case
  /// ignored), times that unit's factor; `nil` without a known unit or a number before it.
  private static func number(_ text: String, units: [(suffix: String, factor: Double)]) -> Double? {
    let lower = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard let unit = units.first(where: { lower.hasSuffix($0.suffix) }),
      let value = Double(lower.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)),
      value.isFinite
    else { return nil }
    return value * unit.factor
  }

  /// Parses a non-negative number (kg, °C) from an option.
  ///
  /// - Parameter range: the values allowed (`SessionLimits`), checked here so that the error
  ///   names the text as typed.
  public static func number(
    parsing text: String, what: String, allowNegative: Bool = false,
    within range: ClosedRange<Double>? = nil
  ) throws -> Double {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)) else {
      throw TallyError(value: text, expected: expected(what, allowNegative))
    }
    let checked = try checked(value, what: what, allowNegative: allowNegative, text: text)
    if let range, !range.contains(checked) {
      throw TallyError(
        value: text,
        expected: "\(what) from \(SessionLimits.text(range.lowerBound)) to "
          + "\(SessionLimits.text(range.upperBound))")
    }
    return checked
  }

  /// `value` when it is finite and, unless `allowNegative`, 0 or more.
  public static func checked(
    _ value: Double, what: String, allowNegative: Bool = false, text: String? = nil
  ) throws -> Double {
    guard value.isFinite, allowNegative || value >= 0 else {
      throw TallyError(value: text ?? "\(value)", expected: expected(what, allowNegative))
    }
    return value
  }

  private static func expected(_ what: String, _ allowNegative: Bool) -> String {
    allowNegative ? "a number (\(what))" : "a number of 0 or more (\(what))"
  }
}
