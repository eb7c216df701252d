import AnalyticsCore
import ArgumentParser
import ReportKit

/// What `report` takes of the global options — `--db`, `--as-of`, `--time-zone` — with
/// `--format html|pdf` in place of `table|json|csv`, and `--output`.
public struct ReportOptions: ParsableArguments {
  public init() {}

  @Option(
    name: .customLong("db"),
    help: ArgumentHelp("The database file (default: as for every command).", valueName: "path"))
  public var databasePath: String?
  @Option(
    name: .customLong("as-of"), help: GlobalOptions.asOfHelp("default: today"),
    transform: DayReference.init(parsing:))
  public var asOfDay: DayReference?
  @Option(
    name: .customLong("time-zone"),
    help: ArgumentHelp(
      "The IANA time zone for days and hours (default: the system's, else UTC).",
      valueName: "zone"),
    transform: Zone.init(identifier:))
  public var timeZone: Zone?
  @Option(
    help: ArgumentHelp(
      "html or pdf (needs Chromium); default: pdf for an --output ending in .pdf, else html.",
      valueName: "format"))
  public var format: ReportFormat?
  @Option(help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
  public var output: String?

  /// The same values as `GlobalOptions`, so the database and the as-of day are found the one
  /// way every command finds them.
  public var global: GlobalOptions {
    var global = GlobalOptions()
    global.databasePath = databasePath
    global.asOfDay = asOfDay
    global.timeZoneOption = timeZone
    global.format = .table
    global.wide = false
    return global
  }

  public func validate() throws { try global.validate() }

  public func write(_ page: ReportPage) throws {
    try ReportOutput.write(
      html: page.render(), format: format ?? .implied(by: output), to: output)
  }
}
