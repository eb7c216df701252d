import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import Storage
import StoreAnalytics

extension StoreMetricsCommand {
  struct Heatmap: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "heatmap",
      abstract: "Orders and revenue by weekday and hour (7 × 24) in the store's zone.",
      discussion: """
        Default: the last 90 days (--range quarter). A table shows orders as a grid, Monday to \
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
      let window = try days.window(range, standard: .quarter, asOf: asOf)
      let known = try db.store(store.store)
      let cells = try db.heatmap(of: known, range: window)
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
          + "\(known.zone.identifier)\n\n"
          + OutputFormat.table.render(rows: rows, width: nil))
    }
  }

  struct Forecast: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "forecast",
      abstract: "Daily revenue and orders ahead from the store's weekday pattern and trend.",
      discussion: """
        Each day ahead is the mean of the same weekday over the last (up to 8) whole weeks \
        through --as-of, plus the weekly trend (the least-squares slope of those weeks' daily \
        means) times the weeks from their middle. The error printed beside it (MAPE, mean \
        absolute percentage error) is the same method's on the last 4 weeks held back. Needs \
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
      let forecast = try namingOptions(["days": "days"]) {
        try db.forecast(storeId: store.store, days: days, asOf: asOf)
      }
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
        // The days forecast first, then the days it stands on: the heading named only the
        // latter, which read as the forecast's own dates (a store owner's trial).
        let ahead =
          forecast.days.first.map { "\($0.date) to \(forecast.days.last!.date), " } ?? ""
        Terminal.writeOutput(
          "Forecast for \(forecast.storeId), \(ahead)from its days \(forecast.history.start) to "
            + "\(forecast.history.end)\nerror on the last 4 weeks held back: revenue "
            + "\(error(forecast.revenueError)), orders \(error(forecast.ordersError))\n\n"
            + OutputFormat.table.render(rows: forecast.days.map(StoreWire.forecastDay)))
      }
    }
  }
}

extension StoreMetricsCommand {
  struct Menu: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "menu",
      abstract: "Menu engineering: each item a star, plowhorse, puzzle or dog (Kasavana–Smith).",
      discussion: """
        --costs is a CSV of item (the name on the menu) and unit_cost; a file with its own \
        header is read with --map item='Menu Item' --map unit_cost=Cost. Over the window \
        (default: the last 90 days), an item is popular when its share of the items sold is at \
        least 70% of an equal share, and profitable when its contribution margin (price less \
        unit cost) is at least the menu's average: star (both), plowhorse (popular), puzzle \
        (profitable), dog (neither). Items sold without a cost are named and left out, items \
        sold below their cost are named on standard error, and a cost for an item the store \
        never sold is refused with the closest name it did.

        Examples:
          store-metrics menu --store downtown --costs costs.csv
          store-metrics menu --store downtown --costs costs.csv --range month
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "today, week, month, quarter (default) or year.") var range: MetricsRange?
    @OptionGroup var days: DayRangeOptions
    @Option(help: ArgumentHelp("Unit costs: a CSV of item and unit_cost.", valueName: "file"))
    var costs: String
    @OptionGroup var dialect: CSVDialectOptions
    @OptionGroup var columnMap: ColumnMapOptions

    func validate() throws { try days.refuseWith(range) }

    func run() throws {
      let (db, asOf) = try store.open(global)
      let window = try days.window(range, standard: .quarter, asOf: asOf)
      let read = try dialect.read(costs, columns: columnMap, amountFields: ["unit_cost"]) {
        try MenuCosts.parse($0, fileName: $1, dialect: $2, columns: $3)
      }
      let matrix = try db.menuEngineering(storeId: store.store, range: window, costs: read)
      let belowCost = matrix.belowCost
      if !belowCost.isEmpty {
        Terminal.writeNotice(
          "\(counted(belowCost.count, "item")) sold below cost in the window: "
            + belowCost.map { "\($0.name) (\($0.unitMargin) a unit)" }.joined(separator: ", "))
      }
      switch global.format {
      case .json: Terminal.writeOutput(OutputFormat.json.render(object: StoreWire.menu(matrix)))
      case .csv:
        Terminal.writeOutput(
          OutputFormat.csv.render(
            rows: matrix.items.map(StoreWire.menuItem), columns: StoreWire.menuColumns))
      case .table:
        var out =
          "Menu of \(matrix.storeId), \(window.start) to \(window.end): popular from "
          + "\(matrix.popularityThreshold)% of the items sold, profitable from "
          + "\(matrix.averageMargin) a unit\n\n"
          + OutputFormat.table.render(rows: matrix.items.map(StoreWire.menuItem))
        out += "\nrevenue \(matrix.revenue), contribution \(matrix.contribution)\n"
        if !matrix.withoutCost.isEmpty {
          out +=
            "sold without a cost (left out): " + matrix.withoutCost.joined(separator: ", ")
            + "\n"
        }
        if !matrix.notSold.isEmpty {
          out += "not sold in the window: " + matrix.notSold.joined(separator: ", ") + "\n"
        }
        Terminal.writeOutput(out)
      }
    }
  }
}
