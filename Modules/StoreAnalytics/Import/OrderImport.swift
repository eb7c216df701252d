import AnalyticsCore
import Foundation
import StoreModel

/// One import inside a repository transaction, on two threads: an `OrderPlanner` turns orders
/// into typed rows and aggregate deltas on one, while the repository writes the rows it made on
/// the calling thread — an import uses both cores. A part of one hand-over or less (a POS order)
/// is planned on the calling thread.
///
/// Before that it creates the stores and customers the import names and takes out the orders it
/// replaces; after, it saves the menu items and hands over the aggregate deltas.
struct OrderImport<Transaction: StoreTransaction> {
  private let transaction: Transaction
  private let lines: [OrderLineInput]
  private let orders: OrderGroups
  /// The orders to write, by number in `orders`: those not already present.
  private var written: [Int] = []
  /// Stores created because the file named them.
  private(set) var createdStores: [String] = []
  /// The zone of each store created.
  private(set) var createdStoreZones: [String: Zone] = [:]
  /// Whether the known menu items the orders name take their latest name, category and price
  /// (not when an order's status changes: its old lines are not the menu's news).
  private let savesItems: Bool
  /// Orders that replaced earlier ones because the import was asked to (`replace`).
  private(set) var replaced = 0
  /// Orders seen before (same store, same id) with other content, now written as the file has
  /// them.
  private(set) var updated = 0
  /// Orders skipped because the store has them already, unchanged.
  private(set) var alreadyPresent = 0
  private var planner: OrderPlanner
  /// What `finish` writes, once the planner has made it.
  private var finalWrites: FinalWrites?

  /// Orders handed from the planner's thread to the writing one.
  private enum Message: Sendable {
    /// Rows of `orders` orders.
    case rows(Transaction.Rows, orders: Int)
    case done(FinalWrites)
    case failed(TallyError)
  }

  /// Orders planned per hand-over: large enough that the threads rarely wait on the queue's lock,
  /// small enough that the hand-overs in flight (`handoffCapacity`) stay a few megabytes.
  static var ordersPerHandoff: Int { 4096 }
  private static var handoffCapacity: Int { 4 }

  /// Prepares one part of an import: loads stores and menu items, creates the stores and
  /// customers the part names, skips the orders the stores have already, unchanged, and removes
  /// those it replaces or updates.
  ///
  /// - throws: `TallyError` naming the line of an order whose lines are not together in the file,
  ///   or of an order placed after today in its store's zone.
  init(
    _ transaction: Transaction, lines: [OrderLineInput], orders: OrderGroups,
    lookUps: PartLookUps, state: inout ImportState
  ) throws {
    self.transaction = transaction
    self.lines = lines
    self.orders = orders
    savesItems = state.savesItems
    var delta = AggregateDelta()
    swap(&delta, &state.delta)
    planner = OrderPlanner(
      lines: lines, nextOrderKey: try transaction.nextOrderKey(),
      nextItemId: try transaction.nextMenuItemId(), delta: consume delta)
    // Stores keep their numbers over the parts: the changes are summed by number. Only the
    // stores the part names are added, so a POS order does not cost a zone for every store of
    // the chain.
    for (store, zone) in zip(state.storeIds, state.storeZones) {
      planner.addStore(store, zone: zone, clock: state.clock)
    }
    let unnumbered = orders.stores.filter { planner.storeNumber($0) == nil }
    if !unnumbered.isEmpty {
      let named = Set(unnumbered)
      for shop in try transaction.shops() where named.contains(shop.id) {
        let zone = try Zone(identifier: shop.timeZone)
        planner.addStore(shop.id, zone: zone, clock: state.clock)
        state.storeIds.append(shop.id)
        state.storeZones.append(zone)
      }
    }
    // Only the stored items the part names: by POS id, and by name for lines without one.
    for item in try transaction.menuItems(
      ids: [], externalIds: lookUps.itemIds, names: lookUps.itemNames)
    {
      planner.addItem(item)
    }

    // A store the file names a zone for (a POS export's column) is created in it: its days are
    // the location's own.
    for store in orders.stores where planner.storeNumber(store) == nil {
      let zone = orders.storeZones[store] ?? state.newStoreZone
      try transaction.insert(Shop(id: store, name: store, timeZone: zone.identifier))
      createdStores.append(store)
      createdStoreZones[store] = zone
      planner.addStore(store, zone: zone, clock: state.clock)
      state.storeIds.append(store)
      state.storeZones.append(zone)
    }
    // Customers named in earlier parts were looked up (or created) then; the others are looked
    // up now, and those not found are new.
    let unknown = lookUps.customers
    let stored = try transaction.customerKeys(unknown)
    state.customers.merge(stored) { $1 }
    let created = try transaction.insertCustomers(unknown.filter { stored[$0] == nil })
    state.customers.merge(created) { $1 }
    planner.customerKeys = state.customers

    written.reserveCapacity(orders.count)
    var repeated = orders.repeated.makeIterator()
    var nextRepeated = repeated.next()
    for order in 0..<orders.count {
      let seen = order == nextRepeated
      if seen { nextRepeated = repeated.next() }
      if state.hadOrders || seen {
        if try !isToBeWritten(order, seenEarlierInFile: seen, state: state) { continue }
      }
      written.append(order)
    }
  }

