import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import RVUDomain
import RVUReports
import ReportKit

extension RVUCommand {
  /// `rvu-cli report`.
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "report",
      abstract: "One self-contained HTML page (or PDF) of work RVUs: cards, chart, top codes.",
      discussion: """
        Summary cards (work RVUs, encounters, no-shows, average RVUs per encounter, each against \
        the previous window of as many days), work RVUs per period as a bar chart with its \
        table, and the top codes by work RVUs with quantity and encounters. The page has no \
        scripts and nothing from elsewhere: it works offline and as an e-mail attachment. \
        --format pdf prints it with headless Chromium (exit 69 when it is not installed). The \
        default range is the last 30 days up to --as-of.

        Example:
          rvu-cli report --last 90 --period weekly --output rvu.html
          rvu-cli report --this-year --period monthly --format pdf --output rvu.pdf
        """)

    @OptionGroup var options: ReportOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var grouping: PeriodOption

    func run() throws {
      let global = options.global
      let page = try RVUReportPage.build(
        store: try global.openRVUStore(), userId: user.id,
        range: try window.range(asOf: global.asOf), period: grouping.period, asOf: global.asOf,
        generatedAt: Instant(Date()), zone: global.zone)
      try options.write(page)
    }
  }
}

/// What `report` takes of the global options — `--db`, `--as-of`, `--time-zone` — with
/// `--format html|pdf` in place of `table|json|csv`, and `--output`.
struct ReportOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp("The database file (default: as for every command).", valueName: "path"))
  var databasePath: String?
  @Option(
    name: .customLong("as-of"),
    help: ArgumentHelp(
      "The day taken as today (default: today in --time-zone).", valueName: "date"),
    transform: LocalDate.init(parsing:))
  var asOfDate: LocalDate?
  @Option(
    name: .customLong("time-zone"),
    help: ArgumentHelp(
      "The IANA time zone for days and hours (default: the system's, else UTC).",
      valueName: "zone"),
    transform: Zone.init(identifier:))
  var timeZone: Zone?
  @Option(help: ArgumentHelp("html (default) or pdf (needs Chromium).", valueName: "format"))
  var format: ReportFormat = .html
  @Option(help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
  var output: String?

  /// The same values as `GlobalOptions`, so the database and the as-of day are found the one
  /// way every command finds them.
  var global: GlobalOptions {
    var global = GlobalOptions()
    global.databasePath = databasePath
    global.asOfDate = asOfDate
    global.timeZoneOption = timeZone
    global.format = .table
    global.wide = false
    return global
  }

  func validate() throws { try global.validate() }

  func write(_ page: ReportPage) throws {
    try ReportOutput.write(html: page.render(), format: format, to: output)
  }
}
