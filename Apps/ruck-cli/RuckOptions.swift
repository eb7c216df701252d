import AnalyticsCore
import ArgumentParser
import CLIKit
import RuckAnalytics

/// The session details `import`, `log` and `sessions edit` take.
struct SessionDetails: ParsableArguments {
  @Option(
    name: .customLong("load"), parsing: .unconditional,
    help: ArgumentHelp("Pack load with a unit: 20kg, 30lb.", valueName: "weight"),
    transform: { try Quantities.weight(parsing: $0, within: SessionLimits.loadKg) })
  var load: Double?

  @Option(
    name: .customLong("load-kg"), parsing: .unconditional,
    help: ArgumentHelp("Pack load in kg.", valueName: "kg"),
    transform: {
      try Quantities.number(parsing: $0, what: "load in kg", within: SessionLimits.loadKg)
    })
  var loadKg: Double?

  @Option(
    name: .customLong("body-weight"), parsing: .unconditional,
    help: ArgumentHelp(
      "Body weight with a unit, 80kg or 176lb (default: the profile's).", valueName: "weight"),
    transform: { try Quantities.weight(parsing: $0, within: SessionLimits.bodyWeightKg) })
  var bodyWeight: Double?

  @Option(
    name: .customLong("body-weight-kg"), parsing: .unconditional,
    help: ArgumentHelp("Body weight in kg (default: the profile's).", valueName: "kg"),
    transform: {
      try Quantities.number(
        parsing: $0, what: "body weight in kg", within: SessionLimits.bodyWeightKg)
    })
  var bodyWeightKg: Double?

  @Option(
    help: ArgumentHelp("pavement, gravel, trail, grass, sand or snow.", valueName: "terrain"),
    transform: Terrain.init(parsing:))
  var terrain: Terrain?

  @Option(
    name: .customLong("temperature-c"), parsing: .unconditional,
    help: ArgumentHelp("Air temperature in °C (-2 is fine).", valueName: "c"),
    transform: {
      try Quantities.number(
        parsing: $0, what: "°C", allowNegative: true, within: SessionLimits.temperatureC)
    })
  var temperatureC: Double?

  @Option(
    name: .customLong("temperature-f"), parsing: .unconditional,
    help: ArgumentHelp("Air temperature in °F (stored as °C).", valueName: "f"),
    transform: { text in
      let fahrenheit = try Quantities.number(parsing: text, what: "°F", allowNegative: true)
      // Kept within the same limits as --temperature-c, named in °F.
      let celsius = (fahrenheit - 32) * 5 / 9
      guard SessionLimits.temperatureC.contains(celsius) else {
        let range = SessionLimits.temperatureC
        throw TallyError(
          value: text,
          expected: "°F from \(FixedNotation.format(range.lowerBound * 9 / 5 + 32, decimals: 0)) "
            + "to \(FixedNotation.format(range.upperBound * 9 / 5 + 32, decimals: 0))")
      }
      return celsius
    })
  var temperatureF: Double?

  @Option(
    name: .customLong("gear"),
    help: ArgumentHelp(
      "Gear used, by name (repeat for several; default: the default of each kind).",
      valueName: "name"))
  var gear: [String] = []

  @Option(help: "Weather in words (\"light rain\").") var conditions: String?
  @Option(help: "Notes.") var notes: String?

  @Option(
    name: .customLong("type"),
    help: ArgumentHelp(
      "ruck, hike, walk, run, bike or other (default: the file's sport, else ruck). Records, "
        + "streaks and insights count rucks, and hikes and walks with a load.",
      valueName: "type"),
    transform: Activity.init(parsing:))
  var activity: Activity?

  func validate() throws {
    if load != nil && loadKg != nil {
      throw ValidationError("give the load once: --load or --load-kg")
    }
    if bodyWeight != nil && bodyWeightKg != nil {
      throw ValidationError("give the body weight once: --body-weight or --body-weight-kg")
    }
    if temperatureC != nil && temperatureF != nil {
      throw ValidationError("give the temperature once: --temperature-c or --temperature-f")
    }
  }

  /// The options given, with the zone days are read in.
  func options(start: Instant? = nil, zone: Zone) -> SessionOptions {
    SessionOptions(
      loadKg: load ?? loadKg, bodyWeightKg: bodyWeight ?? bodyWeightKg, terrain: terrain,
      temperatureC: temperatureC ?? temperatureF, conditions: conditions, notes: notes,
      start: start,
      activity: activity, gear: gear.isEmpty ? nil : gear, zone: zone)
  }
}

/// `--units metric|imperial` for table output.
struct UnitsOption: ParsableArguments {
  @Option(
    help: ArgumentHelp("Units for tables (default: the profile's).", valueName: "metric|imperial"),
    transform: UnitSystem.init(parsing:))
  var units: UnitSystem?
}

extension GlobalOptions {
  /// The store, its clock `GlobalOptions.clock`: with `--as-of`, that day is the last day a
  /// session may be logged on.
  func openRuckStore() throws -> RuckStore {
    try RuckStore.open(databaseLocation(app: RuckAnalyticsModule.appName), clock: clock)
  }

  /// The store for a command that only reads: none yet is said, not made.
  func openRuckStoreToRead() throws -> RuckStore {
    try RuckStore.open(
      databaseLocationToRead(
        app: RuckAnalyticsModule.appName, madeBy: "the first import, log or profile set"),
      clock: clock)
  }
}

extension GlobalOptions {
  /// The day a `DayReference` (`today`, `mon`, `2026-02-08`) means as of `--as-of`.
  func day(_ reference: DayReference) -> LocalDate { reference.resolve(asOf: asOf) }

  /// The start of a session on `date` at `time` (midday when not given) in the command's zone.
  func instant(_ date: LocalDate, _ time: TimeOfDay?) -> Instant {
    instant(
      typed: LocalDateTime(date: date, time: time ?? RuckSession.defaultStartTime))
  }
}

extension TallyError {
  /// The error with the command-line way out added: which option gives what is missing, which
  /// command lists what exists.
  var withRuckHint: TallyError {
    switch cause {
    case .notFound(kind: "session", _, _): return hinted("see 'ruck-cli sessions list'")
    case .missing(field: "start", _) where source != nil:
      return hinted("give it with --date (and --start)")
    case .invalid(field: "weeks", let value, let expected):
      return TallyError.invalid("--weeks", value, expected: expected, category: .usage)
    default: return self
    }
  }
}

/// Adds `withRuckHint` to a `TallyError` thrown by `body`.
func hinting<T>(_ body: () throws -> T) throws -> T {
  do { return try body() } catch let error as TallyError { throw error.withRuckHint }
}
