import AnalyticsCore
import ReportKit
import StoreAnalytics

/// The store report pages: one store's KPIs, revenue chart, hours, parts of the day, categories
/// and items over a window; or every store's KPIs side by side.
///
/// One builder for `store-metrics report` and `GET /reports/stores/{id}`. Every number comes
/// from `ShopAnalytics`; labels (hours, parts of the day, chart buckets) are `StoreWire`'s, the
/// same the CLI's tables and the JSON API write.
public enum StoreReportPage {
  /// Rows of the categories and items tables and bars.
  public static let topLimit = 10
  static let money = ValueFormat(decimals: 2, prefix: "$")

  /// One store's page over the rolling `range` ending on `asOf` (the store's own today when
  /// `nil`, from `now`).
  ///
  /// - Parameter store: the store, looked up once by the caller (`ShopAnalytics.store(_:)`).
  /// - throws: `TallyError` from the domain.
  public static func build(
    shops: ShopAnalytics, store known: KnownStore, range: MetricsRange, asOf: LocalDate?,
    now: Instant, costs: MenuCosts? = nil
  ) throws -> ReportPage {
    let (shop, zone) = (known.shop, known.zone)
    let day = asOf ?? zone.localDate(of: now)
    let metrics = try shops.metrics(of: known, range: range, asOf: day, calendar: false)
    let window = metrics.current
    let chart = try shops.chart(of: known, range: range, asOf: day)
    // The window's hour rows read once: the heat grid's cells, summed over the weekdays, are
    // the hours of the day.
    let heat = try shops.heatmap(of: known, range: window)
    let hours = (0..<24).map { hour in
      let cells = heat.filter { $0.hour == hour }
      return (
        key: hour, revenue: cells.reduce(FixedDecimal.zero) { $0 + $1.revenue }
      )
    }
    let parts = try shops.timeDistribution(of: known, range: window)
    let (items, categories) = try shops.sales(of: known, range: window, limit: topLimit)
    let cohorts = try shops.cohorts(of: known, months: 12, asOf: day)
    let labor = try shops.labor(of: known, range: window)
    let menu = try costs.map {
      try shops.menuEngineering(storeId: known.id, range: window, costs: $0)
    }
    // The forecast needs two whole weeks of history; a younger store's page goes without.
    var forecast: StoreForecast?
    do { forecast = try shops.forecast(of: known, days: 14, asOf: day) } catch let error
      as TallyError where error.category == .badData
    {
      forecast = nil  // too little history: the page goes without
    }
    return ReportPage(
      title: "\(shop.name): store report",
      period: "\(windowText(window)), \(range.rawValue)", asOf: day, generatedAt: now, zone: zone,
      sections: [
        ReportSection(
          title: "Key figures", blocks: [.cards(cards(metrics)), .table(salesTable(metrics))]),
        ReportSection(
          title: "Revenue",
          blocks: [
            .chart(
              BarChart(
                title: range == .today ? "Revenue today" : "Revenue over the \(range.rawValue)",
                description:
                  "Revenue of completed orders (subtotals before tax) per bucket of the window "
                  + "\(windowText(window)).",
                data: zip(StoreWire.chartLabels(chart), chart).map {
                  ChartDatum($0, $1.revenue, partial: $1.partial)
                }, format: money, emptyMessage: "No orders in this window."))
          ]
            + (chart.contains(where: \.partial)
              ? [
                .paragraph(
                  "Hatched bars cover only part of their period (the window or the store's "
                    + "opening cuts them): their totals are not a whole week's or month's.")
              ] : [])),
        ReportSection(
          title: "Time of day",
          blocks: [
            .chart(
              BarChart(
                title: "Revenue by hour",
                description: "Revenue per local hour of the day, summed over the window.",
                data: hours.map { ChartDatum(StoreWire.hourLabel($0.key), $0.revenue) },
                format: money, emptyMessage: "No orders in this window.")),
            .chart(
              DonutChart(
                title: "Revenue by part of the day",
                description:
                  "Breakfast 6–11 am, lunch 11 am–3 pm, dinner 3–9 pm, late night 9 pm–6 am.",
                data: parts.map { ChartDatum(StoreWire.label($0.key), $0.revenue) },
                format: money, emptyMessage: "No orders in this window.")),
            .table(
              DataTable(
                caption: "Orders by part of the day",
                columns: [.init("Part of the day"), .init("Orders", .numeric)],
                rows: parts.map {
                  [StoreWire.label($0.key), ValueFormat.integer.string(Double($0.orders))]
                })),
          ]),
        ReportSection(title: "When", blocks: heatBlocks(heat, window: window, zone: zone)),
        ReportSection(title: "Customers who come back", blocks: cohortBlocks(cohorts)),
        ReportSection(title: "Top categories", blocks: categoryBlocks(categories)),
        ReportSection(title: "Top items", blocks: itemBlocks(items)),
      ]
        // A store without shifts in the window has nothing to say about labor.
        + (labor.shifts > 0 ? [ReportSection(title: "Labor", blocks: laborBlocks(labor))] : [])
        + (menu.map { [ReportSection(title: "The menu", blocks: menuBlocks($0))] } ?? [])
        + (forecast.map { [ReportSection(title: "Next two weeks", blocks: forecastBlocks($0))] }
          ?? []))
  }

