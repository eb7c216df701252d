import AnalyticsCore
import ArgumentParser
import CLIKit
import RVUDomain

/// `--start D [--end D] | --last N | --this-year`: the days of `analytics` and `report`.
struct WindowOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The first day: YYYY-MM-DD, today, yesterday or a weekday.", valueName: "day"),
    transform: DayReference.init(parsing:))
  var start: DayReference?
  @Option(
    help: ArgumentHelp(
      "The last day, in the same forms (default: --as-of).", valueName: "day"),
    transform: DayReference.init(parsing:))
  var end: DayReference?
  @Option(
    help: ArgumentHelp("The last N days including --as-of (7, 30, 90, …).", valueName: "days"))
  var last: Int?
  @Flag(name: .customLong("this-year"), help: "From January 1 to --as-of.") var thisYear = false

  func validate() throws {
    let presets = (last != nil ? 1 : 0) + (thisYear ? 1 : 0)
    if presets > 1 || (presets == 1 && (start != nil || end != nil)) {
      throw ValidationError("give either --start/--end, --last N or --this-year, not several")
    }
    if end != nil && start == nil {
      throw ValidationError("--end needs --start: expected both days of the range")
    }
  }

  /// The window the options name; the domain resolves it against the as-of day.
  func window(asOf: LocalDate) -> RVUAnalyticsWindow {
    if let start {
      return .between(start: start.resolve(asOf: asOf), end: end?.resolve(asOf: asOf))
    }
    if thisYear { return .yearToDate }
    return last.map(RVUAnalyticsWindow.lastDays) ?? .standard
  }

  /// The days of the window as of `asOf`, checked by the domain; a refused `--last` is named.
  func range(asOf: LocalDate) throws -> DayRange {
    do {
      return try window(asOf: asOf).range(asOf: asOf)
    } catch let error as TallyError where last != nil {
      throw error.naming("--last")
    }
  }
}

/// `--period daily|weekly|monthly|yearly`.
struct PeriodOption: ParsableArguments {
  @Option(
    help: ArgumentHelp("Grouping: daily, weekly, monthly or yearly.", valueName: "period"),
    transform: Period.init(parsing:))
  var period: Period = .day
}