  /// Whether order `order` of the part is to be written: yes when its store does not have it;
  /// when it does (ids are unique per store), not when it is unchanged, unless `replace`. An
  /// order to be written again is first taken out of the aggregates and deleted.
  ///
  /// An order stored before the import whose id an earlier part of the file had too has its
  /// lines far apart: the earlier part judged it by its first lines alone.
  private mutating func isToBeWritten(
    _ order: Int, seenEarlierInFile seen: Bool, state: ImportState
  ) throws -> Bool {
    let positions = orders.lines(of: order)
    let line = lines[Int(positions.first!)]
    // One look-up: an order the store has is compared with the file's, so its lines are read.
    guard let (stored, storedLines) = try transaction.order(storeId: line.storeId, id: line.orderId)
    else { return true }
    guard stored.key < state.firstOrderKey, !seen else {
      throw TallyError.invalid(
        "order_id", line.orderId,
        expected: "the lines of one order together (this order has lines far earlier in the file)",
        source: line.source)
    }
    if !state.replace {
      if isUnchanged(stored, storedLines, positions) {
        alreadyPresent += 1
        return false
      }
      updated += 1
    } else {
      replaced += 1
    }
    // What the order replaced names beyond the part: its customer and items before the change.
    if let customer = stored.customerId, !customer.isEmpty, planner.customerKey(customer) == nil {
      planner.customerKeys.merge(try transaction.customerKeys([customer])) { $1 }
    }
    try addStoredItems(of: storedLines)
    planner.subtract(stored, lines: storedLines)
    try transaction.delete(stored)
    return true
  }

  /// Whether a stored order is what the lines at `positions` would store: placed at the same
  /// instant the same way (an instant, or a wall time in the store's zone), with the same status
  /// and customer (id and name), and the same lines in the same order (menu item, name, category,
  /// quantity, unit price, tax, kind). The item's price on the menu is the item's, saved with the
  /// next order that names it, not the order's.
  private mutating func isUnchanged(
    _ stored: StoreOrder, _ storedLines: [OrderLine], _ positions: ArraySlice<Int32>
  ) -> Bool {
    let first = lines[Int(positions.first!)]
    guard stored.status == first.status,
      (stored.customerId ?? "").isEmpty
        ? (first.customerId ?? "").isEmpty
        : stored.customerId == first.customerId,
      (stored.customerName ?? "") == (first.customerName ?? ""),
      stored.wallClock == first.placedAt.isWallClock,
      planner.instant(of: first.placedAt, storeId: first.storeId) == stored.placedAt,
      storedLines.count == positions.count
    else { return false }
    // Each line's item as the planner would plan it (the items the part names are loaded),
    // against the stored line's: no query for the stored order's own items.
    for (storedLine, position) in zip(storedLines, positions) {
      let line = lines[Int(position)]
      guard storedLine.itemName == line.itemName, storedLine.quantity == line.quantity,
        storedLine.unitPrice == line.unitPrice, storedLine.tax == line.tax,
        storedLine.kind == line.kind,
        storedLine.category.category == line.category,
        storedLine.category.subcategory == (line.subcategory ?? ""),
        planner.storedItemId(of: line) == storedLine.menuItemId
      else { return false }
    }
    return true
  }

  /// Makes the stored items of these lines known to the planner.
  private mutating func addStoredItems(of storedLines: [OrderLine]) throws {
    let unknownItems = Set(storedLines.map(\.menuItemId)).filter { !planner.knowsItem($0) }
    if !unknownItems.isEmpty {
      for item in try transaction.menuItems(ids: Array(unknownItems), externalIds: [], names: []) {
        planner.addItem(item)
      }
    }
  }

