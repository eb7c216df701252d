import AnalyticsCore
import Foundation
import GRDB
import Testing

@testable import StoreAnalytics
@testable import StoreSQLite

@Suite("Store migrations")
struct StoreMigrationTests {
  /// store-7 rebuilds `store_order` with its POS-id uniqueness as a named index: a database
  /// written before it keeps every order and line, and the index still refuses a repeated id.
  @Test func orderIdIndexKeepsTheOrders() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-store-migration-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("store.sqlite").path

    // The hand-worked set, written by the migrations up to store-6.
    let queue = try DatabaseQueue(path: path)
    try StoreSchema.migrator.migrate(queue, upTo: "store-6-revision")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO shop VALUES ('NYC', 'New York', 'America/New_York');
          INSERT INTO menu_item (id, name, category, price_cents) VALUES (1, 'Burger', 'Mains', 1000);
          INSERT INTO store_order (key, id, store_id, customer_id, placed_at, local_date,
            local_hour, status, subtotal_cents, tax_cents, total_cents, wall_clock)
          VALUES (1, 'A1', 'NYC', 'c1', 1772945940000, '2026-03-07', 23, 'completed', 2000, 160,
            2160, 1);
          INSERT INTO order_line VALUES (1, 1, 1, 'Burger', 1000, 2, 2000, 160);
          """)
    }
    try queue.close()

    let store = try StoreBackends.sqlite.open(.sqlite(.file(path)), environment: [:])
    let repository = try #require(store.repository as? SQLiteStoreRepository)
    // store-10: the line takes the category its item had (menu_item has no subcategory here).
    let lineCategory = try repository.writer.read { db in
      try Row.fetchOne(db, sql: "SELECT category, subcategory FROM order_line")
    }
    #expect(lineCategory?[0] == "Mains" && lineCategory?[1] == "")
    // store-11: the line is a sale, and its day's sale lines are counted (1 order, 20.00).
    let kinds = try repository.writer.read { db in
      (
        try String.fetchAll(db, sql: "SELECT kind FROM order_line"),
        try Row.fetchAll(db, sql: "SELECT * FROM store_day_kind").map {
          Array($0.databaseValues.map(\.description))
        }
      )
    }
    #expect(kinds.0 == ["sale"])
    // store-12: the line's 2 Burgers are 2000 thousandths, and read back as 2.
    let quantity = try repository.writer.read { db in
      try Int64.fetchOne(db, sql: "SELECT quantity_thousandths FROM order_line")
    }
    #expect(quantity == 2000)
    #expect(try repository.writer.read { try OrderLine.fetchAll($0) }.map(\.quantity) == [2])
    #expect(kinds.1 == [["\"NYC\"", "\"2026-03-07\"", "\"sale\"", "1", "2000"]])
    let (ids, lines, dangling, index) = try repository.writer.read { db in
      (
        try String.fetchAll(db, sql: "SELECT id FROM store_order"),
        try Int.fetchOne(db, sql: "SELECT count(*) FROM order_line"),
        try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count,
        try String.fetchOne(
          db, sql: "SELECT sql FROM sqlite_master WHERE name = 'store_order_per_store_id'")
      )
    }
    #expect(ids == ["A1"])
    #expect(lines == 1)
    #expect(dangling == 0)
    #expect(index?.contains("UNIQUE") == true)
    #expect(throws: (any Error).self) {
      try repository.writer.write { db in
        try db.execute(
          sql: """
            INSERT INTO store_order (key, id, store_id, placed_at, local_date, local_hour,
              status, subtotal_cents, tax_cents, total_cents)
            VALUES (2, 'A1', 'NYC', 0, '2026-03-07', 0, 'completed', 0, 0, 0)
            """)
      }
    }
  }

  /// A first import drops the POS-id index for speed and builds it again before committing;
  /// a failed first import leaves it as it was.
  @Test func aFirstImportLeavesTheIndex() throws {
    func indexCount(_ store: ShopAnalytics) throws -> Int {
      let repository = try #require(store.repository as? SQLiteStoreRepository)
      return try repository.writer.read { db in
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'store_order_per_store_id'")
          ?? 0
      }
    }
    let store = try ShopAnalytics.inMemory()
    let bad =
      "order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,"
      + "unit_price\nZ1,S,2026-03-08 10:00,completed,,Tea,Drinks,1,1.00\n"
      + "Z2,S,2026-03-08 10:00,completed,,Tea,Drinks,1,1.00\nZ1,S,2026-03-08 10:00,completed,,"
      + "Tea,Drinks,1,1.00\n"
    #expect(throws: TallyError.self) {
      _ = try store.importFile(
        named: "bad.csv", read: Self.reader(bad), replace: false, newStoreZone: .utc,
        linesPerPart: 1)
    }
    #expect(try indexCount(store) == 1)
    _ = try fixture(store)
    #expect(try indexCount(store) == 1)
  }

  /// A reader handing out `text` once.
  private static func reader(_ text: String) -> @Sendable () throws -> Data? {
    let chunks = LockedValue([Data(text.utf8)])
    return { chunks.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
  }
}
