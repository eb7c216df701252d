import AnalyticsCore
import Foundation
import Storage

/// The rows of some orders, ready to bind: 11 values per order, 8 per line, in column order.
struct PlannedRows: Sendable {
  var orders: [BatchInsert.Value] = []
  var lines: [BatchInsert.Value] = []
}

/// Turns the import's orders into rows and aggregate deltas without touching the database, so it
/// can run on its own thread while another binds the rows it made (`OrderWriter`): the store's
/// local day and hour from its zone (offsets cached per hour), amounts in cents, keys for orders
/// and for new menu items, and the deltas of every aggregate (`AggregateDelta`).
///
/// The writer gives it every store and customer the import names before it starts.
struct OrderPlanner: Sendable {
  /// A menu item's fields as a line gives them.
  struct ItemFields: Sendable {
    let externalId: String?
    let name: String
    let category: String
    let subcategory: String?
    let price: Int64

    /// The key of the item's category totals.
    var categoryKey: AggregateDelta.Category {
      AggregateDelta.Category(category: category, subcategory: subcategory ?? "")
    }
  }

  private let lines: [OrderLineInput]
  // Stores by number: id, zone, and zone offsets by hour key.
  private(set) var storeIds: [String] = []
  private var storeNumbers: [String: Int32] = [:]
  private var zones: [Zone] = []
  private var offsets: [[Int: Int]] = []
  private var itemsByExternalId: [String: Int64] = [:]
  private var itemsByName: [String: Int64] = [:]
  /// Each item's category as stored before the import.
  private(set) var storedCategories: [Int64: AggregateDelta.Category] = [:]
  /// The first id a new menu item takes.
  private let firstNewItem: Int64
  private var nextItem: Int64
  /// By item id, the position of the item's last line in the import (whose name, category and
  /// price it takes), -1 when none: an array, as it is set for every line.
  private var latestLines: [Int32] = []
  /// Customer keys of every customer the import names.
  private var customerKeys: [String: Int64] = [:]
  private var nextKey: Int64
  /// The aggregate deltas so far.
  private(set) var delta = AggregateDelta()
  /// The current order's line amounts (quantity × unit price), kept to reuse the storage.
  private var amounts: [Int64] = []

  /// Starts with the import's lines, the first free order key and menu item id.
  init(lines: [OrderLineInput], nextOrderKey: Int64, nextItemId: Int64) {
    self.lines = lines
    nextKey = nextOrderKey
    firstNewItem = nextItemId
    nextItem = nextItemId
  }

  /// The number of a store, when known.
  func storeNumber(_ id: String) -> Int32? { storeNumbers[id] }

  /// Adds a store.
  mutating func addStore(_ id: String, zone: Zone) {
    storeNumbers[id] = Int32(storeIds.count)
    storeIds.append(id)
    zones.append(zone)
    offsets.append([:])
  }

  /// Adds a stored menu item.
  mutating func addItem(_ item: MenuItem) {
    let id = item.id!
    if let external = item.externalId { itemsByExternalId[external] = id }
    itemsByName[item.name] = itemsByName[item.name] ?? id
    storedCategories[id] = AggregateDelta.Category(
      category: item.category, subcategory: item.subcategory ?? "")
  }

  /// Adds a customer's key.
  mutating func addCustomer(_ id: String, key: Int64) { customerKeys[id] = key }

  /// A customer's key; `nil` without a customer.
  func customerKey(_ id: String?) -> Int64? {
    guard let id, !id.isEmpty else { return nil }
    return customerKeys[id]
  }

  /// Takes an order written before out of the aggregates.
  mutating func subtract(
    store: String, day: LocalDate, hour: Int, customer: String?, subtotal: Int64, tax: Int64,
    total: Int64, lines: [(item: Int64, quantity: Int, revenue: Int64)]
  ) {
    delta.beginOrder(
      store: storeNumbers[store]!, day: day, hour: hour, customer: customerKey(customer),
      subtotal: subtotal, tax: tax, total: total, sign: -1)
    for line in lines {
      delta.addLine(item: line.item, quantity: line.quantity, revenue: line.revenue)
    }
  }

