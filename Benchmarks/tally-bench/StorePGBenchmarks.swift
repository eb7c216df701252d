import AnalyticsCore
import ArgumentParser
import Foundation
import PostgresNIO
import StoreAnalytics
import StorePostgres
import StoreSQLite

extension TallyBench {
  /// `tally-bench store-pg --pg URL`: StoreAnalytics on PostgreSQL.
  struct StorePG: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "store-pg",
      abstract: "StoreAnalytics on PostgreSQL: import, queries, the seed's scanning SQL.",
      discussion: """
        Imports the file of ../shared/bench/store-lines.py (1,000,000 orders, 2.2M lines) into a
        fresh schema, beside PostgreSQL's own COPY of the same file into a bare table (psql), then
        times Tally's aggregate reads against the seed's approach (a function and a view scanning
        the orders per request, migration 024's shape, with an index on store and day).

        Example:
          scripts/build-release tally-bench && scripts/with-postgres bash -c '.build/release/tally-bench store-pg --pg "$TALLY_TEST_PG_URL"'
        """)

    @OptionGroup var options: BenchOptions
    @Option(help: "The PostgreSQL server (postgres://user@host:port/dbname).") var pg: String
    @Option(help: "Orders in the generated file.") var orders = 1_000_000
    @Option(help: "The generator of the order-line file.")
    var generator = "../shared/bench/store-lines.py"

    func run() throws {
      try withScratchFolder { folder in
        let (cases, close) = try StorePGBenchmarks.cases(
          url: pg, orders: orders, generator: generator, scratch: folder)
        defer { close() }
        try Harness.run(cases, iterations: options.iterations, filter: options.filter)
      }
    }
  }
}

