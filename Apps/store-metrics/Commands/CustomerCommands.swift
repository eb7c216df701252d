import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import StoreAnalytics

extension StoreMetricsCommand {
  struct Customers: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "customers",
      abstract: "Who buys: customers, new and returning, repeat rate, spend, top customers.",
      discussion: """
        Customers are the customer_id of completed orders; orders without one are counted \
        apart (orders_without_customer), never as a customer. Default: all time up to the \
        as-of day. new_customers ordered first in the window; returning_customers had ordered \
        before it; repeat_customers have two or more orders to date (through the window's \
        end), and repeat_rate is their share in percent. Spend is net sales; highest_order and \
        lowest_order are the window's largest and smallest orders, with a customer or without. \
        Names come from the import's customer_name column: the latest given in the window. \
        In CSV: the top customers. (The server's analytics_top_customers lists customers with \
        more than one order of all time, as migration 024 does.)

        Examples:
          store-metrics customers --store downtown
          store-metrics customers --store downtown --range month --top 20 \\
              --format json
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "Only this window: today, week, month, quarter or year.") var range: MetricsRange?
    @OptionGroup var days: DayRangeOptions
    @Option(help: "How many top customers to list (1 to 100000).") var top: Int = 10

    func validate() throws {
      try days.refuseWith(range)
      guard (1...ShopAnalytics.maximumRows).contains(top) else {
        throw ValidationError(
          "--top \(top) is not a count of customers: give 1 to \(ShopAnalytics.maximumRows)")
      }
    }

    func run() throws {
      let (db, asOf) = try store.open(global)
      let known = try db.store(store.store)
      let window = try days.range(asOf: asOf) ?? range?.windows(asOf: asOf, calendar: false).current
      let summary =
        try window.map { try db.customers(of: known, range: $0) }
        ?? db.customers(of: known, asOf: asOf)
      var object = StoreWire.customers(summary, top: top, zone: known.zone)
      guard case .array(let top)? = object["top_customers"] else { return }
      let rows = top.compactMap { value -> JSONObject? in
        guard case .object(let row) = value else { return nil }
        return row
      }
      switch global.format {
      case .json: global.print(object: object)
      case .csv:
        Terminal.writeOutput(
          global.format.render(rows: rows, columns: StoreWire.topCustomerColumns))
      case .table:
        object["top_customers"] = nil
        if let rate = object["repeat_rate"]?.plainText {
          object["repeat_rate"] = .string(rate + "%")
        }
        var out = TableWriter.write(keyValue: object)
        if !rows.isEmpty {
          // The store is the command's and no phone is kept: not a column on a screen.
          let shown = rows.map { row in
            var row = row
            row["store_id"] = nil
            row["customer_phone"] = nil
            return row
          }
          out += "\nTop customers\n" + global.format.render(rows: shown)
        }
        Terminal.writeOutput(out)
      }
    }
  }

  struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "summary",
      abstract: "Every store's completed orders of all time, by revenue.",
      discussion: """
        Orders, revenue (net sales), average order, distinct customers and repeat customers \
        (two or more orders) per store, each up to the as-of day in its own zone: the seed's \
        analytics_store_summary.

        Example:
          store-metrics summary --format csv
        """)
    @OptionGroup var global: GlobalOptions

    func run() throws {
      let db = try global.openStoreMetricsToRead()
      let rows = try db.storeSummaries(
        try db.stores().map { try db.store($0.id) }, asOf: { global.asOf(in: $0) })
      Terminal.writeOutput(
        StoreOutput.render(
          rows.map { store, summary in
            var row = StoreWire.storeSummary(summary, shop: store.shop)
            // The same as store_id: one column fewer on a screen.
            if global.format == .table { row["store_code"] = nil }
            return row
          },
          columns: StoreWire.storeSummaryColumns,
          chart: rows.map { ($0.store.id, $0.summary.revenue) },
          format: global.format))
    }
  }

  struct Goals: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "goals",
      abstract: "Daily revenue and order goals: 1.2 × the last 30 days' trading-day averages.",
      discussion: """
        Over the 30 days through the as-of day, the days with a completed order: their average, \
        best and worst revenue, average orders, and the seed's goals of 20% above the averages \
        (analytics_revenue_goals). Nothing is shown without such a day.

        Example:
          store-metrics goals --store downtown --as-of 2026-02-28
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption

    func run() throws {
      let (db, asOf) = try store.open(global)
      let known = try db.store(store.store)
      let goals = try db.revenueGoals(of: known, asOf: asOf)
      let row = goals.map(StoreWire.revenueGoals)
      if global.format == .table {
        // A file of past sales read "today" shows nothing: say where its days are (a new-user
        // trial on the pizza data, whose orders end in 2015).
        let latest = try db.daily(of: known, limit: 30, asOf: asOf).first { $0.totalOrders > 0 }
        let hint =
          latest.map { " The latest is on \($0.date): try --as-of \($0.date)." }
          ?? " The store has none yet."
        Terminal.writeOutput(
          row.map { TableWriter.write(keyValue: $0) }
            ?? "No completed orders in the 30 days through \(asOf).\(hint)\n")
      } else if global.format == .json {
        global.print(object: row ?? [:])
      } else {
        Terminal.writeOutput(
          global.format.render(rows: row.map { [$0] } ?? [], columns: StoreWire.revenueGoalColumns))
      }
    }
  }

  struct Funnel: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "funnel",
      abstract: "A store's orders of all time by status: completed, cancelled, refunded.",
      discussion: """
        Order counts and subtotals by status up to the as-of day (analytics_order_funnel); \
        avg_processing_minutes is null: Tally keeps no processing times.

        Example:
          store-metrics funnel --store downtown
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption

    func run() throws {
      let (db, asOf) = try store.open(global)
      let rows = try db.orderFunnel(of: try db.store(store.store), asOf: asOf)
      Terminal.writeOutput(
        StoreOutput.render(
          rows.map(StoreWire.orderFunnel), columns: StoreWire.orderFunnelColumns,
          chart: rows.map { ($0.status.rawValue, $0.revenue) }, format: global.format))
    }
  }

  struct Insights: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "insights",
      abstract: "The busiest hour and weekday, the top category and the repeat rate.",
      discussion: """
        Busiest hour and weekday of the 30 days through the as-of day (ties to the earlier), \
        the top category of all time (by revenue over all its subcategories, such as sizes), \
        and customer_retention: the percent of its customers with two or more orders \
        (get_business_insights). avg_wait_time is null.

        Example:
          store-metrics insights --store downtown --format json
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption

    func run() throws {
      let (db, asOf) = try store.open(global)
      let insights = try db.insights(of: try db.store(store.store), asOf: asOf)
      global.print(object: StoreWire.insights(insights))
    }
  }
}

extension StoreMetricsCommand {
  struct Cohorts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "cohorts",
      abstract: "Monthly customer cohorts by first order, and the share still ordering after.",
      discussion: """
        Each row is the customers whose first completed order (ever) fell in that month; each \
        column k the share of them with an order k months later (M0 is 100%). The as-of \
        month's column counts part of a month until it ends. Orders without a customer id are \
        in no cohort.

        Examples:
          store-metrics cohorts --store downtown
          store-metrics cohorts --store downtown --months 6 --format csv
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "Months through the as-of day's, 1 to 60.") var months = 12

    func run() throws {
      let (db, asOf) = try store.open(global)
      let table = try namingOptions(["months": "months"]) {
        try db.cohorts(storeId: store.store, months: months, asOf: asOf)
      }
      switch global.format {
      case .json: Terminal.writeOutput(OutputFormat.json.render(object: StoreWire.cohorts(table)))
      case .csv:
        Terminal.writeOutput(
          OutputFormat.csv.render(
            rows: StoreWire.cohortRows(table), columns: StoreWire.cohortColumns))
      case .table:
        let rows: [JSONObject] = table.cohorts.map { cohort in
          JSONObject(
            [
              ("cohort", .string("\(cohort.month.shortMonthName) \(cohort.month.year)")),
              ("customers", .int(cohort.customers)),
            ]
              + cohort.shares.enumerated().map { offset, share in
                ("M\(offset)", JSONValue.string(cohort.customers > 0 ? "\(share)%" : "—"))
              })
        }
        Terminal.writeOutput(
          "Customers by month of first order, \(table.storeId), through \(table.through)"
            + (table.asOfMonthIsPartial ? " (its month not over)" : "") + "\n\n"
            + OutputFormat.table.render(rows: rows, width: nil))
      }
    }
  }
}
