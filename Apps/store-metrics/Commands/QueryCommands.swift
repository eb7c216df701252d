import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import StoreAnalytics

extension StoreMetricsCommand {
  struct Daily: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "daily",
      abstract: "Daily totals of completed orders, newest first.",
      discussion: """
        Without --store: the chain, each day every store's same local day summed (store_id \
        null); distinct customers are counted once across stores.

        Examples:
          store-metrics daily --store downtown --limit 7 --format json
          store-metrics daily --store downtown --store airport --limit 7
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreGroupOption
    @Option(help: "The most days to show (1 to 100000).") var limit: Int = 30

    func run() throws {
      let (db, group, asOf) = try store.open(global)
      let days = try db.daily(of: group, limit: limit, asOf: asOf)
      Terminal.writeOutput(
        StoreOutput.render(
          days.map(StoreWire.daily), columns: StoreWire.dailyColumns,
          chart: days.reversed().map { ("\($0.date)", $0.totalRevenue) },
          format: global.format))
    }
  }

  struct Hourly: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "hourly",
      abstract: "The 24 hours of the as-of day in the store's zone, zero-filled.",
      discussion: """
        With --start/--end: the 24 hours summed over those days, to find the busiest hours. \
        Without --store: every store, each in its own zone's hours.

        Examples:
          store-metrics hourly --store downtown --as-of 2026-02-08
          store-metrics hourly --store downtown --start 2026-01-01 --end 2026-01-31
          store-metrics hourly --as-of 2026-02-08
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreGroupOption
    @OptionGroup var days: DayRangeOptions