  /// Appends the rows of the order whose lines are at `positions` to `rows`.
  ///
  /// - throws: `StoreError` when an amount is too large to add up exactly.
  mutating func plan(_ positions: ArraySlice<Int32>, into rows: inout PlannedRows)
    throws(StoreError)
  {
    // Fields are read in place (`lines[i].field`): copying a line copies all its strings.
    let first = Int(positions.first!)
    let store = storeNumbers[lines[first].storeId]!
    let (placedAt, local) = resolve(lines[first].placedAt, store: store)
    var subtotal: Int64 = 0
    var tax: Int64 = 0
    amounts.removeAll(keepingCapacity: true)
    for position in positions {
      let (amount, overflow) = lines[Int(position)].unitPrice.hundredths
        .multipliedReportingOverflow(by: Int64(lines[Int(position)].quantity))
      guard !overflow else { throw tooLarge(first) }
      amounts.append(amount)
      subtotal = try sum(subtotal, amount, at: first)
      tax = try sum(tax, lines[Int(position)].tax.hundredths, at: first)
    }
    let total = try sum(subtotal, tax, at: first)
    let orderKey = nextKey
    nextKey += 1
    let status = lines[first].status
    rows.orders.append(.integer(orderKey))
    rows.orders.append(.text(lines[first].orderId))
    rows.orders.append(.text(lines[first].storeId))
    rows.orders.append(lines[first].customerId.map { .text($0) } ?? .null)
    rows.orders.append(.real(placedAt))
    rows.orders.append(.text(local.date.description))
    rows.orders.append(.integer(Int64(local.time.hour)))
    rows.orders.append(.text(status.rawValue))
    rows.orders.append(.integer(subtotal))
    rows.orders.append(.integer(tax))
    rows.orders.append(.integer(total))
    if status == .completed {
      delta.beginOrder(
        store: store, day: local.date, hour: local.time.hour,
        customer: customerKey(lines[first].customerId), subtotal: subtotal, tax: tax,
        total: total, sign: 1)
    }
    for (number, position) in positions.enumerated() {
      let item = menuItem(at: position)
      rows.lines.append(.integer(orderKey))
      rows.lines.append(.integer(Int64(number)))
      rows.lines.append(.integer(item))
      rows.lines.append(.text(lines[Int(position)].itemName))
      rows.lines.append(.integer(lines[Int(position)].unitPrice.hundredths))
      rows.lines.append(.integer(Int64(lines[Int(position)].quantity)))
      rows.lines.append(.integer(amounts[number]))
      rows.lines.append(.integer(lines[Int(position)].tax.hundredths))
      if status == .completed {
        delta.addLine(
          item: item, quantity: lines[Int(position)].quantity, revenue: amounts[number])
      }
    }
  }

  /// Every item the import named with the fields of its last line; `isNew` for items it created.
  func latestItems() -> [(id: Int64, isNew: Bool, fields: ItemFields)] {
    latestLines.enumerated().compactMap { id, position in
      guard position >= 0 else { return nil }
      let line = lines[Int(position)]
      return (
        Int64(id), Int64(id) >= firstNewItem,
        ItemFields(
          externalId: line.itemId, name: line.itemName, category: line.category,
          subcategory: line.subcategory, price: line.unitPrice.hundredths)
      )
    }
  }

  // MARK: Helpers

  /// The instant and the store-local date-time, with the zone offset cached per hour.
  private mutating func resolve(_ placedAt: PlacedAt, store: Int32) -> (Double, LocalDateTime) {
    let zone = zones[Int(store)]
    switch placedAt {
    case .instant(let seconds):
      let key = Int((seconds / 3600).rounded(.down))
      let offset: Int
      if let cached = offsets[Int(store)][key] {
        offset = cached
      } else {
        offset = zone.offset(at: Date(timeIntervalSince1970: seconds))
        offsets[Int(store)][key] = offset
      }
      return (seconds, LocalDateTime(secondsSinceEpoch: Int(seconds.rounded(.down)) + offset))
    case .local(let local):
      // Keys for local hours are negative so they never collide with instant hours.
      let key = -1 - local.secondsSinceEpoch / 3600
      let offset: Int
      if let cached = offsets[Int(store)][key] {
        offset = cached
      } else {
        let instant = zone.instant(of: local).secondsSinceEpoch
        offset = local.secondsSinceEpoch - Int(instant)
        offsets[Int(store)][key] = offset
      }
      return (Double(local.secondsSinceEpoch - offset), local)
    }
  }

  /// The menu item of the line at `position`, given the next id when new.
  private mutating func menuItem(at position: Int32) -> Int64 {
    let id: Int64
    if let external = lines[Int(position)].itemId, let known = itemsByExternalId[external] {
      id = known
    } else if lines[Int(position)].itemId == nil,
      let known = itemsByName[lines[Int(position)].itemName]
    {
      id = known
    } else {
      id = nextItem
      nextItem += 1
      if let external = lines[Int(position)].itemId { itemsByExternalId[external] = id }
      let name = lines[Int(position)].itemName
      itemsByName[name] = itemsByName[name] ?? id
    }
    if Int(id) >= latestLines.count {
      latestLines += repeatElement(-1, count: Int(id) + 1 - latestLines.count)
    }
    latestLines[Int(id)] = position
    return id
  }

  private func sum(_ lhs: Int64, _ rhs: Int64, at line: Int) throws(StoreError) -> Int64 {
    let (sum, overflow) = lhs.addingReportingOverflow(rhs)
    guard !overflow else { throw tooLarge(line) }
    return sum
  }

  private func tooLarge(_ line: Int) -> StoreError {
    StoreError(
      .badData,
      "\(lines[line].location): the amounts of order \(lines[line].orderId) are too large to add up exactly"
    )
  }
}