  /// Writes every order and line: the planner makes rows on its own thread while this thread
  /// writes them (here, for a part of one hand-over or less).
  ///
  /// - Parameter progress: called with the number of orders written so far.
  mutating func write(progress: (Int) -> Void) throws {
    // Orders that fit one hand-over are planned on this thread: it would only wait for a planner
    // thread's one message (a POS order started a thread each).
    if written.count <= Self.ordersPerHandoff {
      var rows = PlannedOrders()
      for order in written { try planner.plan(orders.lines(of: order), into: &rows) }
      try transaction.write(Transaction.rows(rows))
      progress(rows.orders.count)
      try transaction.finishWriting()
      finalWrites = planner.finalWrites()
      return
    }
    let handoff = Handoff<Message>(capacity: Self.handoffCapacity)
    // The thread takes the only copy: a second one would make its first change copy the sums
    // of the import's earlier parts.
    let owned = LockedValue(Optional(planner))
    planner = OrderPlanner(lines: [], nextOrderKey: 0, nextItemId: 0, delta: AggregateDelta())
    Thread.detachNewThread { [orders, written] in
      var planner = owned.withLock { $0.take()! }
      var rows = PlannedOrders()
      func message() -> Message { .rows(Transaction.rows(rows), orders: rows.orders.count) }
      do throws(TallyError) {
        for order in written {
          try planner.plan(orders.lines(of: order), into: &rows)
          if rows.orders.count >= Self.ordersPerHandoff {
            guard handoff.put(message()) else { return }
            rows = PlannedOrders()
          }
        }
        // The items to save, and the import's summed changes handed back for the next part
        // (the changes are made into rows once, after the last part: `ImportState`).
        if handoff.put(message()) { _ = handoff.put(.done(planner.finalWrites())) }
      } catch {
        _ = handoff.put(.failed(error))
      }
    }
    // Stops the planner when this thread fails.
    defer { handoff.close() }

    var count = 0
    while true {
      switch handoff.take() {
      case .rows(let rows, let orders):
        try transaction.write(rows)
        count += orders
        progress(count)
      case .done(let writes):
        try transaction.finishWriting()
        finalWrites = writes
        return
      case .failed(let error):
        throw error
      }
    }
  }

  /// Orders and lines written.
  var counts: (orders: Int, lines: Int) {
    (written.count, written.reduce(0) { $0 + orders.lines(of: $1).count })
  }

  /// Saves the menu items the part named — new ones, and the latest name, category and price
  /// of known ones — and hands the aggregate changes back to `state` for the next part.
  mutating func finish(state: inout ImportState) throws {
    // Made on the planner's thread by `write`, which runs first (else the planner still holds
    // them: the delta of the stored orders it took out).
    var writes = finalWrites ?? planner.finalWrites()
    finalWrites = nil
    // Items it had to make are saved either way: its lines name them.
    try transaction.save(
      newItems: writes.newItems, updatedItems: savesItems ? writes.updatedItems : [])
    swap(&state.delta, &writes.delta)
  }
}

/// What the parts of one import share: the rules it runs under and what earlier parts learned.
struct ImportState {
  /// Whether orders the stores have already are written again even when unchanged.
  let replace: Bool
  /// Whether the items the orders name are saved as the menu's latest (`OrderImport`).
  var savesItems = true
  let newStoreZone: Zone
  /// Each store's today: orders placed after it in their store's zone are refused.
  let clock: TallyClock
  /// Whether orders were stored before the import (else none can be present already).
  let hadOrders: Bool
  /// The first order key of the import: stored orders with smaller keys were there before.
  let firstOrderKey: Int64
  /// Customer keys by POS id of the customers the import named so far: found stored, or
  /// created.
  var customers: [String: Int64] = [:]
  /// The stores by number, as the parts' planners number them, and their zones.
  var storeIds: [String] = []
  var storeZones: [Zone] = []
  /// The aggregate changes of the parts imported so far.
  var delta = AggregateDelta()

  /// Hands the repository the aggregate changes of every part, once, after the last.
  mutating func applyChanges<Transaction: StoreTransaction>(to transaction: Transaction) throws {
    try transaction.apply(delta.changes(storeIds: storeIds))
    delta = AggregateDelta()
  }
}

extension PartLookUps {
  /// What a part will look up (`StoreTransaction.prefetch`): the items it names, the customers
  /// not in `customers` (found or made by earlier parts), and its orders that may be stored:
  /// every one when `everyOrder`, else those an earlier part had too.
  init(
    lines: [OrderLineInput], orders: OrderGroups, customers: [String: Int64], everyOrder: Bool
  ) {
    // The items by POS id, and by name for lines without one.
    var ids: Set<String> = []
    var names: Set<String> = []
    for line in lines {
      if let id = line.itemId {
        ids.insert(id)
      } else {
        names.insert(line.itemName)
      }
    }
    self.init(
      orderCount: orders.count, itemIds: Array(ids), itemNames: Array(names),
      customers: orders.newCustomers.filter { customers[$0] == nil })
    for order in everyOrder ? Array(0..<orders.count) : orders.repeated {
      let first = lines[Int(orders.lines(of: order).first!)]
      orderStores.append(first.storeId)
      orderIds.append(first.orderId)
    }
  }
}
