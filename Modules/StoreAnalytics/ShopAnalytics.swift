import AnalyticsCore
import DataFormats
import Foundation
import StoreModel

/// What an import did.
public struct OrderImportSummary: Sendable, Equatable {
  /// Orders written (new ones, updates and replacements).
  public internal(set) var orders = 0
  /// Lines written.
  public internal(set) var lines = 0
  /// Orders the store had (same id) that were written again because the import was asked to
  /// replace them.
  public internal(set) var replaced = 0
  /// Orders the store had (same id) with other content (a refund, a corrected line), written as
  /// the file has them.
  public internal(set) var updated = 0
  /// Orders skipped because the store has them already, unchanged.
  public internal(set) var alreadyPresent = 0
  /// The lines of those orders.
  var alreadyPresentLines = 0
  /// Stores created because the file named them (in the import's time zone).
  public internal(set) var createdStores: [String] = []
  /// The zone each created store was given: the import's, or the one the file names for it.
  public internal(set) var createdStoreZones: [String: Zone] = [:]

  /// Lines read: those written and those of orders already present. None for a file with a
  /// header and no rows.
  public var linesRead: Int { lines + alreadyPresentLines }

  /// Orders written that were not there before.
  public var newOrders: Int { orders - replaced - updated }
}

/// A store that exists, with its zone.
public struct KnownStore: Sendable, Equatable {
  public let shop: Shop
  /// The zone its days and hours are counted in.
  public let zone: Zone
  public var id: String { shop.id }
}

/// The store domain over any `StoreRepository`: restaurant stores (`Shop`), order
/// imports kept in exact aggregates, and the reports read from them. Every rule is here or in
/// the backend-free types it uses; the repository only stores and reads.
public struct ShopAnalytics: Sendable {
  public let repository: any StoreRepository
  /// "Now": each store's today is the clock's day in the store's zone (the current day there,
  /// an as-of day, or a fixed day in tests). An order placed after it is refused. A day per zone
  /// rather than one instant: an as-of word (`yesterday`, `mon`) is each store's own, as its
  /// queries read it, and no single instant falls on the same named day in every zone (24 hours
  /// back is not yesterday across a DST change).
  let clock: TallyClock

  public init(repository: any StoreRepository, clock: TallyClock = .system) {
    self.repository = repository
    self.clock = clock
  }

  /// The day that queries of a store in `zone` end on by default and that its imports may reach:
  /// this domain's `today` read in that zone.
  public func currentDay(in zone: Zone) -> LocalDate { clock.today(in: zone) }

  // MARK: Stores