  /// Orders by weekday × hour as a heat grid, with every cell in its table.
  static func heatBlocks(_ cells: [HeatmapCell], window: DayRange, zone: Zone) -> [ReportBlock] {
    let weekdays = Weekday.allCases.sorted()
    return [
      .chart(
        HeatGrid(
          title: "Orders by weekday and hour",
          description:
            "Completed orders in each local hour (\(zone.identifier)) of each weekday, summed over "
            + "\(windowText(window)).",
          rows: weekdays.map(\.shortName), columns: (0..<24).map { StoreWire.hourLabel($0) },
          // No orders at all: the empty message, not 168 cells of 0.
          values: cells.allSatisfy { $0.orders == 0 }
            ? []
            : weekdays.map { weekday in
              cells.filter { $0.weekday == weekday }.map { Double($0.orders) }
            }, emptyMessage: "No orders in this window."))
    ]
  }

  /// Monthly cohorts as a heat grid of the share still ordering, and its table.
  static func cohortBlocks(_ table: CohortTable) -> [ReportBlock] {
    let months = table.cohorts.count
    let label = { (day: LocalDate) in "\(day.shortMonthName) \(day.year)" }
    return [
      .chart(
        HeatGrid(
          title: "Share of each month's new customers ordering again",
          description:
            "Rows: customers by the month of their first order; columns: months after it (M0 is "
            + "that month, 100%). Through \(table.through)"
            + (table.asOfMonthIsPartial ? ", its month not over" : "")
            + ". Orders without a customer id are in no cohort.",
          rows: table.cohorts.map { label($0.month) }, columns: (0..<months).map { "M\($0)" },
          values: table.cohorts.map { cohort in
            (0..<months).map { offset in
              cohort.customers > 0 && offset < cohort.shares.count ? cohort.shares[offset] : nil
            }
          }, format: ValueFormat(decimals: 1, unit: "%"),
          emptyMessage: "No customer ids in these months.")),
      .table(
        DataTable(
          caption: "New customers per month",
          columns: [.init("Month"), .init("New customers", .numeric)],
          rows: table.cohorts.map {
            [label($0.month), ValueFormat.integer.string(Double($0.customers))]
          })),
    ]
  }

