import AnalyticsCore
import StoreModel

/// What `editStore` did.
public struct StoreEdit: Sendable, Equatable {
  public let shop: Shop
  /// Orders whose local day or hour changed with the zone (instants kept).
  public let ordersMoved: Int
  /// Wall-clock orders that kept their local day and hour and got the instant the new zone gives.
  public let ordersRetimed: Int
  /// Wall-clock shifts that kept their local times and got the instants the new zone gives.
  public var shiftsRetimed = 0
}

extension ShopAnalytics {
  /// Renames a store or corrects its zone, in one transaction. A new zone re-derives every
  /// order of the store — an order given as an instant keeps it and takes the local day and hour
  /// of the new zone; one given as a wall-clock time keeps its local time and takes the instant
  /// that time is in the new zone — and every aggregate changes by the exact deltas of the
  /// orders that moved, so each row still equals a recount.
  ///
  /// - throws: `TallyError` (`.notFound`) for an unknown store, (usage) for an empty name.
  public func editStore(_ id: String, name: String? = nil, zone: Zone? = nil) throws -> StoreEdit {
    let known = try store(id)
    let (shop, oldZone) = (known.shop, known.zone)
    if let name, name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw TallyError.invalid("name", name, expected: "a non-empty name", category: .usage)
    }
    var edited = shop
    if let name { edited.name = name }
    guard let zone, zone != oldZone else {
      try repository.inTransaction { try $0.update(edited) }
      return StoreEdit(shop: edited, ordersMoved: 0, ordersRetimed: 0)
    }
    edited.timeZone = zone.identifier
    return try repository.inTransaction { transaction in
      let orders = try transaction.orders(of: id)
      let customers = try transaction.customerKeys(
        Array(Set(orders.compactMap { $0.order.customerId })))
      var delta = AggregateDelta()
      var changed: [StoreOrder] = []
      var moved = 0
      func add(_ order: StoreOrder, _ lines: [OrderLine], sign: Int) {
        delta.add(
          order, lines: lines, store: 0, customer: order.customerId.flatMap { customers[$0] },
          sign: sign)
      }
      for (order, lines) in orders {
        var now = order
        if order.wallClock {
          now.placedAt = zone.instant(of: oldZone.localDateTime(of: order.placedAt))
        } else {
          let local = zone.localDateTime(of: order.placedAt)
          now.localDate = local.date
          now.localHour = local.time.hour
          // The import's rule in the new zone: 1900-01-01 03:00Z is 1899-12-31 in New York.
          guard local.date >= LocalDate.supportedRange.lowerBound else {
            throw TallyError.invalid(
              "order \(order.id)", local.description,
              expected: "\(LocalDate.supportedRangeText) in \(zone.identifier)", category: .usage)
          }
        }
        guard now != order else { continue }
        changed.append(now)
        if now.localDate != order.localDate || now.localHour != order.localHour {
          moved += 1
          add(order, lines, sign: -1)
          add(now, lines, sign: 1)
        }
      }
      try transaction.updatePlacement(changed)
      // Shifts given in local time keep it, as orders do; those given as instants keep those.
      var shifts: [Shift] = []
      var retimed: [Shift] = []
      for shift in try transaction.shifts(
        of: id, from: Instant(millisecondsSinceEpoch: .min),
        before: Instant(millisecondsSinceEpoch: .max))
      where shift.wallClock {
        var now = shift
        for path in [\Shift.start, \Shift.end] {
          let old = shift[keyPath: path]
          let local = oldZone.localDateTime(of: old)
          let past = old.millisecondsSinceEpoch % 1000
          now[keyPath: path] = Instant(
            millisecondsSinceEpoch: zone.instant(of: local).millisecondsSinceEpoch
              + (past + 1000) % 1000)
        }
        guard now != shift else { continue }
        // Local times across another zone's DST change may now be longer than a shift can be.
        let length = now.end.millisecondsSinceEpoch - now.start.millisecondsSinceEpoch
        guard length > 0, length <= Shift.longest else {
          throw TallyError.invalid(
            "shift of \(shift.employee)", zone.localDateTime(of: now.start).description,
            expected: "a shift of at most 24 hours in \(zone.identifier)", category: .usage)
        }
        shifts.append(shift)
        retimed.append(now)
      }
      if !retimed.isEmpty { try transaction.write(shifts: retimed, replacing: shifts) }
      try transaction.update(edited)
      // Items and categories are the same before and after: their deltas cancel out.
      try transaction.apply(delta.changes(storeIds: [id]))
      var edit = StoreEdit(
        shop: edited, ordersMoved: moved, ordersRetimed: changed.count - moved)
      edit.shiftsRetimed = retimed.count
      return edit
    }
  }
}
