import CLIKit
import Foundation
import Testing

@testable import StoreMetricsCommands

/// The customer and goal commands as a new user meets them (issue 31; a new-user trial).
@Suite("store-metrics customers and goals")
struct StoreCustomersCommandTests {
  let folder = NSTemporaryDirectory() + "tally-customers-" + UUID().uuidString

  /// Two orders of Ana's on 1 and 10 Oct 2026 (10.00, 20.00) and one without a customer (6.00).
  func database() throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/orders.csv"
    let csv = """
      order_id,store_id,placed_at,customer_id,customer_name,item_name,category,quantity,unit_price
      1,dt,2026-10-01 12:00,c1,Ana,Pizza,Food,1,10.00
      2,dt,2026-10-10 12:00,c1,Ana,Pizza,Food,2,10.00
      3,dt,2026-10-11 12:00,,,Soda,Food,3,2.00
      """
    try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
    let db = ["--db", folder + "/store.sqlite"]
    let imported = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["import", path, "--time-zone", "UTC"] + db)
    #expect(imported.status == 0, "\(imported.error)")
    return db
  }

  @Test func customersInJSONAndCSV() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let db = try database()
    let json = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: ["customers", "--store", "dt", "--as-of", "2026-10-31", "--format", "json"] + db)
    #expect(json.status == 0)
    // 1 customer with 2 orders: 100.0% repeat; 30.00 spent; the Soda order apart.
    for fragment in [
      #""start": null"#, #""customers": 1"#, #""repeat_rate": 100.0"#,
      #""orders_without_customer": 1"#, #""customer_sales": 30.00"#,
      #""sales_without_customer": 6.00"#, #""customer_name": "Ana""#,
    ] {
      #expect(json.output.contains(fragment), "\(fragment)")
    }
    let csv = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: ["customers", "--store", "dt", "--as-of", "2026-10-31", "--format", "csv"] + db)
    // RFC 4180's line breaks.
    #expect(
      csv.output.replacingOccurrences(of: "\r\n", with: "\n")
        == "store_id,customer_id,customer_name,customer_phone,total_orders,total_spent,"
        + "avg_order_value,last_order_date\ndt,c1,Ana,,2,30.00,15.00,2026-10-10T12:00:00Z\n")
  }

  /// Past sales read "today" find no day: the answer says where the days are.
  @Test func goalsOutsideTheDataSayWhereItIs() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let db = try database()
    let goals = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["goals", "--store", "dt", "--as-of", "2027-06-01"] + db)
    #expect(goals.status == 0)
    #expect(
      goals.output
        == "No completed orders in the 30 days through 2027-06-01. The latest is on 2026-10-11: "
        + "try --as-of 2026-10-11.\n")
  }
}
