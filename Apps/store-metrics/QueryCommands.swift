import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import StoreAnalytics

extension StoreJSON {
  static func shop(_ shop: Shop) -> JSONObject {
    ["id": .string(shop.id), "name": .string(shop.name), "time_zone": .string(shop.timeZone)]
  }
}

extension StoreMetricsCommand {
  struct Daily: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Daily totals of completed orders, newest first.",
      discussion: "Example:\n  store-metrics daily --store downtown --limit 7 --format json")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "The most days to show.") var limit: Int = 30

    func run() throws {
      let (db, asOf) = try store.open(global)
      let days = try db.daily(storeId: store.store, limit: max(1, limit), asOf: asOf)
      let rows: [JSONObject] = days.map {
        [
          "store_id": .string($0.storeId), "date": .date($0.date),
          "total_orders": .int($0.totalOrders),
          "total_revenue": .decimal($0.totalRevenue), "total_tax": .decimal($0.totalTax),
          "total_with_tax": .decimal($0.totalWithTax),
          "avg_order_value": .decimal($0.averageOrderValue),
          "unique_customers": .int($0.uniqueCustomers),
        ]
      }
      let chart = days.reversed().map {
        RevenueBucket(label: "\($0.date)", orders: $0.totalOrders, revenue: $0.totalRevenue)
      }
      Terminal.writeOutput(StoreJSON.render(rows, chart: chart, format: global.format))
    }
  }

  struct Hourly: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The 24 hours of the as-of day in the store's zone, zero-filled.",
      discussion: "Example:\n  store-metrics hourly --store downtown --as-of 2026-02-08")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption

    func run() throws {
      let (db, asOf) = try store.open(global)
      let hours = try db.hourly(storeId: store.store, date: asOf)
      let rows: [JSONObject] = hours.enumerated().map { hour, bucket in
        [
          "store_id": .string(store.store), "hour": .int(hour), "orders": .int(bucket.orders),
          "revenue": .decimal(bucket.revenue),
        ]
      }
      Terminal.writeOutput(StoreJSON.render(rows, chart: hours, format: global.format))
    }
  }

  struct TimeDistribution: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "time-distribution",
      abstract: "Orders by part of day: Breakfast 06–10, Lunch 11–14, Dinner 15–20, Late Night.",
      discussion:
        "Default: all time. Example:\n  store-metrics time-distribution --store downtown --range month"
    )
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "Only this window: today, week, month, quarter or year.") var range: MetricsRange?

    func run() throws {
      let (db, asOf) = try store.open(global)
      let window = range?.windows(asOf: asOf, calendar: false).current
      let parts = try db.timeDistribution(storeId: store.store, range: window)
      let rows: [JSONObject] = parts.map {
        [
          "store_id": .string(store.store), "time_period": .string($0.label),
          "order_count": .int($0.orders), "revenue": .decimal($0.revenue),
        ]
      }
      Terminal.writeOutput(StoreJSON.render(rows, chart: parts, format: global.format))
    }
  }

  struct Categories: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Category sales by revenue; all stores unless --store.",
      discussion: "Example:\n  store-metrics categories --limit 5")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this store.", valueName: "id")) var store: String?
    @Option(help: "The most rows to show.") var limit: Int = 10

    func run() throws {
      let rows = try global.openStoreMetrics().categories(storeId: store, limit: max(1, limit))
      let objects: [JSONObject] = rows.map {
        [
          "category": .string($0.category), "subcategory": .string($0.subcategory),
          "order_count": .int($0.orderCount), "items_sold": .int($0.itemsSold),
          "total_revenue": .decimal($0.totalRevenue),
        ]
      }
      let chart = rows.map {
        RevenueBucket(
          label: $0.category + ($0.subcategory.map { " / " + $0 } ?? ""), orders: $0.orderCount,
          revenue: $0.totalRevenue)
      }
      Terminal.writeOutput(StoreJSON.render(objects, chart: chart, format: global.format))
    }
  }

  struct Popular: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "A store's best-selling items by revenue.",
      discussion: "Example:\n  store-metrics popular --store downtown --limit 10")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "The most rows to show.") var limit: Int = 5

    func run() throws {
      let rows = try global.openStoreMetrics().popular(storeId: store.store, limit: max(1, limit))
      let objects: [JSONObject] = rows.map {
        [
          "store_id": .string($0.storeId), "menu_item_id": .int(Int($0.menuItemId)),
          "item_name": .string($0.itemName), "times_ordered": .int($0.timesOrdered),
          "total_quantity": .int($0.totalQuantity), "total_revenue": .decimal($0.totalRevenue),
          "avg_price": .decimal($0.averagePrice),
        ]
      }
      let chart = rows.map {
        RevenueBucket(label: $0.itemName, orders: $0.timesOrdered, revenue: $0.totalRevenue)
      }
      Terminal.writeOutput(StoreJSON.render(objects, chart: chart, format: global.format))
    }
  }

  struct Metrics: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "KPIs of a window against the previous window of equal length.",
      discussion: """
        Windows end on the as-of day: today 1 day, week 7, month 30, quarter 90, year 365; the
        previous window is the same number of days right before. With --calendar: this
        week/month/quarter/year so far against the same span of the previous one.
        revenue_change is a percent (null when the previous revenue is 0); orders_change is the
        difference in orders.

        Example:
          store-metrics metrics --store downtown --range month --format json
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "today, week, month, quarter or year.") var range: MetricsRange = .today
    @Flag(help: "Calendar periods so far instead of rolling windows.") var calendar = false

    func run() throws {
      let (db, asOf) = try store.open(global)
      let metrics = try db.metrics(
        storeId: store.store, range: range, asOf: asOf, calendar: calendar)
      let object: JSONObject = [
        "total_revenue": .decimal(metrics.totalRevenue), "total_orders": .int(metrics.totalOrders),
        "avg_order_value": .decimal(metrics.averageOrderValue),
        "unique_customers": .int(metrics.uniqueCustomers),
        "revenue_change": .number(metrics.revenueChange, decimals: 1),
        "orders_change": .int(metrics.ordersChange),
        "orders_change_percent": .number(metrics.ordersChangePercent, decimals: 1),
        "period": .object([
          "start": .date(metrics.current.start), "end": .date(metrics.current.end),
          "previous_start": .date(metrics.previous.start),
          "previous_end": .date(metrics.previous.end),
        ]),
      ]
      global.print(object: object)
    }
  }

  struct Chart: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The revenue chart of a window, zero-filled and chronological.",
      discussion: """
        today: 24 hourly points (12am…11pm); week: 7 days (Mon…); month: 30 days (Feb 8);
        quarter: Monday weeks (Week of Feb 2); year: months (Mar 2025), 13 for a 365-day window.

        Example:
          store-metrics chart --store downtown --range week
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "today, week, month, quarter or year.") var range: MetricsRange = .today

    func run() throws {
      let (db, asOf) = try store.open(global)
      let points = try db.chart(storeId: store.store, range: range, asOf: asOf)
      let rows: [JSONObject] = points.map {
        [
          "time_label": .string($0.label), "revenue": .decimal($0.revenue),
          "orders": .int($0.orders),
        ]
      }
      Terminal.writeOutput(StoreJSON.render(rows, chart: points, format: global.format))
    }
  }
}
