import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import StoreAnalytics

extension StoreMetricsCommand {
  struct Heatmap: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "heatmap",
      abstract: "Orders and revenue by weekday and hour (7 × 24) in the store's zone.",
      discussion: """
        Default: the last 90 days (--range quarter). A table shows orders as a grid, Monday to \\
        Sunday by hour; JSON and CSV give every cell (weekday, hour, orders, revenue).

        Examples:
          store-metrics heatmap --store downtown
          store-metrics heatmap --store downtown --start 2026-01-05 --end 2026-03-01
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "today, week, month, quarter (default) or year.") var range: MetricsRange?
    @OptionGroup var days: DayRangeOptions

    func validate() throws { try days.refuseWith(range) }

    func run() throws {
      let (db, asOf) = try store.open(global)
      let window =
        try days.range(asOf: asOf)
        ?? (range ?? .quarter).windows(asOf: asOf, calendar: false).current
      let cells = try db.heatmap(storeId: store.store, range: window)
      guard global.format == .table else {
        Terminal.writeOutput(
          global.format.render(rows: StoreWire.heatmap(cells), columns: StoreWire.heatmapColumns))
        return
      }
      // Orders per weekday row, one column per hour.
      let rows: [JSONObject] = Weekday.allCases.sorted().map { weekday in
        JSONObject(
          [("day", JSONValue.string(weekday.shortName))]
            + cells.filter { $0.weekday == weekday }.map {
              (String(format: "%02d", $0.hour), JSONValue.int($0.orders))
            })
      }
      Terminal.writeOutput(
        "Orders by weekday and hour, \(window.start) to \(window.end), in "
          + "\(try db.store(store.store).zone.identifier)\n\n"
          + OutputFormat.table.render(rows: rows, width: nil))
    }
  }

  struct Forecast: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "forecast",
      abstract: "Daily revenue and orders ahead from the store's weekday pattern and trend.",
      discussion: """
        Each day ahead is the mean of the same weekday over the last (up to 8) whole weeks \\
        through --as-of, plus the weekly trend (the least-squares slope of those weeks' daily \\
        means) times the weeks from their middle. The error printed beside it (MAPE, mean \\
        absolute percentage error) is the same method's on the last 4 weeks held back. Needs \\
        two whole weeks since the store's first order.

        Examples:
          store-metrics forecast --store downtown
          store-metrics forecast --store downtown --days 28 --format json
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "Days ahead, 1 to 90.") var days = 14

    func run() throws {
      let (db, asOf) = try store.open(global)
      let forecast = try db.forecast(storeId: store.store, days: days, asOf: asOf)
      switch global.format {
      case .json:
        Terminal.writeOutput(OutputFormat.json.render(object: StoreWire.forecast(forecast)))
      case .csv:
        Terminal.writeOutput(
          OutputFormat.csv.render(
            rows: forecast.days.map(StoreWire.forecastDay), columns: StoreWire.forecastColumns))
      case .table:
        func error(_ value: Double?) -> String {
          value.map { String(format: "%.1f%%", $0) } ?? "— (under 6 weeks of history)"
        }
        Terminal.writeOutput(
          "Forecast for \(forecast.storeId) from \(forecast.history.start) to "
            + "\(forecast.history.end)\nerror on the last 4 weeks held back: revenue "
            + "\(error(forecast.revenueError)), orders \(error(forecast.ordersError))\n\n"
            + OutputFormat.table.render(rows: forecast.days.map(StoreWire.forecastDay)))
      }
    }
  }
}
