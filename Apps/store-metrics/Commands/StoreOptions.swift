import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import Foundation
import StoreAnalytics

extension MetricsRange: ExpressibleByArgument {}

/// `--store ID`.
struct StoreOption: ParsableArguments {
  @Option(
    help: ArgumentHelp("The store id.", valueName: "id"),
    completion: storeCompletion)
  var store: String

  /// The database and the as-of day in this store's zone (an unknown store is an error here).
  func open(_ global: GlobalOptions) throws -> (db: ShopAnalytics, asOf: LocalDate) {
    let db = try global.openStoreMetricsToRead()
    return (db, global.asOf(in: try db.store(store).zone))
  }
}

/// `--store ID`, repeatable: one store, a group (`--store A --store B`), or without it every
/// store, the chain.
struct StoreGroupOption: ParsableArguments {
  @Option(
    name: .customLong("store"),
    help: ArgumentHelp(
      "A store id; repeat it for a group (default: every store, the chain).", valueName: "id"),
    completion: storeCompletion)
  var stores: [String] = []

  /// The database, the group and the as-of day: one store's in its zone; a group's in
  /// --time-zone (each store's days are still its own local days).
  func open(_ global: GlobalOptions) throws -> (
    db: ShopAnalytics, group: StoreGroup, asOf: LocalDate
  ) {
    let db = try global.openStoreMetricsToRead()
    let group = try db.group(stores)
    let asOf = group.stores.count == 1 ? global.asOf(in: group.stores[0].zone) : global.asOf
    return (db, group, asOf)
  }
}

/// Store ids complete from the database the command would use.
let storeCompletion = DatabaseCompletion.kind(app: StoreAnalyticsModule.appName) { location, _ in
  try StoreMetricsProgram.open(location, clock: .system).stores().map(\.id)
}

extension GlobalOptions {
  /// The store database: a `postgres://` URL (`--db` or `$TALLY_STORE_DB`) is PostgreSQL,
  /// anything else an SQLite file.
  func openStoreMetrics() throws -> ShopAnalytics {
    try StoreMetricsProgram.open(
      databaseLocation(app: StoreAnalyticsModule.appName), clock: clock)
  }

  /// The store database for a command that only reads: none yet is said, not made.
  func openStoreMetricsToRead() throws -> ShopAnalytics {
    // A PostgreSQL schema is made by connecting, as it always was; a file is not made by a read.
    if case .postgres = StoreLocation(databaseLocation(app: StoreAnalyticsModule.appName)) {
      return try openStoreMetrics()
    }
    return try StoreMetricsProgram.open(
      databaseLocationToRead(
        app: StoreAnalyticsModule.appName,
        madeBy: "the first stores add, import or import-split"),
      clock: clock)
  }
}

/// The table rendering of store reports: rows, then a bar chart of revenue.
enum StoreOutput {
  /// The rows (an empty CSV still has the header of `columns`), and in table format a bar chart
  /// of revenue by label.
  static func render(
    _ rows: [JSONObject], columns: [String], chart: [(label: String, revenue: FixedDecimal)],
    format: OutputFormat
  ) -> String {
    var out = format.render(rows: rows, columns: columns)
    if format == .table, chart.contains(where: { $0.revenue > .zero }) {
      out += "\n" + BarChart.render(chart.map { ($0.label, $0.revenue.doubleValue) })
    }
    return out
  }
}

extension StoreOutput {
  /// Metrics as a table: the windows' days first, in words rather than `period.…` keys, then the
  /// figures; an unknown customer count shows as `—`.
  static func metricsTable(_ metrics: StoreMetrics, stores group: StoreGroup? = nil) -> String {
    func days(_ range: DayRange) -> JSONValue {
      .string("\(range.start) to \(range.end) (\(counted(range.dayCount, "day")))")
    }
    var object: JSONObject = [
      "window": days(metrics.current), "compared_with": days(metrics.previous),
    ]
    if let group, group.stores.count > 1 {
      object["stores"] = .string(group.ids.joined(separator: ", "))
    }
    for field in StoreWire.metrics(metrics).fields where field.key != "period" {
      if field.key == "same_store", case .object(let same) = field.value {
        // Flat rows: a table cell cannot hold an object.
        for part in same.fields {
          let key = "same_store_" + part.key
          if case .array(let ids) = part.value {
            object[key] = .string(ids.compactMap(\.plainText).joined(separator: ", "))
          } else if percentFields.contains(part.key) {
            object[key] = .string(part.value.plainText.map { $0 + "%" } ?? "—")
          } else {
            object[key] = part.value
          }
        }
      } else if field.key == "unique_customers" && field.value == .null {
        object[field.key] = .string("—")
      } else if percentFields.contains(field.key) {
        // A percent beside a count (orders_change) reads as one without its sign.
        object[field.key] = .string(field.value.plainText.map { $0 + "%" } ?? "—")
      } else {
        object[field.key] = field.value
      }
    }
    return TableWriter.write(keyValue: object)
  }

  /// The metrics that are percents (the JSON keeps them numbers, as the seed's API does).
  static let percentFields: Set<String> = [
    "revenue_change", "orders_change_percent", "cancellation_rate", "refund_rate",
  ]
}

extension Comparison: ExpressibleByArgument {}

/// `--start D [--end D]`: an explicit range of days, each `YYYY-MM-DD`, `today`, `yesterday` or
/// a weekday (`mon`: the most recent one), read against the as-of day.
struct DayRangeOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The first day: YYYY-MM-DD, today, yesterday or a weekday (mon…).", valueName: "day"),
    transform: { try DayReference(parsing: $0) })
  var start: DayReference?
  @Option(
    help: ArgumentHelp("The last day (default: the as-of day).", valueName: "day"),
    transform: { try DayReference(parsing: $0) })
  var end: DayReference?

  var isGiven: Bool { start != nil }

  func validate() throws {
    if end != nil && start == nil { throw ValidationError("--end needs --start") }
  }

  /// Refuses `--start` beside `--range` (`range` non-nil).
  func refuseWith(_ range: MetricsRange?) throws {
    if range != nil && isGiven { throw ValidationError("give --range or --start, not both") }
  }

  /// The range, or `nil` without `--start`.
  func range(asOf: LocalDate) throws -> DayRange? {
    guard let start else { return nil }
    return try DayRange(start: start.resolve(asOf: asOf), end: end?.resolve(asOf: asOf) ?? asOf)
  }

  /// The days given, else the rolling `range` (else `standard`) ending on the as-of day.
  func window(_ range: MetricsRange?, standard: MetricsRange, asOf: LocalDate) throws -> DayRange {
    try self.range(asOf: asOf) ?? (range ?? standard).windows(asOf: asOf, calendar: false).current
  }
}
