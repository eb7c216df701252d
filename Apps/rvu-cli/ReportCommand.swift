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
        store: try global.openRVUStoreToRead(), userId: user.id,
        range: try window.range(asOf: global.asOf), period: grouping.period, asOf: global.asOf,
        generatedAt: Instant(Date()), zone: global.zone)
      try options.write(page)
    }
  }
}
