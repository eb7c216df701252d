import AnalyticsCore
import Foundation
import GRDB
import Storage

/// Writes the orders of one import inside its transaction, on two threads: an `OrderPlanner`
/// turns orders into rows and aggregate deltas on one, while this binds the rows it made into
/// statements of 64 rows (`BatchInsert`) on the database's — an import uses both cores.
///
/// Before that it creates the stores and customers the import names and takes out the orders it
/// replaces; after, it writes the menu items and applies the deltas.
struct OrderWriter {
  private let db: Database
  private let orders: OrderGroups
  /// Stores created because the file named them.
  private(set) var createdStores: [String] = []
  /// Orders that replaced earlier ones.
  private(set) var replaced = 0
  private var planner: OrderPlanner

  /// Orders handed from the planner's thread to the database's.
  private enum Message: Sendable {
    case rows(PlannedRows)
    case done(OrderPlanner)
    case failed(StoreError)
  }

  /// Orders planned per hand-over.
  private static let ordersPerMessage = 4096

  /// Prepares the import: loads stores and menu items, creates the stores and customers the
  /// import names, and removes the orders it replaces.
  ///
  /// - throws: `StoreError` naming the line of an order that exists when not `replace`.
  init(
    _ db: Database, lines: [OrderLineInput], orders: OrderGroups, newStoreZone: Zone,
    replace: Bool
  ) throws {
    self.db = db
    self.orders = orders
    planner = OrderPlanner(
      lines: lines,
      nextOrderKey: try Int64.fetchOne(
        db, sql: "SELECT COALESCE(MAX(key), 0) + 1 FROM store_order")!,
      // Above every id menu_item's AUTOINCREMENT has handed out.
      nextItemId: try Int64.fetchOne(
        db,
        sql: """
          SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'menu_item'), 0),
                     COALESCE((SELECT MAX(id) FROM menu_item), 0)) + 1
          """)!)
    for shop in try Shop.fetchAll(db) {
      planner.addStore(shop.id, zone: try Zone(identifier: shop.timeZone))
    }
    for item in try MenuItem.fetchAll(db) { planner.addItem(item) }

    var customers: Set<String> = []
    for order in 0..<orders.count {
      let first = Int(orders.lines(of: order).first!)
      let store = lines[first].storeId
      if planner.storeNumber(store) == nil {
        try Shop(id: store, name: store, timeZone: newStoreZone.identifier).insert(db)
        createdStores.append(store)
        planner.addStore(store, zone: newStoreZone)
      }
      if let customer = lines[first].customerId, !customer.isEmpty { customers.insert(customer) }
    }
    for customer in customers {
      if let key = try Int64.fetchOne(
        db.cachedStatement(sql: "SELECT id FROM customer WHERE external_id = ?"),
        arguments: [customer])
      {
        planner.addCustomer(customer, key: key)
      } else {
        try db.cachedStatement(sql: "INSERT INTO customer (external_id) VALUES (?)")
          .execute(arguments: [customer])
        planner.addCustomer(customer, key: db.lastInsertedRowID)
      }
    }

    if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM store_order LIMIT 1)") != 0 {
      for order in 0..<orders.count {
        try removeExisting(lines[Int(orders.lines(of: order).first!)], replace: replace)
      }
    }
  }

  /// Deletes the stored order with this line's order id, if any, taking it out of the
  /// aggregates.
  ///
  /// - throws: `StoreError` naming the line when the order exists and `replace` is false.
  private mutating func removeExisting(_ line: OrderLineInput, replace: Bool) throws {
    let existing = try db.cachedStatement(
      sql: """
        SELECT key, store_id, local_date, local_hour, status, customer_id, subtotal_cents,
               tax_cents, total_cents
        FROM store_order WHERE id = ?
        """)
    guard let order = try Row.fetchOne(existing, arguments: [line.orderId]) else { return }
    guard replace else {
      throw StoreError(
        .badData,
        "\(line.location): order \(line.orderId) exists already: use --replace to replace imported orders"
      )
    }
    let key: Int64 = order["key"]
    if order["status"] == OrderStatus.completed.rawValue {
      let customer: String? = order["customer_id"]
      if let customer, !customer.isEmpty, planner.customerKey(customer) == nil {
        let stored = try Int64.fetchOne(
          db.cachedStatement(sql: "SELECT id FROM customer WHERE external_id = ?"),
          arguments: [customer])
        planner.addCustomer(customer, key: stored!)
      }
      let orderLines = try Row.fetchAll(
        db.cachedStatement(
          sql: "SELECT menu_item_id, quantity, subtotal_cents FROM order_line WHERE order_key = ?"),
        arguments: [key])
      planner.subtract(
        store: order["store_id"], day: order["local_date"], hour: order["local_hour"],
        customer: customer, subtotal: order["subtotal_cents"], tax: order["tax_cents"],
        total: order["total_cents"],
        lines: orderLines.map { (item: $0[0], quantity: $0[1], revenue: $0[2]) })
    }
    try db.cachedStatement(sql: "DELETE FROM order_line WHERE order_key = ?")
      .execute(arguments: [key])
    try db.cachedStatement(sql: "DELETE FROM store_order WHERE key = ?").execute(arguments: [key])
    replaced += 1
  }

  /// Writes every order and line: the planner makes rows on its own thread while this thread
  /// binds them.
  ///
  /// - Parameter progress: called with the number of orders written so far.
  mutating func write(progress: (Int) -> Void) throws {
    let handoff = Handoff<Message>(capacity: 4)
    Thread.detachNewThread { [planner, orders] in
      var planner = planner
      var rows = PlannedRows()
      do throws(StoreError) {
        for order in 0..<orders.count {
          try planner.plan(orders.lines(of: order), into: &rows)
          if rows.orders.count >= 11 * Self.ordersPerMessage {
            guard handoff.put(.rows(rows)) else { return }
            rows = PlannedRows()
          }
        }
        if handoff.put(.rows(rows)) { _ = handoff.put(.done(planner)) }
      } catch {
        _ = handoff.put(.failed(error))
      }
    }
    // Stops the planner when this thread fails.
    defer { handoff.close() }

    var orderRows = try BatchInsert(
      db,
      """
      INSERT INTO store_order (key, id, store_id, customer_id, placed_at, local_date, local_hour,
        status, subtotal_cents, tax_cents, total_cents)
      """, columns: 11)
    var lineRows = try BatchInsert(
      db,
      """
      INSERT INTO order_line (order_key, line_no, menu_item_id, item_name, unit_price_cents,
        quantity, subtotal_cents, tax_cents)
      """, columns: 8)
    var written = 0
    while true {
      switch handoff.take() {
      case .rows(let rows):
        try orderRows.append(contentsOf: rows.orders)
        try lineRows.append(contentsOf: rows.lines)
        written += rows.orders.count / 11
        progress(written)
      case .done(let finished):
        try orderRows.flush()
        try lineRows.flush()
        planner = finished
        return
      case .failed(let error):
        throw error
      }
    }
  }

  /// Writes the menu items the import named — new ones, and the latest name, category and price
  /// of known ones — then applies the aggregate deltas; when an item moved to another category,
  /// the category totals are recounted from the order tables instead.
  func finish() throws {
    let insert = try db.cachedStatement(
      sql: """
        INSERT INTO menu_item (id, external_id, name, category, subcategory, price_cents)
        VALUES (?, ?, ?, ?, ?, ?)
        """)
    let update = try db.cachedStatement(
      sql:
        "UPDATE menu_item SET name = ?, category = ?, subcategory = ?, price_cents = ? WHERE id = ?"
    )
    var categories = planner.storedCategories
    var moved = false
    for item in planner.latestItems() {
      let fields = item.fields
      if item.isNew {
        try insert.execute(arguments: [
          item.id, fields.externalId, fields.name, fields.category, fields.subcategory,
          fields.price,
        ])
      } else {
        try update.execute(arguments: [
          fields.name, fields.category, fields.subcategory, fields.price, item.id,
        ])
        if categories[item.id] != fields.categoryKey { moved = true }
      }
      categories[item.id] = fields.categoryKey
    }
    try planner.delta.apply(db, storeIds: planner.storeIds, categories: moved ? nil : categories)
  }
}
