import CLIKit
import Foundation
import Testing

@testable import StoreMetricsCommands
@testable import rvu_cli

/// Issue 30: a real export is refused once with every problem (up to 20 lines, then a count),
/// not one problem per run; nothing is written while there is any. Expected lines are written
/// out by hand from the files below.
@Suite("A file's problems are said together")
struct AllProblemsTests {
  let folder = NSTemporaryDirectory() + "tally-all-problems-" + UUID().uuidString

  func write(_ name: String, _ text: String) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func storeCSVWithThreeBadLinesAndADisagreeingOrder() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(
      "orders.csv",
      """
      order_id,store_id,placed_at,item_name,category,quantity,unit_price
      1,a,2026-02-08 12:00,Pizza,Food,two,4.00
      2,a,2026-02-08 12:05,Pizza,Food,1,4.25
      2,a,2026-02-08 12:06,Soda,Drinks,1,1.50
      3,a,2026-02-31 12:10,Pizza,Food,1,4.25
      4,a,2026-02-08 12:15,Pizza,Food,1,4.001

      """)
    let db = folder + "/store.sqlite"
    let result = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["import", path, "--db", db, "--as-of", "2026-03-01"])
    #expect(result.status == 65)
    #expect(
      result.error
        == """
        store-metrics: orders.csv line 2: quantity "two" is not valid: expected a number above \
        0 up to 100000, with at most 3 decimals (0.375 when weighed)
        store-metrics: orders.csv line 5: placed_at "2026-02-31 12:10" is not valid: expected \
        2026-02-08T14:30:00-06:00, …Z, or a local 2026-02-08 14:30 (or 2/8/2026 2:30 PM) read \
        in the store's zone
        store-metrics: orders.csv line 6: unit_price "4.001" is not valid: expected an amount from \
        0 to 1000000.00 with at most 2 decimals
        store-metrics: orders.csv line 4: placed_at "2026-02-08 12:06" is not valid: expected \
        2026-02-08 12:05 as on orders.csv line 3 for order 2
        store-metrics: 4 problems in orders.csv; nothing was written

        """)
    #expect(!FileManager.default.fileExists(atPath: db))
  }

  @Test func storeCSVWithMoreThanTwentyBadLinesShowsTwentyAndCountsAll() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var text = "order_id,store_id,placed_at,item_name,category,quantity,unit_price\n"
    for order in 1...25 { text += "\(order),a,2026-02-08 12:00,Pizza,Food,0,4.00\n" }
    let path = try write("orders.csv", text)
    let result = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: ["import", path, "--db", folder + "/store.sqlite", "--as-of", "2026-03-01"])
    #expect(result.status == 65)
    let lines = result.error.split(separator: "\n")
    #expect(lines.count == 21)
    #expect(lines.first?.hasPrefix("store-metrics: orders.csv line 2: quantity \"0\"") == true)
    #expect(lines[19].hasPrefix("store-metrics: orders.csv line 21: quantity \"0\"") == true)
    #expect(
      lines.last
        == "store-metrics: 25 problems in orders.csv (the first 20 shown); nothing was written")
  }

  @Test func storeJSONLinesSaysEachBadLine() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let good =
      #"{"order_id": "1", "store_id": "a", "placed_at": "2026-02-08 12:00", "item_name": "Pizza", "#
      + #""category": "Food", "quantity": 1, "unit_price": 4}"#
    let path = try write(
      "orders.jsonl",
      [
        good, good.replacingOccurrences(of: #""quantity": 1"#, with: #""quantity": "x""#),
        good.replacingOccurrences(of: #""category""#, with: #""categry""#),
      ].joined(separator: "\n"))
    let result = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: ["import", path, "--db", folder + "/store.sqlite", "--as-of", "2026-03-01"])
    #expect(result.status == 65)
    let lines = result.error.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("store-metrics: orders.jsonl line 2: quantity \"x\" is not valid"))
    #expect(lines[1].hasPrefix("store-metrics: orders.jsonl line 3: "))
    #expect(lines[2] == "store-metrics: 2 problems in orders.jsonl; nothing was written")
  }

  @Test func visitsCSVSaysEachBadRowAndStoresNothing() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(
      "visits.csv",
      """
      visit,date,hcpcs,quantity
      v1,2026-02-30,99213,1
      v2,2026-02-08,99213,1
      v3,2026-02-09,99213,0

      """)
    let db = ["--db", folder + "/rvu.sqlite"]
    let result = CommandRunner.capture(RVUCommand.self, arguments: ["visits", "import", path] + db)
    #expect(result.status == 65)
    let lines = result.error.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines[0]
        == "rvu-cli: visits.csv line 2: date \"2026-02-30\" is not valid: expected a day that "
        + "exists: 2026-02 has 28 days")
    #expect(lines[1].hasPrefix("rvu-cli: visits.csv line 4: quantity \"0\" is not valid"))
    #expect(lines[2] == "rvu-cli: 2 problems in visits.csv; nothing was written")
    let list = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "list", "--format", "json"] + db)
    #expect(list.output == "[]\n")
  }
}
