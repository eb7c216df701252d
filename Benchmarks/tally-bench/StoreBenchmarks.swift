import AnalyticsCore
import Foundation
import GRDB
import Storage
import StoreAnalytics
import StoreSQLite

/// StoreAnalytics cases: importing a CSV file of 2.5 million lines through the code
/// `store-metrics import` runs, `metrics --range year` in-process and as a whole process, and
/// every query against the same answer computed straight from the order tables with one SQL
/// query.
enum StoreBenchmarks {
  static let zones = [
    "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles",
  ]

  /// 29 stores, `orders` orders over two years ending 2026-02-28, 2.5 lines per order on average.
  static func generate(orders: Int) throws -> [OrderLineInput] {
    var generator = SeededGenerator(seed: 29)
    let items: [(name: String, category: String, sub: String?, price: FixedDecimal)] = (0..<40).map
    { index in
      let categories = ["Burgers", "Sandwiches", "Salads", "Sides", "Drinks", "Desserts"]
      return (
        "Item \(index)", categories[index % 6], index % 3 == 0 ? "Classic" : nil,
        FixedDecimal(hundredths: Int64(299 + index * 37))
      )
    }
    let start = try LocalDate(parsing: "2024-03-01")
    var lines: [OrderLineInput] = []
    lines.reserveCapacity(orders * 5 / 2)
    for order in 0..<orders {
      let store = "S\(order % 29)"
      let day = start.adding(days: Int.random(in: 0..<730, using: &generator))
      let hour = [7, 8, 11, 12, 12, 13, 17, 18, 18, 19, 20, 22][
        Int.random(in: 0..<12, using: &generator)]
      let when = LocalDateTime(
        date: day, time: TimeOfDay(hour: hour, minute: Int.random(in: 0..<60, using: &generator))!)
      let status: OrderStatus =
        Int.random(in: 0..<40, using: &generator) == 0 ? .cancelled : .completed
      let customer =
        Int.random(in: 0..<2, using: &generator) == 0
        ? nil : "c\(Int.random(in: 0..<5000, using: &generator))"
      for _ in 0..<(order % 2 == 0 ? 3 : 2) {
        let item = items[Int.random(in: 0..<items.count, using: &generator)]
        lines.append(
          OrderLineInput(
            source: TallyError.Source("generated"), orderId: "O\(order)", storeId: store,
            placedAt: .local(when),
            status: status, customerId: customer, itemName: item.name, category: item.category,
            subcategory: item.sub,
            quantity: Quantity(1 + Int.random(in: 0..<4, using: &generator) / 3),
            unitPrice: item.price, tax: FixedDecimal(hundredths: item.price.hundredths / 12)))
      }
    }
    return lines
  }

  /// Writes `lines` as the order-line CSV `store-metrics import` reads, in chunks.
  static func writeCSV(_ lines: [OrderLineInput], to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw TallyError.refused("cannot create \(path)")
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var text = "order_id,store_id,placed_at,status,customer_id,item_name,category,subcategory,"
    text += "quantity,unit_price,tax\n"
    for line in lines {
      guard case .local(let when, _) = line.placedAt else { continue }
      text += "\(line.orderId),\(line.storeId),\(when),\(line.status.rawValue),"
      text += "\(line.customerId ?? ""),\(line.itemName),\(line.category),"
      text += "\(line.subcategory ?? ""),\(line.quantity),\(line.unitPrice),\(line.tax)\n"
      if text.utf8.count > 1 << 20 {
        try handle.write(contentsOf: Data(text.utf8))
        text = ""
      }
    }
    try handle.write(contentsOf: Data(text.utf8))
  }