enum StorePGBenchmarks {
  /// The cases, and what closes their direct connection (postgres-nio requires it closed).
  static func cases(url: String, orders: Int, generator: String, scratch: String) throws
    -> (cases: [BenchmarkCase], close: () -> Void)
  {
    let csv = scratch + "/store-lines.csv"
    try run("/usr/bin/env", ["python3", generator, csv, String(orders)])
    let lineCount = try String(contentsOfFile: csv, encoding: .utf8).utf8.count { $0 == 10 } - 1
    let size = "30 stores, \(orders) orders, \(lineCount) lines"
    let environment = ProcessInfo.processInfo.environment
    var round = 0
    var store: ShopAnalytics?
    var schema = ""
    func prepared() throws -> ShopAnalytics {
      if let store { return store }
      round += 1
      schema = "bench_\(ProcessInfo.processInfo.processIdentifier)_\(round)"
      let fresh = try StoreBackends.sqlite.withPostgreSQL().open(
        .postgres(url: url + (url.contains("?") ? "&" : "?") + "schema=" + schema),
        environment: environment)
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: csv))
      defer { try? handle.close() }
      _ = try fresh.importFile(
        named: "store-lines.csv",
        read: { try handle.read(upToCount: ShopAnalytics.fileChunkSize) })
      store = fresh
      return fresh
    }
    var cases: [BenchmarkCase] = [
      BenchmarkCase(
        name: "store-pg.copy-bare", size: size,
        target: "(reference: psql \\copy of the file into a table without keys)", runs: 1
      ) {
        try psql(
          url,
          """
          DROP TABLE IF EXISTS public.bench_bare_lines;
          CREATE TABLE public.bench_bare_lines (order_id text, store_id text, placed_at text,
            status text, customer_id text, item_id text, item_name text, category text,
            quantity text, unit_price text);
          """, "\\copy public.bench_bare_lines FROM '\(csv)' CSV HEADER")
      },
      BenchmarkCase(
        name: "store-pg.import", size: size,
        target: String(format: "≥ 100000 lines/s (≤ %.0f ms)", Double(lineCount) / 100), runs: 1
      ) {
        store = nil
        _ = try prepared()
      },
    ]
    let asOf = try LocalDate(parsing: "2025-12-31")
    let year = try DayRange.lastDays(365, asOf: asOf)
    let previous = try DayRange.lastDays(365, asOf: year.start.adding(days: -1))
    func query(_ name: String, target: String, _ body: @escaping (ShopAnalytics) throws -> Void) {
      cases.append(
        BenchmarkCase(name: name, size: size, target: target, runs: 60) { try body(prepared()) })
    }
    // The seed's approach: every request scans the orders of its window (migration 024's
    // `get_store_metrics` and `analytics_daily_stats` are a function and a view over the orders).
    var seedReady = ""
    var direct: PostgresConnection?
    func seed(
      _ name: String, target: String = "(the seed's scan, per request)", runs: Int = 10,
      _ sql: @escaping () -> String
    ) {
      cases.append(
        BenchmarkCase(name: name, size: size, target: target, runs: runs) {
          _ = try prepared()
          if seedReady != schema {
            if direct == nil {
              let location = try PostgresLocation(url: url, environment: environment)
              direct = try PostgresConnection.connect(
                on: PostgresConnection.defaultEventLoopGroup.any(),
                configuration: .init(
                  host: location.host, port: location.port, username: location.user,
                  password: location.password, database: location.database, tls: .disable),
                id: 1, logger: Logger(label: "tally-bench")
              ).wait()
            }
            let setup = """
              SET search_path TO \(schema);
              CREATE INDEX IF NOT EXISTS seed_orders_store_day
                ON store_order (store_id, local_date, status);
              CREATE OR REPLACE VIEW analytics_daily_stats AS
                SELECT store_id, local_date AS date, COUNT(*) AS total_orders,
                       SUM(subtotal_cents) / 100.0 AS total_revenue,
                       SUM(tax_cents) / 100.0 AS total_tax,
                       SUM(total_cents) / 100.0 AS total_with_tax,
                       AVG(subtotal_cents) / 100.0 AS avg_order_value,
                       COUNT(DISTINCT customer_id) AS unique_customers
                FROM store_order WHERE status = 'completed' GROUP BY store_id, local_date;
              CREATE OR REPLACE FUNCTION get_store_metrics(p_store text, p_first date,
                  p_last date, p_previous_first date, p_previous_last date)
                RETURNS TABLE (total_revenue numeric, total_orders bigint,
                               avg_order_value numeric, unique_customers bigint,
                               revenue_change numeric, orders_change bigint)
                LANGUAGE sql STABLE AS $$
                  WITH cur AS (
                    SELECT SUM(subtotal_cents) / 100.0 AS revenue, COUNT(*) AS orders,
                           COUNT(DISTINCT customer_id) AS customers
                    FROM store_order WHERE store_id = p_store AND status = 'completed'
                      AND local_date BETWEEN p_first AND p_last),
                  prev AS (
                    SELECT SUM(subtotal_cents) / 100.0 AS revenue, COUNT(*) AS orders
                    FROM store_order WHERE store_id = p_store AND status = 'completed'
                      AND local_date BETWEEN p_previous_first AND p_previous_last)
                  SELECT cur.revenue, cur.orders, cur.revenue / NULLIF(cur.orders, 0),
                         cur.customers,
                         (cur.revenue - prev.revenue) / NULLIF(prev.revenue, 0) * 100,
                         cur.orders - prev.orders
                  FROM cur, prev
                $$;
              ANALYZE store_order
              """
            // One command per query: postgres-nio prepares every query.
            for statement in setup.components(separatedBy: ";\n") {
              _ = try direct!.query(
                PostgresQuery(unsafeSQL: statement), logger: Logger(label: "tally-bench")
              ).wait()
            }
            seedReady = schema
          }
          _ = try direct!.query(
            PostgresQuery(unsafeSQL: sql()), logger: Logger(label: "tally-bench")
          )
          .wait()
        })
    }
    // The floor under any answer from PostgreSQL here: one trivial query on one connection,
    // through postgres-nio, a round trip on loopback. A ratio to the seed's scan cannot exceed
    // the scan's time over this.
    seed("store-pg.round-trip", target: "(the floor: SELECT 1, one round trip)", runs: 60) {
      "SELECT 1"
    }
    query("store-pg.metrics-year", target: "≤ 5 ms") {
      _ = try $0.metrics(storeId: "s7", range: .year, asOf: asOf, calendar: false)
    }
    seed("store-pg.metrics-year.seed") {
      "SELECT * FROM get_store_metrics('s7', '\(year.start)', '\(year.end)', '\(previous.start)', '\(previous.end)');"
    }
    query("store-pg.daily-30", target: "≤ 5 ms") {
      _ = try $0.daily(storeId: "s7", limit: 30, asOf: asOf)
    }
    seed("store-pg.daily-30.seed") {
      "SELECT * FROM analytics_daily_stats WHERE store_id = 's7' ORDER BY date DESC LIMIT 30;"
    }
    return (cases, { try? direct?.close().wait() })
  }

  /// Runs commands through psql, one `-c` each (PostgreSQL's own client for the reference COPY).
  static func psql(_ url: String, _ commands: String...) throws {
    try run(
      "/usr/bin/env",
      ["psql", url, "-qAtX", "-v", "ON_ERROR_STOP=1"] + commands.flatMap { ["-c", $0] })
  }

  static func run(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TallyError.refused("\(arguments.prefix(2).joined(separator: " ")) failed")
    }
  }
}
