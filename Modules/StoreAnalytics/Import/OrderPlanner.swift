import AnalyticsCore
import StoreModel

/// Turns the import's orders into typed rows and aggregate deltas without touching the database,
/// so it can run on its own thread while another writes the rows it made (`OrderImport`): the
/// store's local day and hour from its zone (offsets cached per day), amounts in cents, keys for
/// orders and for new menu items, and the deltas of every aggregate (`AggregateDelta`).
///
/// `OrderImport` gives it the stores the part names (and those of earlier parts, numbered as
/// before), and the stored items and customers it names (and those of the orders it replaces),
/// before it starts.
struct OrderPlanner: Sendable {
  private let lines: [OrderLineInput]
  // Stores by number: id, zone, and zone offsets by day (UTC days for instants, local days for
  // wall times; `changes` on a day the offset changes) and, on such a day, by hour key.
  private(set) var storeIds: [String] = []
  private var storeNumbers: [String: Int32] = [:]
  private var zones: [Zone] = []
  private var instantDays: [[Int64: Int]] = []
  private var localDays: [[Int: Int]] = []
  private var offsets: [[Int: Int]] = []
  /// Each store's today: orders placed after it are refused.
  private var latestDays: [LocalDate] = []
  private var itemsByExternalId: [String: Int64] = [:]
  private var itemsByName: [String: Int64] = [:]
  /// The stored items added (`addItem`), as stored.
  private var storedItems: [Int64: MenuItem] = [:]
  /// The first id a new menu item takes.
  private let firstNewItem: Int64
  private var nextItem: Int64
  /// By item id, the position of the item's last line in the import (whose name, category and
  /// price it takes), -1 when none: an array, as it is set for every line.
  private var latestLines: [Int32] = []
  /// Customer keys of every customer the import names.
  var customerKeys: [String: Int64] = [:]
  private var nextKey: Int64
  /// The aggregate changes of the import so far: earlier parts' too, as stores keep their
  /// numbers over an import (`ImportState.storeIds`).
  private(set) var delta: AggregateDelta
  /// The current order's line amounts (quantity × unit price), kept to reuse the storage.
  private var amounts: [Int64] = []

  /// Starts with the import's lines, the first free order key and menu item id, and the
  /// aggregate changes of the import's earlier parts.
  init(lines: [OrderLineInput], nextOrderKey: Int64, nextItemId: Int64, delta: AggregateDelta) {
    self.lines = lines
    self.delta = delta
    nextKey = nextOrderKey
    firstNewItem = nextItemId
    nextItem = nextItemId
  }

  /// The number of a store, when known.
  func storeNumber(_ id: String) -> Int32? { storeNumbers[id] }

  /// Adds a store; the clock's day in its zone is its last day for orders.
  mutating func addStore(_ id: String, zone: Zone, clock: TallyClock) {
    storeNumbers[id] = Int32(storeIds.count)
    storeIds.append(id)
    zones.append(zone)
    instantDays.append([:])
    localDays.append([:])
    offsets.append([:])
    latestDays.append(clock.today(in: zone))
  }

  /// Adds a stored menu item. A line without a POS item id takes the first stored item of its
  /// name (the lowest id), whichever order items are added in.
  mutating func addItem(_ item: MenuItem) {
    if let external = item.externalId { itemsByExternalId[external] = item.id }
    itemsByName[item.name] = min(itemsByName[item.name] ?? item.id, item.id)
    storedItems[item.id] = item
  }

  /// The stored item a line names (by its POS id, else by name), if it was added.
  func storedItemId(of line: OrderLineInput) -> Int64? {
    guard let external = line.itemId else { return itemsByName[line.itemName] }
    return itemsByExternalId[external]
  }

  /// The instant an order placed at `placedAt` in a known store is stored at.
  mutating func instant(of placedAt: PlacedAt, storeId: String) -> Instant {
    resolve(placedAt, store: storeNumbers[storeId]!).0
  }

  /// Whether the stored item with this id was added.
  func knowsItem(_ id: Int64) -> Bool { storedItems[id] != nil }

  /// A customer's key; `nil` without a customer.
  func customerKey(_ id: String?) -> Int64? {
    guard let id, !id.isEmpty else { return nil }
    return customerKeys[id]
  }

  /// Takes an order written before out of the aggregates.
  mutating func subtract(_ order: StoreOrder, lines: [OrderLine]) {
    delta.add(
      order, lines: lines, store: storeNumbers[order.storeId]!,
      customer: customerKey(order.customerId), sign: -1)
  }

