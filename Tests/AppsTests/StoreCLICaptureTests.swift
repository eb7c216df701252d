import CLIKit
import Foundation
import StoreAnalytics
import Testing

@testable import StoreMetricsCommands

/// store-metrics run in-process (`CommandRunner.capture`) against a scratch database.
private struct Scratch {
  let folder = NSTemporaryDirectory() + "tally-store-capture-" + UUID().uuidString

  init() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func run(_ arguments: [String]) -> CommandRunner.Captured {
    CommandRunner.capture(
      StoreMetricsCommand.self, arguments: arguments + ["--db", folder + "/store.sqlite"])
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

private let header =
  "order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,unit_price"

@Suite("store-metrics in-process")
struct StoreCLICaptureTests {
  /// Issue 30: a closed day's export is a header and no rows; it was exit 65.
  @Test("a CSV with a header and no rows imports 0 orders, exit 0, and says so")
  func headerOnly() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let csv = try scratch.write("closed.csv", header + "\n")
    let result = scratch.run(["import", csv])
    #expect(result.status == 0)
    #expect(result.output == "Imported 0 new orders: closed.csv has a header and no rows.\n")
    #expect(result.error.isEmpty)
    let json = scratch.run(["import", csv, "--format", "json"])
    #expect(json.status == 0)
    #expect(json.output.contains("\"orders\": 0"))
  }

  @Test("an order after --as-of is refused on import, as the other apps refuse later days")
  func futureOrderAgainstAsOf() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    _ = scratch.run(["stores", "add", "S", "--time-zone", "UTC"])
    let csv = try scratch.write(
      "f.csv", header + "\nA,S,2016-01-02 10:00,completed,,Tea,Drinks,1,2.50\n")
    let result = scratch.run(["import", csv, "--as-of", "2015-12-31"])
    #expect(result.status == 65)
    #expect(result.error.contains("expected a day on or before 2015-12-31"))
    #expect(scratch.run(["import", csv, "--as-of", "2016-01-02"]).status == 0)
  }

  @Test("a negative value typed after its option reaches the domain's range check")
  func negativeValue() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    _ = scratch.run(["stores", "add", "S", "--time-zone", "UTC"])
    let result = scratch.run(["daily", "--store", "S", "--limit", "-5"])
    #expect(result.status == 64)
    #expect(!result.error.contains("Missing value"))
    #expect(result.error.contains("-5"))
  }

  @Test("a quantity of 0 is refused with the line and column, exit 65, nothing stored")
  func zeroQuantity() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let csv = try scratch.write(
      "q.csv", header + "\nA,S,2026-03-08 10:00,completed,,Tea,Drinks,0,2.50\n")
    let result = scratch.run(["import", csv])
    #expect(result.status == 65)
    #expect(
      result.error
        == "store-metrics: q.csv line 2: quantity \"0\" is not valid: expected a number above 0 up to 100000, with at most 3 decimals (0.375 when weighed)\n"
    )
    let jsonl = try scratch.write(
      "q.jsonl",
      #"{"order_id": "A", "store_id": "S", "placed_at": "2026-03-08T10:00:00Z", "item_name": "Tea", "category": "Drinks", "quantity": 0, "unit_price": 2.5}"#
    )
    let json = scratch.run(["import", jsonl])
    #expect(json.status == 65)
    #expect(json.error.hasPrefix("store-metrics: q.jsonl line 1: quantity \"0\" is not valid"))
    #expect(scratch.run(["stores", "list", "--format", "csv"]).output == "id,name,time_zone\r\n")
  }

  @Test("stores edit: a corrected zone moves instant orders to their new local day")
  func editZone() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // 2026-03-08T05:01Z is 03-08 00:01 in New York and 03-07 21:01 in Los Angeles.
    let csv = try scratch.write(
      "o.csv", header + "\nA,S,2026-03-08T05:01:00Z,completed,c1,Tea,Drinks,2,2.50\n")
    #expect(scratch.run(["import", csv, "--time-zone", "America/New_York"]).status == 0)
    let before = scratch.run(["daily", "--store", "S", "--as-of", "2026-03-08", "--format", "csv"])
    #expect(before.output.contains("S,2026-03-08,1,5.00"))
    let edit = scratch.run([
      "stores", "edit", "S", "--time-zone", "America/Los_Angeles", "--format", "json",
    ])
    #expect(edit.status == 0, "\(edit.error)")
    #expect(
      edit.error
        == "store-metrics: 1 order moved to other local days or hours, 0 local-time orders re-timed\n"
    )
    #expect(edit.output.contains("\"time_zone\": \"America/Los_Angeles\""))
    let after = scratch.run(["daily", "--store", "S", "--as-of", "2026-03-08", "--format", "csv"])
    #expect(after.output.contains("S,2026-03-07,1,5.00"))
    #expect(!after.output.contains("2026-03-08"))
    let none = scratch.run(["stores", "edit", "S"])
    #expect(none.status == 64)
    let unknown = scratch.run(["stores", "edit", "T", "--name", "x"])
    #expect(unknown.status == 66)
    #expect(unknown.error == "store-metrics: there is no store \"T\": expected one of S\n")
  }

  @Test("a limit outside 1…100000 is refused with the accepted range, exit 64")
  func limitOutOfRange() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let csv = try scratch.write(
      "o.csv", header + "\nA,S,2026-03-07 10:00,completed,,Tea,Drinks,1,2.50\n")
    #expect(scratch.run(["import", csv]).status == 0)
    for (command, limit) in [
      (["daily", "--store", "S"], "0"), (["daily", "--store", "S"], "-1"),
      (["popular", "--store", "S"], "0"), (["categories"], "100001"),
    ] {
      let result = scratch.run(command + ["--limit=" + limit])
      #expect(result.status == 64, "\(command) \(limit)")
      #expect(
        result.error
          == "store-metrics: limit \"\(limit)\" is not valid: expected a number from 1 to 100000\n")
    }
  }

  @Test("metrics in a table name both windows' days; unknown customers show as —")
  func metricsTable() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let csv = try scratch.write(
      "o.csv", header + "\nA,S,2026-03-07 10:00,completed,,Tea,Drinks,1,2.50\n")
    #expect(scratch.run(["import", csv]).status == 0)
    let table = scratch.run([
      "metrics", "--store", "S", "--range", "week", "--as-of", "2026-03-08", "--wide",
    ])
    #expect(table.status == 0, "\(table.error)")
    // A week ending 03-08 starts 03-02; the week before is 02-23…03-01.
    let lines = table.output.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("window") && lines[0].hasSuffix("2026-03-02 to 2026-03-08 (7 days)"))
    #expect(
      lines[1].hasPrefix("compared_with")
        && lines[1].hasSuffix("2026-02-23 to 2026-03-01 (7 days)"))
    #expect(lines.contains { $0.hasPrefix("unique_customers") && $0.hasSuffix("—") })
    // Percents say so; with nothing the week before, a change is unknown (—), a count is not.
    #expect(lines.contains { $0.hasPrefix("revenue_change ") && $0.hasSuffix("—") })
    #expect(lines.contains { $0.hasPrefix("orders_change ") && $0.hasSuffix(" 1") })
    #expect(lines.contains { $0.hasPrefix("cancellation_rate ") && $0.hasSuffix(" 0.0%") })
    #expect(!table.output.contains("period."))
  }

  @Test("an empty result in CSV prints exactly the header line")
  func emptyCSV() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    #expect(scratch.run(["stores", "add", "S", "--time-zone", "UTC"]).status == 0)
    let cases: [([String], String)] = [
      (["daily", "--store", "S"], StoreWire.dailyColumns.joined(separator: ",")),
      (["popular", "--store", "S"], StoreWire.popularColumns.joined(separator: ",")),
      (["categories"], "category,subcategory,order_count,items_sold,total_revenue"),
    ]
    for (command, header) in cases {
      let result = scratch.run(command + ["--format", "csv"])
      #expect(result.status == 0)
      #expect(result.output == header + "\r\n", "\(command)")
    }
  }

  @Test("adding a store twice is refused naming the store")
  func duplicateStore() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    #expect(scratch.run(["stores", "add", "S", "--time-zone", "UTC"]).status == 0)
    let again = scratch.run(["stores", "add", "S", "--time-zone", "UTC"])
    #expect(again.status == 64)
    #expect(again.error == "store-metrics: store \"S\" exists already\n")
  }
}

