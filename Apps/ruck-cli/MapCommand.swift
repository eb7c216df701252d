import AnalyticsCore
import ArgumentParser
import CLIKit
import ReportKit
import RuckAnalytics
import RuckReports

extension RuckCommand {
  /// `ruck-cli map`: every route of a period on one page.
  struct Map: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "map",
      abstract: "Every route of a period on one page, darker where walked more.",
      discussion: """
        A self-contained HTML page (no map tiles, nothing from elsewhere): the tracks of the \
        counted sessions whose day lies from --from to --to (default: the last 365 days to \
        the as-of day), projected together, each a translucent line.

        Example:
          ruck-cli map --output map.html
          ruck-cli map --from 2026-01-01 --to 2026-06-30 --output spring.html
        """)
    @OptionGroup var options: PageOptions
    @Option(help: ArgumentHelp("The first day (YYYY-MM-DD).", valueName: "day"))
    var from: String?
    @Option(help: ArgumentHelp("The last day (default: the as-of day).", valueName: "day"))
    var to: String?

    func validate() throws { try options.requirePageFormat() }

    func run() throws {
      let global = options.global
      let store = try global.openRuckStoreToRead()
      let last = try to.map { try LocalDate(parsing: $0) } ?? global.asOf
      let first = try from.map { try LocalDate(parsing: $0) } ?? last.adding(days: -364)
      let range = try hinting { try DayRange(start: first, end: last) }
      let routes = try store.routes(in: range, zone: global.zone)
      try options.write(
        RuckReportPage.map(
          routes.map {
            OverlaidRoute(label: "\($0.day) (session \($0.sessionId))", positions: $0.positions)
          },
          range: range))
    }
  }
}