    func run() throws {
      let (db, group, asOf) = try store.open(global)
      let hours = try db.hourly(
        of: group, range: try days.range(asOf: asOf) ?? DayRange(day: asOf))
      Terminal.writeOutput(
        StoreOutput.render(
          hours.map { StoreWire.hourly($0, storeId: group.storeId) },
          columns: StoreWire.hourlyColumns,
          chart: hours.map { (String($0.key), $0.revenue) }, format: global.format))
    }
  }

  struct TimeDistribution: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "time-distribution",
      abstract: "Orders by part of day: Breakfast 06–10, Lunch 11–14, Dinner 15–20, Late Night.",
      discussion: """
        Default: all time.

        Examples:
          store-metrics time-distribution --store downtown --range month
          store-metrics time-distribution --store downtown --start mon --end today
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "Only this window: today, week, month, quarter or year.") var range: MetricsRange?
    @OptionGroup var days: DayRangeOptions

    func validate() throws { try days.refuseWith(range) }

    func run() throws {
      let (db, asOf) = try store.open(global)
      let window =
        try days.range(asOf: asOf) ?? range?.windows(asOf: asOf, calendar: false).current
      let parts = try db.timeDistribution(storeId: store.store, range: window)
      Terminal.writeOutput(
        StoreOutput.render(
          parts.map { StoreWire.timeDistribution($0, storeId: store.store) },
          columns: StoreWire.timeDistributionColumns,
          chart: parts.map { (StoreWire.label($0.key), $0.revenue) }, format: global.format))
    }
  }

  struct Categories: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "categories",
      abstract: "Category sales by revenue; all stores unless --store; all time unless --start.",
      discussion: """
        --store again for a group. Across stores, days are each store's own and the as-of day \
        is read in --time-zone. --by item or --by family breaks each category down by item or \
        by dish (its sizes rolled up, by the import's item_family or the name without a \
        trailing size); an item counts under its menu category.

        Examples:
          store-metrics categories --limit 5
          store-metrics categories --store downtown --store airport
          store-metrics categories --store downtown --by family
          store-metrics categories --store downtown --start 2026-01-01 \\
              --end 2026-01-31
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreGroupOption
    @Option(help: "The most rows to show (1 to 100000).") var limit: Int = 10
    @OptionGroup var days: DayRangeOptions
    @Option(
      help: ArgumentHelp(
        "Rows per category (default), or per category and item, or dish (sizes rolled up).",
        valueName: "category|item|family"),
      transform: { text in
        guard let rows = CategoryRows(rawValue: text.lowercased()) else {
          throw TallyError(value: text, expected: "category, item or family")
        }
        return rows
      })
    var by: CategoryRows = .category

    enum CategoryRows: String { case category, item, family }

    func run() throws {
      let (db, group, asOf) = try store.open(global)
      if by != .category {
        let rows = try db.categoryBreakdown(
          of: group, range: try days.range(asOf: asOf), byFamily: by == .family, limit: limit)
        Terminal.writeOutput(
          StoreOutput.render(
            rows.map { StoreWire.categoryPart($0, byFamily: by == .family) },
            columns: by == .family
              ? StoreWire.categoryFamilyColumns : StoreWire.categoryItemColumns,
            chart: rows.map {
              (($0.category.map { c in c + " / " } ?? "") + $0.family, $0.totalRevenue)
            },
            format: global.format))
        return
      }
      let rows = try db.categories(of: group, range: try days.range(asOf: asOf), limit: limit)
      Terminal.writeOutput(
        StoreOutput.render(
          rows.map { StoreWire.category($0) }, columns: StoreWire.categoryColumns,
          chart: rows.map {
            ($0.category + ($0.subcategory.map { " / " + $0 } ?? ""), $0.totalRevenue)
          },
          format: global.format))
    }
  }

  struct Popular: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "popular",
      abstract:
        "Best-selling items by revenue; all stores unless --store; all time unless --start.",
      discussion: """
        --by family rolls the sizes of a dish into one row: "The Thai Chicken Pizza (S)", \
        "(M)" and "(L)" are "The Thai Chicken Pizza" (a trailing size in parentheses of up to \
        12 characters is dropped); its times_ordered sums its sizes'. Across stores (no \
        --store, or --store more than once) the items of one name are one row, without a \
        store or item id.

        Examples:
          store-metrics popular --store downtown --limit 10
          store-metrics popular --store downtown --start 2026-02-01
          store-metrics popular --store downtown --by family
          store-metrics popular --limit 10
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreGroupOption
    @Option(help: "The most rows to show (1 to 100000).") var limit: Int = 5
    @OptionGroup var days: DayRangeOptions
    @Option(
      help: ArgumentHelp(
        "Rows per menu item (default) or per dish, its sizes rolled up.",
        valueName: "item|family"),
      transform: { text in
        switch text.lowercased() {
        case "item": return false
        case "family": return true
        default: throw TallyError(value: text, expected: "item or family")
        }
      })
    var by: Bool = false

    func run() throws {
      let (db, group, asOf) = try store.open(global)
      if by {
        let rows = try db.popularFamilies(
          of: group, range: try days.range(asOf: asOf), limit: limit)
        Terminal.writeOutput(
          StoreOutput.render(
            rows.map(StoreWire.family), columns: StoreWire.familyColumns,
            chart: rows.map { ($0.family, $0.totalRevenue) }, format: global.format))
        return
      }
      let rows = try db.popular(of: group, range: try days.range(asOf: asOf), limit: limit)
      Terminal.writeOutput(
        StoreOutput.render(
          rows.map { StoreWire.popular($0) }, columns: StoreWire.popularColumns,
          chart: rows.map { ($0.itemName, $0.totalRevenue) },
          format: global.format))
    }
  }

  struct Metrics: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "metrics",
      abstract: "KPIs of a window against the previous window of equal length.",
      discussion: """
        Windows end on the as-of day: today 1 day, week 7, month 30, quarter 90, year 365; the \
        previous window is the same number of days right before. With --calendar: this \
        week/month/quarter/year so far against the same span of the previous one. \
        revenue_change is a percent (null when the previous revenue is 0); orders_change is the \
        difference in orders. On the last day of a period, --calendar compares whole periods. \
        --start/--end: any days, against the days right before (--compare previous) or the same \
        days a year earlier (--compare year-ago). unique_customers is null (— in a table) when \
        the window has orders but none names a customer. total_revenue is net sales: \
        gross_sales (sale lines) less discounts, comps and refunds (refund lines); tips are \
        apart; cancelled_… and refunded_… are orders cancelled or refunded whole. Without \
        --store: the chain (every store; --store again for a group), each store's days its own \
        and the as-of day read in --time-zone, customers counted once across stores, with \
        same_store: the stores that had orders on or before the previous window's first day \
        and in both windows, on their own.

        Examples:
          store-metrics metrics --store downtown --range month --format json
          store-metrics metrics --range month --as-of 2026-02-28
          store-metrics metrics --store downtown --start 2026-01-01 \\
              --end 2026-01-31 --compare year-ago
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreGroupOption
    @Option(help: "today (default), week, month, quarter or year.") var range: MetricsRange?
    @Flag(help: "Calendar periods so far instead of rolling windows.") var calendar = false
    @OptionGroup var days: DayRangeOptions
    @Option(help: "With --start: compare with the previous days or year-ago.")
    var compare: Comparison?

    func validate() throws {
      if days.isGiven && (range != nil || calendar) {
        throw ValidationError("give --range (and --calendar) or --start, not both")
      }
      if compare != nil && !days.isGiven { throw ValidationError("--compare needs --start") }
    }

    func run() throws {
      let (db, group, asOf) = try store.open(global)
      let metrics: StoreMetrics
      if let window = try days.range(asOf: asOf) {
        metrics = try db.metrics(
          of: group, current: window, previous: (compare ?? .previous).window(for: window))
      } else {
        metrics = try db.metrics(
          of: group, range: range ?? .today, asOf: asOf, calendar: calendar)
      }
      if global.format == .table {
        Terminal.writeOutput(StoreOutput.metricsTable(metrics, stores: group))
      } else {
        var object = StoreWire.metrics(metrics)
        if group.stores.count > 1 { object["stores"] = .array(group.ids.map(JSONValue.string)) }
        global.print(object: object)
      }
    }
  }

  struct Chart: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "chart",
      abstract: "The revenue chart of a window, zero-filled and chronological.",
      discussion: """
        today: 24 hourly points (12am…11pm); week: 7 days (Mon…); month: 30 days (Feb 8); \
        quarter: Monday weeks (Week of Feb 2); year: months (Mar 2025), 13 for a 365-day window. \
        --start/--end: by day up to 31 days, by Monday week up to 92, else by month. Without \
        --store: every store summed, each store's days its own (--store again for a group).

        Examples:
          store-metrics chart --store downtown --range week
          store-metrics chart --store downtown --start 2025-12-01 --end 2026-02-28
          store-metrics chart --range year --as-of 2026-02-28
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreGroupOption
    @Option(help: "today (default), week, month, quarter or year.") var range: MetricsRange?
    @OptionGroup var days: DayRangeOptions

    func validate() throws { try days.refuseWith(range) }

    func run() throws {
      let (db, group, asOf) = try store.open(global)
      let points =
        if let window = try days.range(asOf: asOf) {
          try db.chart(of: group, window: window, by: window.chartPeriod)
        } else {
          try db.chart(of: group, range: range ?? .today, asOf: asOf)
        }
      // A partial week or month is flagged: its total is not a whole one's.
      let labels = zip(StoreWire.chartLabels(points), points).map {
        $1.partial ? $0 + " (partial)" : $0
      }
      Terminal.writeOutput(
        StoreOutput.render(
          StoreWire.chart(points, marksPartial: true),
          columns: StoreWire.chartColumns + ["partial"],
          chart: Array(zip(labels, points.map(\.revenue))), format: global.format))
    }
  }

  struct Weekdays: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "weekdays",
      abstract: "Sales by day of the week over a range (default: the last 90 days).",
      discussion: """
        avg_revenue_per_day divides by how many of that weekday the range holds, open or not. \
        Without --store: every store summed (--store again for a group).

        Examples:
          store-metrics weekdays --store downtown
          store-metrics weekdays --store downtown --store airport
          store-metrics weekdays --store downtown --start 2026-01-05 --end 2026-03-01
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreGroupOption
    @Option(help: "today, week, month, quarter (default) or year.") var range: MetricsRange?
    @OptionGroup var days: DayRangeOptions

    func validate() throws { try days.refuseWith(range) }

    func run() throws {
      let (db, group, asOf) = try store.open(global)
      let window = try days.window(range, standard: .quarter, asOf: asOf)
      let rows = try db.weekdays(of: group, range: window)
      Terminal.writeOutput(
        StoreOutput.render(
          rows.map { StoreWire.weekday($0, storeId: group.storeId) },
          columns: StoreWire.weekdayColumns,
          chart: rows.map { ($0.weekday.shortName, $0.revenue) }, format: global.format))
    }
  }
}