@Suite("store-metrics ranges in-process")
struct StoreRangeCLITests {
  @Test("metrics --start --end --compare year-ago, hourly over a range, and bad combinations")
  func ranges() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let csv = try scratch.write(
      "r.csv",
      header + "\nY1,S,2025-01-10 12:00,completed,,Pie,Food,1,10.00\n"
        + "J1,S,2026-01-10 12:00,completed,,Pie,Food,2,10.00\n"
        + "J2,S,2026-01-20 18:00,completed,,Cake,Sweets,1,5.00\n")
    #expect(scratch.run(["import", csv]).status == 0)
    let metrics = scratch.run([
      "metrics", "--store", "S", "--start", "2026-01-01", "--end", "2026-01-31", "--compare",
      "year-ago", "--format", "json",
    ])
    #expect(metrics.status == 0, "\(metrics.error)")
    // 25.00 against 10.00: +150.0%; 2 orders against 1.
    #expect(
      metrics.output == """
        {
          "total_revenue": 25.00,
          "total_orders": 2,
          "avg_order_value": 12.50,
          "unique_customers": null,
          "revenue_change": 150.0,
          "orders_change": 1,
          "orders_change_percent": 100.0,
          "cancelled_orders": 0,
          "cancelled_amount": 0.00,
          "cancellation_rate": 0.0,
          "refunded_orders": 0,
          "refunded_amount": 0.00,
          "refund_rate": 0.0,
          "gross_sales": 25.00,
          "discounts": 0.00,
          "comps": 0.00,
          "refunds": 0.00,
          "net_sales": 25.00,
          "tips": 0.00,
          "total_tax": 0.00,
          "period": {
            "start": "2026-01-01",
            "end": "2026-01-31",
            "previous_start": "2025-01-01",
            "previous_end": "2025-01-31"
          }
        }

        """)
    let hourly = scratch.run([
      "hourly", "--store", "S", "--start", "2025-01-01", "--end", "2026-01-31", "--format", "csv",
    ])
    // 12:00: Y1 10.00 + J1 20.00 over 2 orders.
    #expect(hourly.output.contains("S,12,2,30.00\r\n"))
    #expect(hourly.output.contains("S,18,1,5.00\r\n"))
    for bad in [
      ["metrics", "--store", "S", "--end", "2026-01-31"],
      ["metrics", "--store", "S", "--range", "week", "--start", "2026-01-01"],
      ["metrics", "--store", "S", "--compare", "previous"],
      ["chart", "--store", "S", "--start", "2026-02-01", "--end", "2026-01-01"],
    ] {
      let result = scratch.run(bad)
      #expect(result.status == 64, "\(bad): \(result.error)")
      #expect(result.error.filter { $0 == "\n" }.count == 1, "\(bad): \(result.error)")
    }
  }
}