  /// The forecast's days as bars and a table, with the method and its error.
  static func forecastBlocks(_ forecast: StoreForecast) -> [ReportBlock] {
    func error(_ value: Double?) -> String {
      value.map {
        ValueFormat(decimals: 1, unit: "%").string($0).replacingOccurrences(of: " %", with: "%")
      } ?? "not measured (under 6 weeks)"
    }
    return [
      .paragraph(
        "Forecast from \(forecast.history.start) to \(forecast.history.end): "
          + StoreForecast.method + ". Its error on the last four weeks held back (mean absolute "
          + "percentage error): revenue \(error(forecast.revenueError)), orders "
          + "\(error(forecast.ordersError))."),
      .chart(
        BarChart(
          title: "Revenue forecast",
          description: "Forecast revenue for each of the next 14 days.",
          data: forecast.days.map {
            ChartDatum("\($0.date.weekday.shortName) \($0.date.day)", $0.revenue)
          }, format: money)),
      .table(
        DataTable(
          caption: "Forecast per day",
          columns: [.init("Day"), .init("Revenue", .numeric), .init("Orders", .numeric)],
          rows: forecast.days.map {
            [
              $0.date.description, money.string($0.revenue.doubleValue),
              ValueFormat(decimals: 1).string($0.orders),
            ]
          })),
    ]
  }

  /// Every store's KPIs (or a group's) over the rolling `range`, each store's window ending on
  /// the day `shops` takes as that store's today (`ShopAnalytics.currentDay(in:)`: an as-of
  /// date, or a word such as `yesterday` read in the store's own zone), in one table with the
  /// stores together in its last row, with revenue now and before as grouped bars; then the
  /// stores together over the window ending on `groupDay` (each store's days its own): their
  /// key figures, same-store sales, and their top categories and items. `asOf` is only named in
  /// the subtitle.
  public static func comparison(
    shops: ShopAnalytics, group: StoreGroup, range: MetricsRange, asOf: DayReference?,
    groupDay: LocalDate, now: Instant
  ) throws -> ReportPage {
    var rows: [(shop: Shop, metrics: StoreMetrics)] = []
    for known in group.stores {
      let metrics = try shops.metrics(
        of: known, range: range, asOf: shops.currentDay(in: known.zone), calendar: false)
      rows.append((known.shop, metrics))
    }
    let together = try shops.metrics(of: group, range: range, asOf: groupDay, calendar: false)
    let window = together.current
    let categories = try shops.categories(of: group, range: window, limit: topLimit)
    let items = try shops.popular(of: group, range: window, limit: topLimit)
    let title = group.isChain ? "All stores" : "Stores " + group.ids.joined(separator: ", ")
    let name = group.isChain ? "The chain" : "These stores"
    let names = rows.map { "\($0.shop.name) (\($0.shop.id))" }
    let date: LocalDate? = if case .day(let day)? = asOf { day } else { nil }
    func tableRow(_ name: String, _ m: StoreMetrics) -> [String] {
      [
        name, money.string(m.totalRevenue.doubleValue), changeText(m.changes.revenue),
        ValueFormat.integer.string(Double(m.totalOrders)), changeText(m.changes.orders),
        money.string(m.averageOrderValue.doubleValue), changeText(m.changes.averageOrderValue),
        customersText(m.uniqueCustomers),
      ]
    }
    return ReportPage(
      title: title,
      period: date.map { windowText(range.windows(asOf: $0, calendar: false).current) }
        ?? "The last \(counted(range.days, "day")) of each store (each store's own "
        + "\(asOf?.description ?? "today"))",
      asOf: date, generatedAt: now,
      sections: [
        ReportSection(
          title: "Stores compared",
          blocks: [
            .table(
              DataTable(
                // The windows are the subtitle's: a column of dates made the table too wide
                // for a page.
                caption:
                  "Key figures of each store's last \(counted(range.days, "day")) against the "
                  + "\(counted(range.days, "day")) before",
                columns: [
                  .init("Store"), .init("Revenue", .numeric),
                  .init("Change", .numeric), .init("Orders", .numeric),
                  .init("Change", .numeric), .init("Average order", .numeric),
                  .init("Change", .numeric), .init("Customers", .numeric),
                ],
                // Only with one day for all: each store's own today would make its row a
                // different window from the sum's.
                rows: zip(names, rows).map { tableRow($0, $1.metrics) }
                  + (rows.count > 1 && date != nil ? [tableRow("Together", together)] : []),
                emptyMessage: "No stores yet.")),
            .chart(
              GroupedBarChart(
                title: "Revenue per store, now and before",
                description:
                  "Each store's revenue over its last \(counted(range.days, "day")) beside the "
                  + "\(counted(range.days, "day")) before.",
                categories: names,
                series: [
                  ChartSeries(
                    name: "Last \(counted(range.days, "day"))",
                    values: rows.map { $0.metrics.totalRevenue.doubleValue }),
                  ChartSeries(
                    name: "Previous \(counted(range.days, "day"))",
                    values: rows.map { $0.metrics.previousRevenue.doubleValue }),
                ], format: money, emptyMessage: "No stores yet.")),
          ]),
        ReportSection(
          title: "\(name) together, \(windowText(window))",
          blocks: [
            .cards(cards(together) + sameStoreCards(together)),
            .table(salesTable(together)),
          ]),
        ReportSection(
          title: "Top categories of \(name.lowercased())", blocks: categoryBlocks(categories)),
        ReportSection(title: "Top items of \(name.lowercased())", blocks: itemBlocks(items)),
      ])
  }