  /// Appends the rows of the order whose lines are at `positions` to `rows`.
  ///
  /// - throws: `TallyError` when an amount is too large to add up exactly, a number is out of
  ///   range, or the order was placed after today in its store's zone.
  mutating func plan(_ positions: ArraySlice<Int32>, into rows: inout PlannedOrders)
    throws(TallyError)
  {
    // Fields are read in place (`lines[i].field`): copying a line copies all its strings.
    let first = Int(positions.first!)
    let store = storeNumbers[lines[first].storeId]!
    let (placedAt, local) = resolve(lines[first].placedAt, store: store)
    guard local.date <= latestDays[Int(store)] else {
      throw TallyError.invalid(
        "placed_at", local.description,
        expected: "a day on or before \(latestDays[Int(store)]), today in the store's zone",
        source: lines[first].source)
    }
    // The days every other record may hold: 0001-01-01 was taken, and year-long reports would
    // have walked two thousand years of empty days.
    guard local.date >= LocalDate.supportedRange.lowerBound else {
      throw TallyError.invalid(
        "placed_at", local.description, expected: LocalDate.supportedRangeText,
        source: lines[first].source)
    }
    var subtotal: Int64 = 0
    var tax: Int64 = 0
    amounts.removeAll(keepingCapacity: true)
    for position in positions {
      // Files are checked as they are read; lines made in code are checked here, where each
      // line is read anyway, so that a bad one is refused by name rather than by the database.
      if !lines[Int(position)].numbersInRange || !lines[Int(position)].textsWithinLimits {
        _ = try lines[Int(position)].validatedTyped()
      }
      guard
        let amount = lines[Int(position)].quantity.amount(at: lines[Int(position)].unitPrice)?
          .hundredths
      else { throw tooLarge(first) }
      amounts.append(amount)
      // Refunds, discounts and comps take away from the order's sales and tax; tips count in
      // neither.
      let sign = lines[Int(position)].kind.salesSign
      subtotal = try sum(subtotal, amount * sign, at: first)
      tax = try sum(tax, lines[Int(position)].tax.hundredths * sign, at: first)
    }
    let total = try sum(subtotal, tax, at: first)
    let orderKey = nextKey
    nextKey += 1
    let status = lines[first].status
    rows.orders.append(
      StoreOrder(
        key: orderKey, id: lines[first].orderId, storeId: lines[first].storeId,
        customerId: lines[first].customerId, customerName: lines[first].customerName,
        placedAt: placedAt,
        wallClock: lines[first].placedAt.isWallClock, localDate: local.date,
        localHour: local.time.hour, status: status, subtotal: FixedDecimal(hundredths: subtotal),
        tax: FixedDecimal(hundredths: tax), total: FixedDecimal(hundredths: total)))
    if status == .completed {
      delta.beginOrder(
        store: store, day: local.date, hour: local.time.hour,
        customer: customerKey(lines[first].customerId), subtotal: subtotal, tax: tax,
        total: total, sign: 1)
    } else {
      delta.addUnsold(store: store, day: local.date, status: status, subtotal: subtotal, sign: 1)
    }
    for (number, position) in positions.enumerated() {
      let item = menuItem(at: position)
      let category = CategoryKey(
        category: lines[Int(position)].category,
        subcategory: lines[Int(position)].subcategory ?? "")
      rows.lines.append(
        OrderLine(
          orderKey: orderKey, lineNo: number, menuItemId: item,
          itemName: lines[Int(position)].itemName, unitPrice: lines[Int(position)].unitPrice,
          quantity: lines[Int(position)].quantity,
          subtotal: FixedDecimal(hundredths: amounts[number]),
          tax: lines[Int(position)].tax, category: category, kind: lines[Int(position)].kind))
      if status == .completed {
        delta.addLine(
          item: item, category: category, quantity: lines[Int(position)].quantity.thousandths,
          revenue: amounts[number], kind: lines[Int(position)].kind)
      }
    }
  }

  /// Every item the import named with the fields of its last line; `isNew` for items it created.
  func latestItems() -> [(isNew: Bool, item: MenuItem)] {
    latestLines.enumerated().compactMap { id, position in
      guard position >= 0 else { return nil }
      let line = lines[Int(position)]
      let stored = storedItems[Int64(id)]
      return (
        Int64(id) >= firstNewItem,
        MenuItem(
          // A line without a POS id, a family or a subcategory (a POS post naming the dish, a
          // file without the column) leaves the stored one, the subcategory while the category
          // stays: a POS post by name erased the item's POS id, and the next file naming it by
          // that id made a second item.
          id: Int64(id), externalId: line.itemId ?? stored?.externalId,
          name: line.itemName, category: line.category,
          subcategory: line.subcategory
            ?? (stored?.category == line.category ? stored?.subcategory : nil),
          price: line.unitPrice, family: line.itemFamily ?? stored?.family)
      )
    }
  }

  /// The menu items the import named — new ones, and the latest name, category and price of
  /// known ones where they changed (a POS order naming three known dishes writes no item) —
  /// and the aggregate changes, handed over whole. Lines keep the category they were sold under,
  /// so an item sold under another category moves no earlier sale.
  mutating func finalWrites() -> FinalWrites {
    var writes = FinalWrites()
    for (isNew, item) in latestItems() {
      if isNew {
        writes.newItems.append(item)
      } else if storedItems[item.id] != item {
        writes.updatedItems.append(item)
      }
    }
    swap(&writes.delta, &delta)
    return writes
  }

