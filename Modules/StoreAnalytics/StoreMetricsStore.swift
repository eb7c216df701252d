import AnalyticsCore
import Foundation
import GRDB
import Storage

/// What an import did.
public struct OrderImportSummary: Sendable, Equatable {
  /// Orders written.
  public let orders: Int
  /// Lines written.
  public let lines: Int
  /// Orders that replaced earlier ones (`--replace`).
  public let replaced: Int
  /// Stores created because the file named them (with the import's time zone).
  public let createdStores: [String]
}

/// The restaurant orders database and its analytics.
public struct StoreMetricsStore: Sendable {
  /// The connection.
  public let writer: any DatabaseWriter

  /// Wraps an open, migrated database.
  public init(writer: any DatabaseWriter) { self.writer = writer }

  /// Opens (and migrates) the database at `location`.
  public static func open(_ location: DatabaseLocation) throws -> StoreMetricsStore {
    StoreMetricsStore(
      writer: try DatabaseOpener.open(location, migrator: StoreAnalyticsModule.migrator))
  }

  /// An in-memory store.
  public static func inMemory() throws -> StoreMetricsStore { try open(.memory) }

  // MARK: Stores

  /// Adds a store.
  ///
  /// - throws: `StoreError` when the id is taken or empty.
  public func addStore(id: String, name: String, zone: Zone) throws -> Shop {
    guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw StoreError(.usage, "a store id must not be empty")
    }
    return try writer.write { db in
      guard try !Shop.exists(db, key: id) else {
        throw StoreError(.usage, "the store \"\(id)\" exists already: expected a new id")
      }
      let shop = Shop(id: id, name: name, timeZone: zone.identifier)
      try shop.insert(db)
      return shop
    }
  }

  /// Every store, by id.
  public func stores() throws -> [Shop] {
    try writer.read { db in try Shop.order(Column("id")).fetchAll(db) }
  }

  /// A store and its zone.
  ///
  /// - throws: `StoreError` naming the known stores when there is no such store.
  public func store(_ id: String) throws -> (shop: Shop, zone: Zone) {
    try writer.read { db in try Self.store(db, id) }
  }

  static func store(_ db: Database, _ id: String) throws -> (shop: Shop, zone: Zone) {
    guard let shop = try Shop.fetchOne(db, key: id) else {
      throw StoreError.unknownStore(
        id, known: try String.fetchAll(db, sql: "SELECT id FROM shop ORDER BY id"))
    }
    return (shop, try Zone(identifier: shop.timeZone))
  }

  // MARK: Import

  /// Imports order lines in one transaction, aggregates included: all or nothing.
  ///
  /// - Parameters:
  ///   - replace: replace orders whose ids exist already (otherwise that is an error).
  ///   - newStoreZone: the zone of stores the file names that do not exist yet.
  ///   - progress: called with the number of orders written so far.
  /// - throws: `StoreError` naming the first bad line: lines of one order that disagree, an order
  ///   id that exists without `replace`.
  public func importLines(
    _ lines: [OrderLineInput], replace: Bool = false, newStoreZone: Zone = .utc,
    progress: (Int) -> Void = { _ in }
  ) throws -> OrderImportSummary {
    let orders = try OrderGroups(lines)
    return try writer.writeWithoutTransaction { db in
      // Foreign-key checks cost a fifth of a large import; the writer creates every store and
      // menu item before the transaction ends and deletes a replaced order's lines itself, and
      // the tests check `PRAGMA foreign_key_check` after imports. The pragma only changes
      // outside a transaction.
      try db.execute(sql: "PRAGMA foreign_keys = OFF")
      defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
      // A large page cache for the import: millions of rows go into several B-trees at once.
      let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
      try db.execute(sql: "PRAGMA cache_size = -524288")  // 512 MiB
      defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
      var summary: OrderImportSummary?
      try db.inTransaction {
        var writer = try OrderWriter(
          db, lines: lines, orders: orders, newStoreZone: newStoreZone, replace: replace)
        try writer.write(progress: progress)
        try writer.finish()
        summary = OrderImportSummary(
          orders: orders.count, lines: lines.count, replaced: writer.replaced,
          createdStores: writer.createdStores)
        return .commit
      }
      return summary!
    }
  }
}