  /// Same-store revenue and orders, when some stores traded in both windows.
  static func sameStoreCards(_ metrics: StoreMetrics) -> [SummaryCard] {
    guard let same = metrics.sameStore, !same.storeIds.isEmpty else { return [] }
    let comparison = "\(counted(same.storeIds.count, "store")) open in both windows"
    return [
      SummaryCard(
        label: "Same-store revenue", value: money.string(same.revenue.doubleValue),
        change: Change(
          current: same.revenue.doubleValue, previous: same.previousRevenue.doubleValue),
        comparison: comparison),
      SummaryCard(
        label: "Same-store orders", value: ValueFormat.integer.string(Double(same.orders)),
        change: Change(current: Double(same.orders), previous: Double(same.previousOrders)),
        comparison: comparison),
    ]
  }

  /// Labor against sales: cards, then labor as a share of sales by hour of the day (where the
  /// schedule outruns the orders), with the hours' figures as a table.
  static func laborBlocks(_ labor: LaborReport) -> [ReportBlock] {
    func percent(_ value: Double?) -> String {
      value.map { ValueFormat(decimals: 1).string($0) + "%" } ?? "—"
    }
    let total = labor.total
    let worked = labor.hours.enumerated().filter { $0.element.seconds > 0 }
    return [
      .cards([
        SummaryCard(
          label: "Labor cost", value: money.string(total.cost.doubleValue),
          comparison: "\(percent(total.percentOfSales)) of net sales"),
        SummaryCard(
          label: "Hours worked", value: ValueFormat(decimals: 2).string(total.hours.doubleValue),
          comparison:
            "\(counted(labor.shifts, "shift")), \(counted(labor.employees, "employee"))"),
        SummaryCard(
          label: "Sales per labor hour",
          value: total.salesPerLaborHour.map { money.string($0.doubleValue) } ?? "—",
          comparison: "net sales ÷ hours worked"),
      ]),
      .chart(
        BarChart(
          title: "Labor cost as a share of sales, by hour",
          description:
            "Labor cost of each local hour over the window as a percent of that hour's net "
            + "sales; hours with labor and no sales are left out of the bars (see the table).",
          data: worked.compactMap { hour, figures in
            figures.percentOfSales.map { ChartDatum(StoreWire.hourLabel(hour), $0) }
          }, format: ValueFormat(decimals: 1, unit: "%"),
          emptyMessage: "No hour had both labor and sales.")),
      .table(
        DataTable(
          caption: "Labor by hour of the day",
          columns: [
            .init("Hour"), .init("Hours worked", .numeric), .init("Labor cost", .numeric),
            .init("Net sales", .numeric), .init("Labor % of sales", .numeric),
            .init("Sales per labor hour", .numeric),
          ],
          rows: worked.map { hour, figures in
            [
              StoreWire.hourLabel(hour), ValueFormat(decimals: 2).string(figures.hours.doubleValue),
              money.string(figures.cost.doubleValue), money.string(figures.netSales.doubleValue),
              percent(figures.percentOfSales),
              figures.salesPerLaborHour.map { money.string($0.doubleValue) } ?? "—",
            ]
          })),
    ]
  }