  /// Copies the latest chain database of a run (`store-N.sqlite`) to `path` with SQLite's online
  /// backup, so that what its write-ahead log holds is in the copy.
  static func keepDatabase(in scratch: String, at path: String) throws {
    let rounds = try FileManager.default.contentsOfDirectory(atPath: scratch).compactMap { name in
      name.hasPrefix("store-") && name.hasSuffix(".sqlite")
        ? Int(name.dropFirst(6).dropLast(7)) : nil
    }
    guard let round = rounds.max() else {
      throw TallyError.refused("no chain database was built: run a case that imports it")
    }
    try DatabaseQueue(path: scratch + "/store-\(round).sqlite").backup(to: DatabaseQueue(path: path))
  }

  static func cases(scratch: String, filter: String?) throws -> [BenchmarkCase] {
    let lines = try generate(orders: 1_000_000)
    let size = "29 stores, 1000000 orders, \(lines.count) lines"
    let csv = scratch + "/store-lines.csv"
    try writeCSV(lines, to: csv)
    var round = 0
    var store: ShopAnalytics?
    var path = ""
    // The same answers straight from the order tables go through a connection of their own: the
    // store's is kept inside its repository.
    var directQueue: DatabaseQueue?
    func prepared() throws -> ShopAnalytics {
      if let store { return store }
      round += 1
      directQueue = nil  // a new file: the direct reads must not stay on the old one
      path = scratch + "/store-\(round).sqlite"
      let fresh = try StoreBackends.sqlite.open(.sqlite(.file(path)), environment: [:])
      for (index, zone) in zones.enumerated() {
        for id in stride(from: index, to: 29, by: zones.count) {
          _ = try fresh.addStore(id: "S\(id)", name: "Store \(id)", zone: Zone(identifier: zone))
        }
      }
      // The file goes through the command's own path: read in chunks, parsed as bytes.
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: csv))
      defer { try? handle.close() }
      _ = try fresh.importFile(
        named: "store-lines.csv",
        read: { try handle.read(upToCount: ShopAnalytics.fileChunkSize) })
      store = fresh
      return fresh
    }
    let asOf = try LocalDate(parsing: "2026-02-28")
    var cases: [BenchmarkCase] = []
    if filter.map({ "store.import".contains($0) || $0.contains("store.import") }) ?? true {
      cases.append(
        BenchmarkCase(
          name: "store.import", size: size,
          target: String(format: "≥ 250000 lines/s (≤ %.0f ms)", Double(lines.count) / 250), runs: 1
        ) {
          store = nil
          _ = try prepared()
        })
    }
    func query(_ name: String, target: String, _ body: @escaping (ShopAnalytics) throws -> Void) {
      cases.append(
        BenchmarkCase(name: name, size: size, target: target, runs: 60) { try body(prepared()) })
    }
    func direct(_ name: String, _ sql: String, arguments: StatementArguments = []) {
      cases.append(
        BenchmarkCase(
          name: name, size: size, target: "(one SQL query on the order tables)", runs: 5
        ) {
          _ = try prepared()
          if directQueue == nil {
            directQueue = try DatabaseQueue(
              path: path, configuration: DatabaseOpener.configuration())
          }
          _ = try directQueue!.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments)
          }
        })
    }
    let year = try DayRange.lastDays(365, asOf: asOf)
    // Issue 34's queries in process (their whole processes are below), beside the same questions
    // asked of DuckDB in process by scripts/duckdb-side-by-side.
    query("store.heatmap-year", target: "(in process)") {
      _ = try $0.heatmap(storeId: "S7", range: year)
    }
    query("store.cohorts-12", target: "(in process)") {
      _ = try $0.cohorts(storeId: "S7", months: 12, asOf: asOf)
    }
    query("store.customers-year", target: "(in process)") {
      _ = try $0.customers(of: $0.store("S7"), range: year)
    }
    query("store.forecast-14", target: "(in process)") {
      _ = try $0.forecast(storeId: "S7", days: 14, asOf: asOf)
    }
    query("store.menu-year", target: "(in process)") {
      _ = try $0.menuEngineering(
        storeId: "S7", range: year,
        costs: MenuCosts(
          costs: Dictionary(
            uniqueKeysWithValues: (0..<40).map {
              ("Item \($0)", FixedDecimal(hundredths: Int64(100 * (1 + $0 % 7) + 25)))
            })))
    }
    query("store.metrics-year", target: "≤ 5 ms") {
      _ = try $0.metrics(storeId: "S7", range: .year, asOf: asOf, calendar: false)
    }
    // The same answer as a whole process, start-up included: the release `store-metrics` beside
    // this benchmark's binary.
    if let app = WholeProcess.sibling("store-metrics") {
      // What any command pays to start, and what this benchmark pays to start and reap it.
      cases.append(
        BenchmarkCase(
          name: "store.version.process", size: "no database", target: "≤ 5 ms (whole process)",
          runs: 30
        ) { try WholeProcess.run(app, ["--version"]) })
      cases.append(
        BenchmarkCase(
          name: "store.metrics-year.process", size: size, target: "≤ 10 ms (whole process)",
          runs: 30
        ) {
          _ = try prepared()
          try WholeProcess.run(
            app,
            [
              "metrics", "--store", "S7", "--range", "year", "--as-of", "2026-02-28", "--format",
              "json", "--db", path,
            ])
        })
      // Issue 34's commands, each a whole process against the chain: a year's heat map, 12
      // months of cohorts, a 14-day forecast, the year's menu matrix and dishes.
      let costs = scratch + "/store-costs.csv"
      try Data(
        ("item,unit_cost\n" + (0..<40).map { "Item \($0),\(1 + $0 % 7).25\n" }.joined()).utf8
      ).write(to: URL(fileURLWithPath: costs))
      for (name, target, arguments) in [
        ("store.heatmap-year.process", "≤ 10 ms", ["heatmap", "--range", "year"]),
        ("store.cohorts-12.process", "≤ 10 ms", ["cohorts", "--months", "12"]),
        ("store.customers-year.process", "≤ 10 ms", ["customers", "--range", "year"]),
        ("store.forecast-14.process", "≤ 10 ms", ["forecast", "--days", "14"]),
        ("store.menu-year.process", "≤ 10 ms", ["menu", "--range", "year", "--costs", costs]),
        ("store.popular-family.process", "≤ 50 ms", ["popular", "--by", "family"]),
      ] {
        cases.append(
          BenchmarkCase(name: name, size: size, target: target + " (whole process)", runs: 20) {
            _ = try prepared()
            try WholeProcess.run(
              app,
              arguments + [
                "--store", "S7", "--as-of", "2026-02-28", "--format", "json", "--db", path,
              ])
          })
      }
      // The HTML report of a year (issue 15): every query of the page, the page built and
      // written, start-up included.
      cases.append(
        BenchmarkCase(
          name: "store.report-year.process", size: size, target: "≤ 100 ms (whole process)",
          runs: 20
        ) {
          _ = try prepared()
          try WholeProcess.run(
            app,
            [
              "report", "--store", "S7", "--range", "year", "--as-of", "2026-02-28", "--output",
              "/dev/null", "--db", path,
            ])
        })
    }
    direct(
      "store.metrics-year.direct",
      """
      SELECT SUM(subtotal_cents), COUNT(*), COUNT(DISTINCT customer_id) FROM store_order
      WHERE store_id = 'S7' AND status = 'completed' AND local_date BETWEEN ? AND ?
      """, arguments: [year.start, year.end])
    query("store.chart-year", target: "≤ 5 ms") {
      _ = try $0.chart(storeId: "S7", range: .year, asOf: asOf)
    }
    direct(
      "store.chart-year.direct",
      """
      SELECT substr(local_date, 1, 7), SUM(subtotal_cents), COUNT(*) FROM store_order
      WHERE store_id = 'S7' AND status = 'completed' AND local_date BETWEEN ? AND ? GROUP BY 1
      """, arguments: [year.start, year.end])
    query("store.daily-30", target: "≤ 5 ms") {
      _ = try $0.daily(storeId: "S7", limit: 30, asOf: asOf)
    }
    direct(
      "store.daily-30.direct",
      """
      SELECT local_date, COUNT(*), SUM(subtotal_cents), SUM(tax_cents), SUM(total_cents),
             COUNT(DISTINCT customer_id)
      FROM store_order WHERE store_id = 'S7' AND status = 'completed'
      GROUP BY local_date ORDER BY local_date DESC LIMIT 30
      """)
    query("store.hourly", target: "≤ 5 ms") { _ = try $0.hourly(storeId: "S7", date: asOf) }
    direct(
      "store.hourly.direct",
      """
      SELECT local_hour, COUNT(*), SUM(subtotal_cents) FROM store_order
      WHERE store_id = 'S7' AND status = 'completed' AND local_date = ? GROUP BY local_hour
      """, arguments: [asOf])
    query("store.time-distribution", target: "≤ 5 ms") {
      _ = try $0.timeDistribution(storeId: "S7", range: nil)
    }
    direct(
      "store.time-distribution.direct",
      """
      SELECT CASE WHEN local_hour BETWEEN 6 AND 10 THEN 'Breakfast' WHEN local_hour BETWEEN 11 AND 14
             THEN 'Lunch' WHEN local_hour BETWEEN 15 AND 20 THEN 'Dinner' ELSE 'Late Night' END,
             COUNT(*), SUM(subtotal_cents)
      FROM store_order WHERE store_id = 'S7' AND status = 'completed' GROUP BY 1
      """)
    query("store.popular", target: "≤ 50 ms") { _ = try $0.popular(storeId: "S7", limit: 5) }
    direct(
      "store.popular.direct",
      """
      SELECT l.menu_item_id, COUNT(DISTINCT o.key), SUM(l.quantity_thousandths),
             SUM(l.subtotal_cents) AS r
      FROM store_order o JOIN order_line l ON l.order_key = o.key
      WHERE o.store_id = 'S7' AND o.status = 'completed' AND l.kind = 'sale'
      GROUP BY l.menu_item_id ORDER BY r DESC LIMIT 5
      """)
    query("store.categories", target: "≤ 50 ms") { _ = try $0.categories(storeId: nil, limit: 10) }
    direct(
      "store.categories.direct",
      """
      SELECT l.category, l.subcategory, COUNT(DISTINCT o.key), SUM(l.quantity_thousandths),
             SUM(l.subtotal_cents) AS r
      FROM store_order o JOIN order_line l ON l.order_key = o.key
      WHERE o.status = 'completed' AND l.kind = 'sale'
      GROUP BY l.category, l.subcategory ORDER BY r DESC LIMIT 10
      """)
    // Last, as it adds orders to the chain: one POS order of three lines, as `tally-server`
    // imports one (`scripts/load` measures the same through HTTP). Its cost must not follow the
    // history (issue 29).
    var posOrders = 0
    cases.append(
      BenchmarkCase(name: "store.pos-order", size: size, target: "(in process)", runs: 300) {
        let store = try prepared()
        posOrders += 1
        let when = LocalDateTime(date: asOf, time: TimeOfDay(hour: 12, minute: posOrders % 60)!)
        let customer: String? = posOrders % 2 == 0 ? nil : "c\(posOrders % 5000)"
        let categories = ["Burgers", "Sandwiches", "Salads"]
        var lines: [OrderLineInput] = []
        for line in 0..<3 {
          let price = FixedDecimal(hundredths: Int64(299 + line * 7 * 37))
          lines.append(
            OrderLineInput(
              source: TallyError.Source("pos"), orderId: "POS-\(round)-\(posOrders)",
              storeId: "S1", placedAt: .local(when), status: .completed, customerId: customer,
              itemName: "Item \(line * 7)", category: categories[line],
              subcategory: line == 0 ? "Classic" : nil, quantity: Quantity(1), unitPrice: price,
              tax: FixedDecimal(hundredths: price.hundredths / 12)))
        }
        _ = try store.importLines(lines)
      })
    return cases.filter { benchmark in filter.map { benchmark.name.contains($0) } ?? true }
  }
}
