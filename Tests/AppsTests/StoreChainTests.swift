import Foundation
import Testing

/// Issue 30: a chain whose stores all number their orders from 1. Before, the second store's
/// file met "order "1" exists already … use --replace", and following the advice moved the first
/// store's orders away. Ids are now each store's own; a re-import with one order refunded updates
/// that order alone. Every figure is the hand count below and a recount by sqlite3 of the stored
/// orders.
@Suite("A chain whose stores all number orders from 1")
struct StoreChainTests {
  /// Three stores, orders 1…3 each (UTC):
  /// - a: 03-02 1 Soup 2 × 4.50 = 9.00, 2 Tea 2.00; 03-03 3 Soup 4.50 + Tea 2.00 = 6.50.
  /// - b: 03-02 1 Pizza 12.00, 2 Pizza 2 × 12.00 = 24.00; 03-03 3 Wings 8.00.
  /// - c: 03-03 1 Bagel 3 × 2.50 = 7.50, 2 Coffee 2 × 3.00 = 6.00; 03-04 3 Bagel 2.50.
  static func file(_ store: String, refunding refunded: String? = nil) -> String {
    let rows: [String: [String]] = [
      "a": [
        "1,a,2026-03-02 12:00,Soup,Food,2,4.50", "2,a,2026-03-02 13:00,Tea,Drinks,1,2.00",
        "3,a,2026-03-03 09:00,Soup,Food,1,4.50", "3,a,2026-03-03 09:00,Tea,Drinks,1,2.00",
      ],
      "b": [
        "1,b,2026-03-02 12:00,Pizza,Food,1,12.00", "2,b,2026-03-02 19:00,Pizza,Food,2,12.00",
        "3,b,2026-03-03 18:00,Wings,Food,1,8.00",
      ],
      "c": [
        "1,c,2026-03-03 11:00,Bagel,Food,3,2.50", "2,c,2026-03-03 12:00,Coffee,Drinks,2,3.00",
        "3,c,2026-03-04 08:00,Bagel,Food,1,2.50",
      ],
    ]
    let header = "order_id,store_id,placed_at,item_name,category,quantity,unit_price,status\n"
    return header
      + rows[store]!.map { row in
        row + (row.hasPrefix("\(refunded ?? "-"),") ? ",refunded" : ",completed")
      }.joined(separator: "\n") + "\n"
  }

  @Test(.enabled(if: SQLiteShell.path != nil, "the sqlite3 shell is not installed"))
  func importedAndReimportedWithARefund() throws {
    let folder = NSTemporaryDirectory() + "tally-chain-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let db = folder + "/store.sqlite"
    func run(_ arguments: [String]) throws -> AppRunner.Result {
      try AppRunner.run("store-metrics", arguments + ["--db", db])
    }
    func write(_ name: String, _ text: String) throws -> String {
      let path = folder + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      return path
    }
    for store in ["a", "b", "c"] {
      let result = try run(["import", try write("\(store).csv", Self.file(store))])
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output == "Imported 3 new orders (\(store == "a" ? 4 : 3) lines).\n")
    }
    let refund = try run(["import", try write("b2.csv", Self.file("b", refunding: "2"))])
    #expect(
      refund.output == "Imported 0 new orders, 1 updated, 2 already present (1 line written).\n")

    /// Each store's days as (store, day, orders, revenue), from Tally's aggregates.
    func tallyDays() throws -> [String] {
      try ["a", "b", "c"].flatMap { store in
        let csv = try run([
          "daily", "--store", store, "--as-of", "2026-03-04", "--format", "csv",
        ]).output
        return csv.split(separator: "\r\n").dropFirst().map {
          $0.split(separator: ",").prefix(4).joined(separator: ",")
        }.sorted()
      }
    }
    /// The same recounted by sqlite3 from the stored orders.
    func recount(_ sql: String) throws -> [String] {
      try SQLiteShell.rows(sql, in: db, csv: true)
    }
    let recounted = try recount(
      """
      SELECT store_id, local_date, count(*), printf('%.2f', sum(subtotal_cents) / 100.0)
      FROM store_order WHERE status = 'completed'
      GROUP BY store_id, local_date ORDER BY store_id, local_date
      """)
    let byHand = [
      "a,2026-03-02,2,11.00", "a,2026-03-03,1,6.50",
      "b,2026-03-02,1,12.00", "b,2026-03-03,1,8.00",
      "c,2026-03-03,2,13.50", "c,2026-03-04,1,2.50",
    ]
    #expect(recounted == byHand)
    #expect(try tallyDays() == byHand)
    // Every store kept its own orders 1, 2 and 3; b's 2 is the one refunded.
    #expect(
      try recount(
        "SELECT store_id, group_concat(id || ':' || status, ' ') FROM (SELECT * FROM store_order ORDER BY store_id, id) GROUP BY store_id"
      ) == [
        "a,\"1:completed 2:completed 3:completed\"", "b,\"1:completed 2:refunded 3:completed\"",
        "c,\"1:completed 2:completed 3:completed\"",
      ])
  }
}