  /// The menu-engineering matrix as Kasavana and Smith draw it: each item by its mix share
  /// (across) and unit margin (up), the popularity threshold and the average margin dividing
  /// stars, plowhorses, puzzles and dogs; then the items as a table.
  static func menuBlocks(_ matrix: MenuMatrix) -> [ReportBlock] {
    let labels: [MenuMatrix.Label] = [.star, .plowhorse, .puzzle, .dog]
    let percent = ValueFormat(decimals: 1, unit: "%")
    return [
      .chart(
        ScatterChart(
          title: "Menu engineering: popularity against margin",
          description:
            "Each item's share of the items sold against its unit contribution margin (price "
            + "less unit cost) over \(windowText(matrix.range)); popular from "
            + "\(percent.string(matrix.popularityThreshold)) (70% of an equal share), profitable "
            + "from the menu's average margin, \(money.string(matrix.averageMargin.doubleValue)).",
          points: matrix.items.map {
            ScatterPoint(
              $0.name, x: $0.mixPercent, y: $0.unitMargin.doubleValue,
              group: labels.firstIndex(of: $0.label) ?? 0)
          },
          groups: ["Star", "Plowhorse", "Puzzle", "Dog"], xTitle: "Mix share",
          yTitle: "Unit margin", xFormat: percent, yFormat: money,
          xReference: (matrix.popularityThreshold, "popular from here"),
          yReference: (matrix.averageMargin.doubleValue, "average margin"),
          emptyMessage: "No item with a cost was sold in this window.")),
      .table(
        DataTable(
          caption: "Items by contribution",
          columns: [
            .init("Item"), .init("Class"), .init("Sold", .numeric), .init("Mix", .numeric),
            .init("Unit margin", .numeric), .init("Contribution", .numeric),
          ],
          rows: matrix.items.map {
            [
              $0.name, $0.label.rawValue, quantityText($0.quantity), percent.string($0.mixPercent),
              money.string($0.unitMargin.doubleValue), money.string($0.contribution.doubleValue),
            ]
          }, emptyMessage: "No item with a cost was sold in this window.")),
    ]
      + (matrix.withoutCost.isEmpty
        ? []
        : [
          .paragraph(
            "Sold without a cost (left out): " + matrix.withoutCost.joined(separator: ", "))
        ])
  }

  static func cards(_ metrics: StoreMetrics) -> [SummaryCard] {
    let changes = metrics.changes
    let comparison = "vs \(windowText(metrics.previous))"
    return [
      SummaryCard(
        label: "Revenue", value: money.string(metrics.totalRevenue.doubleValue),
        change: changes.revenue, comparison: comparison),
      SummaryCard(
        label: "Orders", value: ValueFormat.integer.string(Double(metrics.totalOrders)),
        change: changes.orders, comparison: comparison),
      SummaryCard(
        label: "Average order", value: money.string(metrics.averageOrderValue.doubleValue),
        change: changes.averageOrderValue, comparison: comparison),
      SummaryCard(
        label: "Customers", value: customersText(metrics.uniqueCustomers),
        comparison: "not compared"),
    ]
  }

