import AnalyticsCore
import ArgumentParser
import Foundation
import Storage

/// `--db PATH`: where the database is. Declared once; every command's options take it as a group
/// (`GlobalOptions`, `PageOptions`, `ReportOptions`, commands with options of their own).
public struct DatabaseOption: ParsableArguments, Sendable {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file (':memory:' for a throwaway one).",
      discussion: GlobalOptions.databaseDiscussion(app: CommandRunner.appName),
      valueName: "path"))
  public var path: String?

  public init() {}

  /// The option's name, and that it takes a value (`CommandRunner` moves it after a subcommand).
  static let names = ["--db": true]

  /// Refuses `--db ""`, which would otherwise fall back to the default location unnoticed.
  public func validate() throws {
    if path == "" {
      // ArgumentParser reports only its own error type from validate() with status 64.
      throw ValidationError(
        TallyError.invalid("--db", "", expected: "a database path (or :memory:)").description)
    }
  }
}

/// `--as-of DAY` and `--time-zone ZONE`: what "today" is and which zone days and hours are
/// counted in. Declared once, for every command that takes them.
public struct DayOptions: ParsableArguments, Sendable {
  /// A day as `DayReference` reads it, `yesterday` and `mon` included.
  @Option(
    name: .customLong("as-of"),
    help: ArgumentHelp(
      "The day taken as today: YYYY-MM-DD, today, yesterday or a weekday (default: today in "
        + "--time-zone).", valueName: "day"),
    transform: DayReference.init(parsing:))
  public var asOf: DayReference?

  @Option(
    name: .customLong("time-zone"),
    help: ArgumentHelp(
      "The IANA time zone for days and hours (default: the system's, else UTC).",
      valueName: "zone"),
    transform: Zone.init(identifier:))
  public var timeZone: Zone?

  public init() {}

  static let names = ["--as-of": true, "--time-zone": true]
}

/// `--wide`: tables at full width.
public struct WideOption: ParsableArguments, Sendable {
  @Flag(help: "Show tables at full width instead of fitting them to the terminal.")
  public var wide = false

  public init() {}

  static let names = ["--wide": false]

  /// Every table of this run, including those an app renders itself, follows `--wide`.
  public func validate() throws {
    if wide { TableWriter.wide = true }
  }
}

/// Runs `body`, naming a domain's field in a refused value as the option that gave it
/// (`days "0"` → `--days "0"`): the domain names its own fields, never a command's options.
/// `options`: the domain's field → the option's name without `--`.
public func namingOptions<T>(_ options: [String: String], _ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch var error as TallyError {
    if case .invalid(field: let field?, let value, let expected) = error.cause,
      let option = options[field]
    {
      error.cause = .invalid(field: "--" + option, value: value, expected: expected)
    }
    throw error
  }
}