  // MARK: Helpers

  /// The instant and the store-local date-time, the zone offset cached per day (per hour on a
  /// day it changes).
  private mutating func resolve(_ placedAt: PlacedAt, store: Int32) -> (Instant, LocalDateTime) {
    let zone = zones[Int(store)]
    switch placedAt {
    case .instant(let instant):
      let seconds = instant.wholeSecondsSinceEpoch
      let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
      let dayOffset = instantDays[Int(store)][day] ?? cacheOffset(ofUTCDay: day, store: store)
      if dayOffset != Self.changes {
        return (instant, LocalDateTime(secondsSinceEpoch: Int(seconds) + dayOffset))
      }
      let key = Int(
        (seconds - (seconds % Self.secondsPerHour + Self.secondsPerHour) % Self.secondsPerHour)
          / Self.secondsPerHour)
      let offset: Int
      if let cached = offsets[Int(store)][key] {
        offset = cached
      } else {
        offset = zone.offset(at: instant)
        offsets[Int(store)][key] = offset
      }
      return (instant, LocalDateTime(secondsSinceEpoch: Int(seconds) + offset))
    case .local(let local, let milliseconds):
      func instant(_ seconds: Int) -> Instant {
        Instant(millisecondsSinceEpoch: Int64(seconds) * 1000 + Int64(milliseconds))
      }
      let wall = local.secondsSinceEpoch
      let day = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
      let dayOffset = localDays[Int(store)][day] ?? cacheOffset(ofLocalDay: day, store: store)
      if dayOffset != Self.changes {
        return (instant(wall - dayOffset), local)
      }
      // Keys for local hours are negative so they never collide with instant hours.
      let key = -1 - local.secondsSinceEpoch / Int(Self.secondsPerHour)
      let offset: Int
      if let cached = offsets[Int(store)][key] {
        offset = cached
      } else {
        offset = local.secondsSinceEpoch - Int(zone.instant(of: local).wholeSecondsSinceEpoch)
        offsets[Int(store)][key] = offset
      }
      return (instant(local.secondsSinceEpoch - offset), local)
    }
  }

  /// The offset of a store's zone throughout a UTC day, or `changes`, now cached.
  private mutating func cacheOffset(ofUTCDay day: Int64, store: Int32) -> Int {
    let zone = zones[Int(store)]
    // The offsets at the day's first and last second: equal, the day has one offset.
    let first = zone.offset(at: Instant(secondsSinceEpoch: day * 86_400))
    let last = zone.offset(at: Instant(secondsSinceEpoch: day * 86_400 + 86_399))
    let offset = first == last ? first : Self.changes
    instantDays[Int(store)][day] = offset
    return offset
  }

  /// The offset of a store's zone throughout a local day, or `changes`, now cached.
  private mutating func cacheOffset(ofLocalDay day: Int, store: Int32) -> Int {
    let zone = zones[Int(store)]
    func offset(_ wall: Int) -> Int {
      wall - Int(zone.instant(of: LocalDateTime(secondsSinceEpoch: wall)).wholeSecondsSinceEpoch)
    }
    let (first, last) = (offset(day * 86_400), offset(day * 86_400 + 86_399))
    let offset = first == last ? first : Self.changes
    localDays[Int(store)][day] = offset
    return offset
  }

  /// Zone offsets change on whole hours in every zone the tz database has used since 1970 (a few
  /// are on half or quarter hours, which are still constant within a whole UTC hour), and at
  /// most once a day: a day whose first and last seconds have one offset has it throughout.
  /// Cached by hour only, three orders in four missed the cache (a year's hours of 30 stores)
  /// and took six time-zone lookups each (callgrind: 5% of the reading and planning thread).
  private static let secondsPerHour: Int64 = 3600
  /// A day's offset when it changes during the day (no offset is this large).
  private static let changes = Int.min

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
    // A sale line sets the item's name, category and price on the menu; a refund, discount,
    // comp or tip line only names a new item (a 0.45 refund of a Latte is not its price).
    if lines[Int(position)].kind == .sale || (id >= firstNewItem && latestLines[Int(id)] < 0) {
      latestLines[Int(id)] = position
    }
    return id
  }

  private func sum(_ lhs: Int64, _ rhs: Int64, at line: Int) throws(TallyError) -> Int64 {
    let (sum, overflow) = lhs.addingReportingOverflow(rhs)
    guard !overflow else { throw tooLarge(line) }
    return sum
  }

  private func tooLarge(_ line: Int) -> TallyError {
    TallyError.refused(
      "the amounts of order \(lines[line].orderId) are too large to add up exactly",
      source: lines[line].source)
  }
}

/// What an import part leaves after its orders: menu items to write, and the aggregate changes
/// of the import so far.
struct FinalWrites: Sendable {
  var newItems: [MenuItem] = []
  var updatedItems: [MenuItem] = []
  var delta = AggregateDelta()
}