  /// Net sales from gross, the owner's first question: what discounts, comps and refund lines
  /// took off, tips beside (not sales), and the orders cancelled or refunded whole.
  static func salesTable(_ metrics: StoreMetrics) -> DataTable {
    let parts = metrics.parts
    func row(_ label: String, _ amount: FixedDecimal) -> [String] {
      [label, money.string(amount.doubleValue)]
    }
    return DataTable(
      caption: "Sales of completed orders",
      columns: [.init("Figure"), .init("Amount", .numeric)],
      rows: [
        row("Gross sales", parts.gross), row("Less discounts", parts.discounts),
        row("Less comps", parts.comps), row("Less refunds", parts.refunds),
        row("Net sales (revenue)", parts.net), row("Tax", metrics.totalTax),
        row("Tips (not sales)", parts.tips),
        row("Cancelled orders (\(metrics.cancelled.orders))", metrics.cancelled.amount),
        row("Refunded orders (\(metrics.refunded.orders))", metrics.refunded.amount),
      ])
  }

  static func categoryBlocks(_ categories: [CategorySales]) -> [ReportBlock] {
    func name(_ row: CategorySales) -> String {
      row.subcategory.map { "\(row.category) / \($0)" } ?? row.category
    }
    return [
      .chart(
        HorizontalBarChart(
          title: "Revenue by category",
          description:
            "The \(counted(categories.count, "category", "categories")) with the most revenue in "
            + "the window.",
          data: categories.map { ChartDatum(name($0), $0.totalRevenue) }, format: money,
          emptyMessage: "No orders in this window.")),
      .table(
        DataTable(
          caption: "Top \(topLimit) categories",
          columns: [
            .init("Category"), .init("Orders", .numeric), .init("Items sold", .numeric),
            .init("Revenue", .numeric),
          ],
          rows: categories.map {
            [
              name($0), ValueFormat.integer.string(Double($0.orderCount)),
              quantityText($0.itemsSold),
              money.string($0.totalRevenue.doubleValue),
            ]
          }, emptyMessage: "No orders in this window.")),
    ]
  }

  /// A quantity grouped by thousands, with the decimals it has (`1,204`, `12.375`).
  static func quantityText(_ value: Quantity) -> String {
    let decimals = value.description.split(separator: ".").dropFirst().first?.count ?? 0
    return ValueFormat(decimals: decimals).string(value.doubleValue)
  }

  static func itemBlocks(_ items: [ItemSales]) -> [ReportBlock] {
    [
      .chart(
        HorizontalBarChart(
          title: "Revenue by item",
          description: "The \(counted(items.count, "item")) with the most revenue in the window.",
          data: items.map { ChartDatum($0.itemName, $0.totalRevenue) }, format: money,
          emptyMessage: "No orders in this window.")),
      .table(
        DataTable(
          caption: "Top \(topLimit) items",
          columns: [
            .init("Item"), .init("Orders", .numeric), .init("Quantity", .numeric),
            .init("Revenue", .numeric), .init("Average price", .numeric),
          ],
          rows: items.map {
            [
              $0.itemName, ValueFormat.integer.string(Double($0.timesOrdered)),
              quantityText($0.totalQuantity),
              money.string($0.totalRevenue.doubleValue), money.string($0.averagePrice.doubleValue),
            ]
          }, emptyMessage: "No orders in this window.")),
    ]
  }

  static func windowText(_ range: DayRange) -> String {
    range.dayCount == 1 ? "\(range.start)" : "\(range.start) to \(range.end)"
  }

  /// A change as a card writes it ("▲ up 12.3%", "—" from zero), for table cells.
  static func changeText(_ change: Change) -> String {
    SummaryCard(label: "", value: "", change: change).changeText
  }

  /// Unknown customers (orders without customer ids) show as "—", as in the CLI's table.
  static func customersText(_ customers: Int?) -> String {
    customers.map { ValueFormat.integer.string(Double($0)) } ?? "—"
  }
}
