import AnalyticsCore
import Foundation
import Storage

/// What an import did.
public struct OrderImportSummary: Sendable, Equatable {
  /// Orders written.
  public let orders: Int
  /// Lines written.
  public let lines: Int
  /// Orders that replaced earlier ones with the same id.
  public let replaced: Int
  /// Stores created because the file named them (in the import's time zone).
  public let createdStores: [String]
}

/// The store-metrics domain over any `StoreRepository`: restaurant stores (`Shop`), order
/// imports kept in exact aggregates, and the reports read from them. Every rule is here or in
/// the backend-free types it uses; the repository only stores and reads.
public struct ShopAnalytics: Sendable {
  public let repository: any StoreRepository

  public init(repository: any StoreRepository) { self.repository = repository }

  /// Opens (and migrates) the SQLite database at `location`.
  public static func open(_ location: DatabaseLocation) throws -> ShopAnalytics {
    ShopAnalytics(repository: try SQLiteStoreRepository.open(location))
  }

  /// An empty in-memory SQLite database.
  public static func inMemory() throws -> ShopAnalytics { try open(.memory) }

  // MARK: Stores

  /// Adds a store.
  ///
  /// - throws: `TallyError` (usage) when the id is empty or taken.
  public func addStore(id: String, name: String, zone: Zone) throws -> Shop {
    guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw TallyError.invalid("store id", id, expected: "a non-empty id", category: .usage)
    }
    let shop = Shop(id: id, name: name, timeZone: zone.identifier)
    try repository.insert(shop)
    return shop
  }

  /// Every store, by id.
  public func stores() throws -> [Shop] { try repository.shops() }

  /// A store and its zone.
  ///
  /// - throws: `TallyError` (`.notFound`) naming the known stores.
  public func store(_ id: String) throws -> (shop: Shop, zone: Zone) {
    guard let shop = try repository.shop(id: id) else {
      let known = try repository.shops().map(\.id)
      throw TallyError.notFound(
        "store", id,
        expected: known.isEmpty
          ? "a store (none yet: add one or import orders)"
          : "one of " + known.joined(separator: ", "))
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
  /// - throws: `TallyError` naming the first bad line: lines of one order that disagree, a line
  ///   whose values break the rules (`OrderLineInput.validated()`), an order id that exists
  ///   without `replace` (`.exists`).
  public func importLines(
    _ lines: [OrderLineInput], replace: Bool = false, newStoreZone: Zone = .utc,
    progress: (Int) -> Void = { _ in }
  ) throws -> OrderImportSummary {
    let orders = try OrderGroups(lines)
    return try repository.inTransaction { transaction in
      var run = try OrderImport(
        transaction, lines: lines, orders: orders, newStoreZone: newStoreZone, replace: replace)
      try run.write(progress: progress)
      try run.finish()
      return OrderImportSummary(
        orders: orders.count, lines: lines.count, replaced: run.replaced,
        createdStores: run.createdStores)
    }
  }
}
