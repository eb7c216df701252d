import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import RuckAnalytics

/// The session details `import`, `log` and `sessions edit` take.
struct SessionDetails: ParsableArguments {
  @Option(
    name: .customLong("load-kg"), help: ArgumentHelp("Pack load in kg.", valueName: "kg"),
    transform: { try Quantities.number(parsing: $0, what: "load in kg") })
  var loadKg: Double?

  @Option(
    name: .customLong("body-weight-kg"),
    help: ArgumentHelp("Body weight in kg (default: the profile's).", valueName: "kg"),
    transform: { try Quantities.number(parsing: $0, what: "body weight in kg") })
  var bodyWeightKg: Double?

  @Option(
    help: ArgumentHelp("pavement, gravel, trail, grass, sand or snow.", valueName: "terrain"),
    transform: Terrain.init(parsing:))
  var terrain: Terrain?

  @Option(
    name: .customLong("temperature-c"),
    help: ArgumentHelp("Air temperature in °C.", valueName: "c"),
    transform: { try Quantities.number(parsing: $0, what: "°C", allowNegative: true) })
  var temperatureC: Double?

  @Option(help: "Weather in words (\"light rain\").") var conditions: String?
  @Option(help: "Notes.") var notes: String?

  func options(start: Date? = nil) -> SessionOptions {
    SessionOptions(
      loadKg: loadKg, bodyWeightKg: bodyWeightKg, terrain: terrain, temperatureC: temperatureC,
      conditions: conditions, notes: notes, start: start)
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
  func openRuckStore() throws -> RuckStore {
    try RuckStore.open(databaseLocation(app: RuckAnalyticsModule.appName))
  }
}

/// Renders SI values for people in metric or imperial units.
struct UnitFormatter {
  let system: UnitSystem

  func distance(_ metres: Double?) -> String {
    guard let metres else { return "-" }
    return system == .metric
      ? String(format: "%.2f km", metres / 1000)
      : String(format: "%.2f mi", metres / Quantities.metresPerMile)
  }

  func pace(_ secondsPerKm: Double?) -> String {
    guard let secondsPerKm else { return "-" }
    let seconds = system == .metric ? secondsPerKm : secondsPerKm * Quantities.metresPerMile / 1000
    let whole = Int(seconds.rounded())
    return String(format: "%d:%02d /%@", whole / 60, whole % 60, system == .metric ? "km" : "mi")
  }

  func load(_ kg: Double?) -> String {
    guard let kg else { return "-" }
    return system == .metric
      ? String(format: "%.1f kg", kg) : String(format: "%.1f lb", kg / Quantities.kilogramsPerPound)
  }

  func weightMoved(_ kgKm: Double) -> String {
    system == .metric
      ? String(format: "%.1f kg·km", kgKm)
      : String(
        format: "%.1f lb·mi",
        kgKm / Quantities.kilogramsPerPound / (Quantities.metresPerMile / 1000))
  }

  func duration(_ seconds: Double?) -> String {
    guard let seconds else { return "-" }
    let whole = Int(seconds.rounded())
    return String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
  }
}
