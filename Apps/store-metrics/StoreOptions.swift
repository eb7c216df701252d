import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import Foundation
import StoreAnalytics

extension MetricsRange: ExpressibleByArgument {}

/// `--store ID`.
struct StoreOption: ParsableArguments {
  @Option(help: ArgumentHelp("The store id.", valueName: "id")) var store: String

  /// The database and the as-of day in this store's zone (an unknown store is an error here).
  func open(_ global: GlobalOptions) throws -> (db: ShopAnalytics, asOf: LocalDate) {
    let db = try global.openStoreMetrics()
    return (db, global.asOf(in: try db.store(store).zone))
  }
}

extension GlobalOptions {
  func openStoreMetrics() throws -> ShopAnalytics {
    try ShopAnalytics.open(databaseLocation(app: StoreAnalyticsModule.appName))
  }

  /// The as-of day: `--as-of`, else today in the store's own zone.
  func asOf(in zone: Zone) -> LocalDate { asOfDate ?? zone.localDate(of: Instant(Date())) }
}

/// The table rendering of store reports: rows, then a bar chart of revenue.
enum StoreOutput {
  /// The rows, and in table format a bar chart of revenue by label.
  static func render(
    _ rows: [JSONObject], chart: [(label: String, revenue: FixedDecimal)], format: OutputFormat
  ) -> String {
    var out = format.render(rows: rows)
    if format == .table, chart.contains(where: { $0.revenue > .zero }) {
      out += "\n" + BarChart.render(chart.map { ($0.label, $0.revenue.doubleValue) })
    }
    return out
  }
}
