import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import Foundation
import RVUDomain
import RVUReports
import ReportKit
import Storage

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
        default range is the last 30 days up to --as-of. With --statement, the page ends with \
        the employer's statement over the report's days reconciled against your visits per \
        month and code (read as 'rvu-cli reconcile' reads it, --map and the date options \
        alike; a line outside the days is refused). The Medicare \
        payment estimate (your GPCIs and place of service, 'rvu-cli settings set') is a card \
        and a column; the target, pace and dollars are cards when a target or rate is set.

        Example:
          rvu-cli report --last 90 --period weekly --output rvu.html
          rvu-cli report --this-year --period monthly --format pdf --output rvu.pdf
          rvu-cli report --start 2025-11-01 --end 2025-11-30 --statement nov.csv \\
              --output nov.html
        """)

    @OptionGroup var options: ReportOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var grouping: PeriodOption
    @Option(
      help: ArgumentHelp(
        "An employer's RVU statement (CSV) to reconcile on the page.", valueName: "file"))
    var statement: String?
    @OptionGroup var dialect: CSVDialectOptions
    @OptionGroup var columnMap: ColumnMapOptions

    func run() throws {
      let global = options.global
      let read = try statement.map { file in
        try dialect.read(file, columns: columnMap, amountFields: ["work_rvu"]) {
          try Statement.parse($0, fileName: $1, dialect: $2, columns: $3)
        }
      }
      let page = try RVUReportPage.build(
        store: try global.openRVUStoreToRead(), userId: user.id,
        range: try window.range(asOf: global.asOf), period: grouping.period, asOf: global.asOf,
        generatedAt: Instant(Date()), zone: global.zone, statement: read)
      try options.write(page)
    }
  }
}