  /// Adds a store.
  ///
  /// - throws: `TallyError` (usage) when the id or the name is empty, or the id is taken.
  public func addStore(id: String, name: String, zone: Zone) throws -> Shop {
    guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw TallyError.invalid("store id", id, expected: "a non-empty id", category: .usage)
    }
    // As `editStore` refuses one: a store without a name showed as a blank row.
    guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw TallyError.invalid("name", name, expected: "a non-empty name", category: .usage)
    }
    let shop = Shop(id: id, name: name, timeZone: zone.identifier)
    try repository.inTransaction { transaction in
      // Inside the writers' transaction, so two adds of one id cannot both pass.
      guard try !transaction.shops().contains(where: { $0.id == id }) else {
        throw TallyError(.usage, .exists(kind: "store", name: id))
      }
      try transaction.insert(shop)
    }
    return shop
  }

  /// Every store, by id in byte order.
  public func stores() throws -> [Shop] {
    try repository.shops().sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
  }

  /// The data's revision: it rises with every committed write (imports, POS orders, store
  /// edits), so an answer computed at one revision may be served again while it is unchanged;
  /// `nil` when the backend keeps none.
  public func revision() throws -> Int64? { try repository.revision() }

  /// A store and its zone, looked up once: what the queries take (`metrics(of:…)`), so that a
  /// request reads its store one time.
  ///
  /// - throws: `TallyError` (`.notFound`) naming the known stores.
  public func store(_ id: String) throws -> KnownStore {
    guard let shop = try repository.shop(id: id) else {
      let known = try stores().map(\.id)
      throw TallyError.notFound(
        "store", id,
        expected: known.isEmpty
          ? "a store (none yet: add one or import orders)"
          : "one of " + known.joined(separator: ", "))
    }
    return KnownStore(shop: shop, zone: try Zone(identifier: shop.timeZone))
  }

  // MARK: Import

  /// Imports order lines in one transaction, aggregates included: all or nothing.
  ///
  /// Order ids are unique per store. An order the store has already is skipped when unchanged
  /// (counted as already present) and written as the file has it when not (counted as updated),
  /// its old figures taken out of every aggregate.
  ///
  /// - Parameters:
  ///   - replace: write again every order the store has already, unchanged ones too (counted as
  ///     replaced).
  ///   - newStoreZone: the zone of stores the file names that do not exist yet.
  ///   - progress: called with the number of orders written so far.
  /// - throws: `TallyError` naming the first bad line: lines of one order that disagree, a line
  ///   whose values break the rules (`OrderLineInput.validated()`), an order placed after today
  ///   in its store's zone.
  public func importLines(
    _ lines: [OrderLineInput], replace: Bool = false, newStoreZone: Zone = .utc,
    progress: (Int) -> Void = { _ in }
  ) throws -> OrderImportSummary {
    var parts = [(lines, try OrderGroups(lines))]
    return try importParts(
      next: { parts.popLast() }, replace: replace, newStoreZone: newStoreZone, progress: progress)
  }

  /// Imports an order-line file as it is read (CSV; JSON Lines is read whole), in one
  /// transaction: all or nothing. Lines are parsed on another thread in parts of about
  /// `linesPerPart`, cut between orders, so memory stays bounded however long the file.
  ///
  /// - Parameters:
  ///   - fileName: names the file in errors; `.jsonl`/`.ndjson` is JSON Lines, else CSV.
  ///   - read: the next chunk of the file, `nil` or empty at its end.
  ///   - replace, newStoreZone, progress: as for `importLines`.
  ///   - dialect: the byte between columns, and how slashed dates (`2/8/2026`) are read;
  ///     without an order, only a date that is one way only is read
  ///     (`OrderLineFile.dateOrder(ofFileNamed:delimiter:mapping:read:)` finds a file's).
  ///   - mapping: how a file not in Tally's shape is read (a point-of-sale export's columns).
  /// - throws: `TallyError` naming the line and column of the first problem, as `importLines`.
  public func importFile(
    named fileName: String, read: @escaping @Sendable () throws -> Data?, replace: Bool = false,
    newStoreZone: Zone = .utc, dialect: CSVDialect = CSVDialect(),
    mapping: OrderLineMapping? = nil, progress: (Int) -> Void = { _ in }
  ) throws -> OrderImportSummary {
    try importFile(
      named: fileName, read: read, replace: replace, newStoreZone: newStoreZone,
      dialect: dialect, mapping: mapping, linesPerPart: Self.linesPerPart, progress: progress)
  }

  /// `importFile` in parts of `linesPerPart` (tests make them small).
  func importFile(
    named fileName: String, read: @escaping @Sendable () throws -> Data?, replace: Bool,
    newStoreZone: Zone, dialect: CSVDialect = CSVDialect(), mapping: OrderLineMapping? = nil,
    linesPerPart: Int, progress: (Int) -> Void = { _ in }
  ) throws -> OrderImportSummary {
    let read = TextDecoder.utf8(reading: read, source: TallyError.Source(fileName))
    if OrderLineFile.isJSONLines(fileName) {
      if mapping != nil { throw OrderLineFile.mappedJSONLines(fileName) }
      var data = Data()
      while let chunk = try read(), !chunk.isEmpty { data.append(chunk) }
      return try importLines(
        OrderLineFile.parse(utf8: data, fileName: fileName, dialect: dialect), replace: replace,
        newStoreZone: newStoreZone, progress: progress)
    }
    let parts = Handoff<Result<([OrderLineInput], OrderGroups), any Error>?>(capacity: 2)
    Thread.detachNewThread {
      do {
        var reader = try OrderLineCSV(
          fileName: fileName, dialect: dialect, mapping: mapping, read: read)
        var file = OrderGroups.FileFacts()
        var problems = Problems()
        // Room for a whole part: grown by doubling, a part's lines were copied about twice.
        var part: [OrderLineInput] = []
        part.reserveCapacity(linesPerPart + 16)
        /// Hands `part` over; after a problem, parts are only read for more problems.
        func handOver() -> Bool {
          let orders = OrderGroups(part, file: &file, problems: &problems)
          defer {
            part = []
            part.reserveCapacity(linesPerPart + 16)
          }
          return !problems.isEmpty || parts.put(.success((part, orders)))
        }
        while let line = try reader.next(problems: &problems) {
          // Parts are cut between orders: an order's lines stay in one part.
          if part.count >= linesPerPart, line.orderId != part.last!.orderId {
            guard handOver() else { return }
          }
          part.append(line)
        }
        if !part.isEmpty { guard handOver() else { return } }
        try problems.check()
        _ = parts.put(nil)
      } catch {
        _ = parts.put(.failure(error))
      }
    }
    // Stops the reading thread when this one fails.
    defer { parts.close() }
    return try importParts(
      next: { try parts.take()?.get() }, replace: replace, newStoreZone: newStoreZone,
      progress: progress)
  }

  /// Bytes an app reads per chunk of an imported file: large enough that reads are few, small
  /// enough to stay a few megabytes.
  public static let fileChunkSize = 4 << 20

  /// Lines per part of a file import: enough that each part's look-ups (items, customers, stored
  /// orders) are shared by many orders, few enough that two parts in flight stay tens of
  /// megabytes. The aggregate changes are summed over all parts (`ImportState`).
  static let linesPerPart = 100_000

  /// Imports one part in `transaction` (its backend's type opened, so rows pass between the
  /// import's threads in that backend's own form) and adds what it did to `summary`.
  static func importPart<Transaction: StoreTransaction>(
    _ transaction: Transaction, lines: [OrderLineInput], orders: OrderGroups,
    state: inout ImportState, summary: inout OrderImportSummary, prefetched: PartLookUps? = nil,
    progress: (Int) -> Void
  ) throws {
    // What the part looks up, told to the transaction first unless the caller did.
    let lookUps =
      prefetched
      ?? PartLookUps(
        lines: lines, orders: orders, customers: state.customers, everyOrder: state.hadOrders)
    if prefetched == nil { try transaction.prefetch(lookUps) }
    var run = try OrderImport(
      transaction, lines: lines, orders: orders, lookUps: lookUps, state: &state)
    let before = summary.orders
    try run.write { progress(before + $0) }
    try run.finish(state: &state)
    let counts = run.counts
    summary.orders += counts.orders
    summary.lines += counts.lines
    summary.replaced += run.replaced
    summary.updated += run.updated
    summary.alreadyPresent += run.alreadyPresent
    summary.alreadyPresentLines += lines.count - counts.lines
    summary.createdStores += run.createdStores
    summary.createdStoreZones.merge(run.createdStoreZones) { $1 }
  }

  /// Imports the parts `next` returns (`nil` after the last) in one transaction. A file with a
  /// header and no rows (a day the store was closed) imports nothing and changes nothing, not
  /// even the revision.
  private func importParts(
    next: () throws -> ([OrderLineInput], OrderGroups)?, replace: Bool, newStoreZone: Zone,
    progress: (Int) -> Void
  ) throws -> OrderImportSummary {
    /// Rolls the transaction back when there was nothing to import.
    struct NoLines: Error {}
    do {
      return try repository.inTransaction { transaction in
        var part = try next()
        // Before the counters are asked for, so that a backend reads them with the first part's
        // look-ups (one wait on PostgreSQL). Whether orders are stored is not known yet, so each
        // of the part's orders is looked up.
        var prefetched = part.map {
          PartLookUps(lines: $0.0, orders: $0.1, customers: [:], everyOrder: true)
        }
        if let prefetched { try transaction.prefetch(prefetched) }
        var state = ImportState(
          replace: replace, newStoreZone: newStoreZone, clock: clock,
          hadOrders: try transaction.hasOrders(), firstOrderKey: try transaction.nextOrderKey())
        var summary = OrderImportSummary()
        while let (lines, orders) = part {
          try Self.importPart(
            transaction, lines: lines, orders: orders, state: &state, summary: &summary,
            prefetched: prefetched, progress: progress)
          prefetched = nil
          part = try next()
        }
        if summary.linesRead == 0 { throw NoLines() }
        try state.applyChanges(to: transaction)
        return summary
      }
    } catch is NoLines {
      return OrderImportSummary()
    }
  }
}
