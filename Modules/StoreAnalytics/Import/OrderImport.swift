import AnalyticsCore
import Foundation

/// One import inside a repository transaction, on two threads: an `OrderPlanner` turns orders
/// into typed rows and aggregate deltas on one, while the repository writes the rows it made on
/// the calling thread — an import uses both cores.
///
/// Before that it creates the stores and customers the import names and takes out the orders it
/// replaces; after, it saves the menu items and hands over the aggregate deltas.
struct OrderImport {
  private let transaction: any StoreTransaction
  private let orders: OrderGroups
  /// Stores created because the file named them.
  private(set) var createdStores: [String] = []
  /// Orders that replaced earlier ones.
  private(set) var replaced = 0
  private var planner: OrderPlanner

  /// Orders handed from the planner's thread to the writing one.
  private enum Message: Sendable {
    case rows(PlannedOrders, encoded: (any Sendable)?)
    case done(OrderPlanner)
    case failed(TallyError)
  }

  /// Orders planned per hand-over: large enough that the threads rarely wait on the queue's lock,
  /// small enough that the hand-overs in flight (`handoffCapacity`) stay a few megabytes.
  static let ordersPerHandoff = 4096
  private static let handoffCapacity = 4

  /// Prepares the import: loads stores and menu items, creates the stores and customers the
  /// import names, and removes the orders it replaces.
  ///
  /// - throws: `TallyError` (`.exists`) naming the line of an order that exists when not
  ///   `replace`.
  init(
    _ transaction: any StoreTransaction, lines: [OrderLineInput], orders: OrderGroups,
    newStoreZone: Zone, replace: Bool
  ) throws {
    self.transaction = transaction
    self.orders = orders
    planner = OrderPlanner(
      lines: lines, nextOrderKey: try transaction.nextOrderKey(),
      nextItemId: try transaction.nextMenuItemId())
    for shop in try transaction.shops() {
      planner.addStore(shop.id, zone: try Zone(identifier: shop.timeZone))
    }
    for item in try transaction.menuItems() { planner.addItem(item) }

    var customers: Set<String> = []
    for order in 0..<orders.count {
      let first = Int(orders.lines(of: order).first!)
      let store = lines[first].storeId
      if planner.storeNumber(store) == nil {
        try transaction.insert(Shop(id: store, name: store, timeZone: newStoreZone.identifier))
        createdStores.append(store)
        planner.addStore(store, zone: newStoreZone)
      }
      if let customer = lines[first].customerId, !customer.isEmpty { customers.insert(customer) }
    }
    for (customer, key) in try transaction.customerKeys(customers) {
      planner.addCustomer(customer, key: key)
    }

    if try transaction.hasOrders() {
      for order in 0..<orders.count {
        try removeExisting(lines[Int(orders.lines(of: order).first!)], replace: replace)
      }
    }
  }

  /// Deletes the stored order with this line's order id, if any, taking it out of the
  /// aggregates.
  private mutating func removeExisting(_ line: OrderLineInput, replace: Bool) throws {
    guard let (order, orderLines) = try transaction.order(id: line.orderId) else { return }
    guard replace else {
      throw TallyError(.badData, .exists(kind: "order", name: line.orderId), source: line.source)
    }
    if let customer = order.customerId, !customer.isEmpty, planner.customerKey(customer) == nil {
      for (customer, key) in try transaction.customerKeys([customer]) {
        planner.addCustomer(customer, key: key)
      }
    }
    planner.subtract(order, lines: orderLines)
    try transaction.delete(order)
    replaced += 1
  }

  /// Writes every order and line: the planner makes rows on its own thread while this thread
  /// writes them.
  ///
  /// - Parameter progress: called with the number of orders written so far.
  mutating func write(progress: (Int) -> Void) throws {
    let handoff = Handoff<Message>(capacity: Self.handoffCapacity)
    let encoder = transaction.encoder
    Thread.detachNewThread { [planner, orders] in
      var planner = planner
      var rows = PlannedOrders()
      func message() -> Message { .rows(rows, encoded: encoder?(rows)) }
      do throws(TallyError) {
        for order in 0..<orders.count {
          try planner.plan(orders.lines(of: order), into: &rows)
          if rows.orders.count >= Self.ordersPerHandoff {
            guard handoff.put(message()) else { return }
            rows = PlannedOrders()
          }
        }
        if handoff.put(message()) { _ = handoff.put(.done(planner)) }
      } catch {
        _ = handoff.put(.failed(error))
      }
    }
    // Stops the planner when this thread fails.
    defer { handoff.close() }

    var written = 0
    while true {
      switch handoff.take() {
      case .rows(let rows, let encoded):
        try transaction.write(rows, encoded: encoded)
        written += rows.orders.count
        progress(written)
      case .done(let finished):
        try transaction.finishWriting()
        planner = finished
        return
      case .failed(let error):
        throw error
      }
    }
  }

  /// Saves the menu items the import named — new ones, and the latest name, category and price
  /// of known ones — then applies the aggregate deltas; when an item moved to another category,
  /// the category totals are recounted instead.
  func finish() throws {
    var categories = planner.storedCategories
    var moved = false
    var newItems: [MenuItem] = []
    var updatedItems: [MenuItem] = []
    for (isNew, item) in planner.latestItems() {
      if isNew {
        newItems.append(item)
      } else {
        updatedItems.append(item)
        if categories[item.id] != item.categoryKey { moved = true }
      }
      categories[item.id] = item.categoryKey
    }
    try transaction.save(newItems: newItems, updatedItems: updatedItems)
    try transaction.apply(
      planner.delta.changes(storeIds: planner.storeIds, categories: moved ? nil : categories))
  }
}
