import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import ReportKit
import StoreAnalytics
import StoreReports

extension StoreMetricsCommand {
  /// `store-metrics report`.
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "report",
      abstract: "One self-contained HTML page (or PDF) of a store, or of all stores compared.",
      discussion: """
        With --store: KPI cards against the previous window of as many days (▲/▼ and the \
        percent, — when the previous value is 0), the revenue chart of the window, revenue by \
        hour and by part of the day, the top categories and items, labor against sales when the \
        window has shifts, and with --costs the menu-engineering matrix as a scatter chart. \
        Without --store (or with \
        --store more than once, a group): one row per store with its KPIs and changes, and \
        revenue now and before as bars; then the stores together: key figures, same-store \
        sales (stores that traded in both windows), top categories and items. Windows are \
        rolling and end on the as-of day (each store's own today by default): today 1 day, \
        week 7, month 30, quarter 90, year 365. --format pdf prints the page with headless \
        Chromium (exit 69 when it is not installed).

        Examples:
          store-metrics report --store downtown --range month --output downtown.html
          store-metrics report --range week --format pdf --output stores.pdf
          store-metrics report --store a --store b --as-of 2026-02-28 --output ab.html
          store-metrics report --store downtown --costs costs.csv --output menu.html
        """)

    @OptionGroup var options: ReportOptions
    @Option(
      help: ArgumentHelp(
        "The store id; repeat it to compare a group (default: all stores compared).",
        valueName: "id"),
      completion: storeCompletion)
    var store: [String] = []
    @Option(help: "today, week, month (default), quarter or year.") var range: MetricsRange =
      .month
    @Option(
      help: ArgumentHelp(
        "With one --store: unit costs (item, unit_cost) for a menu-engineering section.",
        valueName: "file"))
    var costs: String?
    @OptionGroup var dialect: CSVDialectOptions
    @OptionGroup var columnMap: ColumnMapOptions

    func validate() throws {
      if costs != nil && store.count != 1 { throw ValidationError("--costs needs one --store") }
    }

    func run() throws {
      let global = options.global
      let shops = try global.openStoreMetricsToRead()
      let now = Instant(Date())
      // A word (`yesterday`) is read in each store's own zone, as by the query commands.
      let page =
        if store.count == 1 {
          try {
            let known = try shops.store(store[0])
            let menuCosts = try costs.map { path in
              try dialect.read(path, columns: columnMap, amountFields: ["unit_cost"]) {
                try MenuCosts.parse($0, fileName: $1, dialect: $2, columns: $3)
              }
            }
            return try StoreReportPage.build(
              shops: shops, store: known, range: range,
              asOf: global.asOfDay.map { _ in shops.currentDay(in: known.zone) }, now: now,
              costs: menuCosts)
          }()
        } else {
          try StoreReportPage.comparison(
            shops: shops, group: shops.group(store), range: range, asOf: global.asOfDay,
            groupDay: global.asOf, now: now)
        }
      try options.write(page)
    }
  }
}
