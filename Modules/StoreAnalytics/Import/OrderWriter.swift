import AnalyticsCore
import Foundation
import GRDB
import Storage

/// Writes orders and their lines inside one import transaction: stores and menu items resolved
/// through caches, rows written with `BulkStatement` (millions of rows), local days and hours
/// from each store's zone with cached offsets, and the aggregates of every touched day rebuilt
/// at the end.
struct OrderWriter {
  let db: Database
  let newStoreZone: Zone
  private(set) var createdStores: [String] = []
  private var zones: [String: Zone] = [:]
  private var itemsByExternalId: [String: Int64] = [:]
  private var itemsByName: [String: Int64] = [:]
  private var latestItem:
    [Int64: (name: String, category: String, subcategory: String?, price: FixedDecimal)] = [:]
  private var touched: Set<StoreDay> = []
  private var knownCustomers: Set<String> = []
  private var offsetCache: [String: [Int: Int]] = [:]
  private let tableWasEmpty: Bool

  struct StoreDay: Hashable {
    let store: String
    let date: LocalDate
  }

  init(_ db: Database, newStoreZone: Zone) throws {
    self.db = db
    self.newStoreZone = newStoreZone
    for shop in try Shop.fetchAll(db) { zones[shop.id] = try Zone(identifier: shop.timeZone) }
    for item in try MenuItem.fetchAll(db) {
      if let external = item.externalId { itemsByExternalId[external] = item.id! }
      itemsByName[item.name] = itemsByName[item.name] ?? item.id!
    }
    tableWasEmpty =
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM store_order LIMIT 1)") == 0
  }

  /// Deletes an existing order with this id when `replace`; returns whether one existed.
  mutating func removeExisting(_ id: String, line: String, replace: Bool) throws -> Bool {
    guard !tableWasEmpty else { return false }
    let existing = try db.cachedStatement(
      sql: "SELECT store_id, local_date FROM store_order WHERE id = ?")
    guard let row = try Row.fetchOne(existing, arguments: [id]) else { return false }
    guard replace else {
      throw StoreError(
        .badData, "\(line): order \(id) exists already: use --replace to replace imported orders")
    }
    touched.insert(StoreDay(store: row[0], date: row[1]))
    try db.execute(sql: "DELETE FROM store_order WHERE id = ?", arguments: [id])
    return true
  }

  mutating func insert(_ order: OrderLineInput, lines: [OrderLineInput]) throws {
    let zone = try zone(for: order.storeId)
    let (placedAt, local) = resolve(order.placedAt, zone: zone, store: order.storeId)
    var subtotal = FixedDecimal.zero
    var tax = FixedDecimal.zero
    for line in lines {
      subtotal = subtotal + line.unitPrice * line.quantity
      tax = tax + line.tax
    }
    let insertOrder = try BulkStatement(
      db,
      sql: """
        INSERT INTO store_order (id, store_id, customer_id, placed_at, local_date, local_hour,
          status, subtotal_cents, tax_cents, total_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    try insertOrder.bind(1, order.orderId)
    try insertOrder.bind(2, order.storeId)
    try insertOrder.bind(3, order.customerId)
    try insertOrder.bind(4, placedAt)
    try insertOrder.bind(5, local.date.description)
    try insertOrder.bind(6, Int64(local.time.hour))
    try insertOrder.bind(7, order.status.rawValue)
    try insertOrder.bind(8, subtotal.hundredths)
    try insertOrder.bind(9, tax.hundredths)
    try insertOrder.bind(10, (subtotal + tax).hundredths)
    try insertOrder.step()
    let orderKey = db.lastInsertedRowID
    touched.insert(StoreDay(store: order.storeId, date: local.date))
    if let customer = order.customerId, !customer.isEmpty, knownCustomers.insert(customer).inserted
    {
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO customer (external_id) VALUES (?)")
        .execute(arguments: [customer])
    }

    let insertLine = try BulkStatement(
      db,
      sql: """
        INSERT INTO order_line (order_key, line_no, menu_item_id, item_name, unit_price_cents,
          quantity, subtotal_cents, tax_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """)
    for (number, line) in lines.enumerated() {
      try insertLine.bind(1, orderKey)
      try insertLine.bind(2, Int64(number))
      try insertLine.bind(3, try menuItem(for: line))
      try insertLine.bind(4, line.itemName)
      try insertLine.bind(5, line.unitPrice.hundredths)
      try insertLine.bind(6, Int64(line.quantity))
      try insertLine.bind(7, (line.unitPrice * line.quantity).hundredths)
      try insertLine.bind(8, line.tax.hundredths)
      try insertLine.step()
    }
  }

  /// Saves menu items' latest names and prices, then rebuilds the aggregates of touched days.
  func finish() throws {
    let update = try db.cachedStatement(
      sql:
        "UPDATE menu_item SET name = ?, category = ?, subcategory = ?, price_cents = ? WHERE id = ?"
    )
    for (id, item) in latestItem {
      try update.execute(arguments: [item.name, item.category, item.subcategory, item.price, id])
    }
    try StoreAggregates.rebuild(db, days: touched.map { ($0.store, $0.date) })
  }

  // MARK: Helpers

  private mutating func zone(for store: String) throws -> Zone {
    if let zone = zones[store] { return zone }
    try Shop(id: store, name: store, timeZone: newStoreZone.identifier).insert(db)
    createdStores.append(store)
    zones[store] = newStoreZone
    return newStoreZone
  }

  /// The instant and the store-local date-time, with the zone offset cached per hour.
  private mutating func resolve(_ placedAt: PlacedAt, zone: Zone, store: String) -> (
    Double, LocalDateTime
  ) {
    switch placedAt {
    case .instant(let seconds):
      let key = Int((seconds / 3600).rounded(.down))
      let offset: Int
      if let cached = offsetCache[store]?[key] {
        offset = cached
      } else {
        offset = zone.offset(at: Date(timeIntervalSince1970: seconds))
        offsetCache[store, default: [:]][key] = offset
      }
      return (seconds, LocalDateTime(secondsSinceEpoch: Int(seconds.rounded(.down)) + offset))
    case .local(let local):
      // Keys for local hours are negative so they never collide with instant hours.
      let key = -1 - local.secondsSinceEpoch / 3600
      let offset: Int
      if let cached = offsetCache[store]?[key] {
        offset = cached
      } else {
        let instant = zone.instant(of: local).timeIntervalSince1970
        offset = local.secondsSinceEpoch - Int(instant)
        offsetCache[store, default: [:]][key] = offset
      }
      return (Double(local.secondsSinceEpoch - offset), local)
    }
  }

  private mutating func menuItem(for line: OrderLineInput) throws -> Int64 {
    let id: Int64
    if let external = line.itemId, let known = itemsByExternalId[external] {
      id = known
    } else if line.itemId == nil, let known = itemsByName[line.itemName] {
      id = known
    } else {
      var item = MenuItem(
        id: nil, externalId: line.itemId, name: line.itemName, category: line.category,
        subcategory: line.subcategory, price: line.unitPrice)
      try item.insert(db)
      id = item.id!
      if let external = line.itemId { itemsByExternalId[external] = id }
      itemsByName[line.itemName] = itemsByName[line.itemName] ?? id
    }
    latestItem[id] = (line.itemName, line.category, line.subcategory, line.unitPrice)
    return id
  }
}
