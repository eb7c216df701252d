import AnalyticsCore
import ArgumentParser
import ReportKit

/// What `report` takes of the global options — `--db`, `--as-of`, `--time-zone` — with
/// `--format html|pdf` in place of `table|json|csv`, and `--output`.
public struct ReportOptions: ParsableArguments {
  public init() {}

  @OptionGroup public var database: DatabaseOption
  @OptionGroup public var days: DayOptions
  @Option(
    help: ArgumentHelp(
      "html or pdf (needs Chromium); default: pdf for an --output ending in .pdf, else html.",
      valueName: "format"))
  public var format: ReportFormat?
  @Option(help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
  public var output: String?

  /// The same values as `GlobalOptions`, so the database and the as-of day are found the one
  /// way every command finds them.
  public var global: GlobalOptions { GlobalOptions(database: database, days: days) }

  /// `--time-zone`, when given.
  public var timeZone: Zone? { days.timeZone }

  public func write(_ page: ReportPage) throws {
    try ReportOutput.write(
      html: page.render(), format: format ?? .implied(by: output), to: output)
  }
}
