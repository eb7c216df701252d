import AnalyticsCore

/// How some writes touch one customer's days at one store, for the first and last days kept per
/// customer (`store_customer`) and counted per day (`first_visits`, `last_visits`): those let a
/// window's distinct customers be summed over its days instead of deduplicated over its
/// customer-days.
///
/// Orders only added can only move a customer's first day earlier and last day later, so a
/// backend needs the stored pair and `firstAdded`/`lastAdded`; when any were taken away
/// (`removes`), the customer's remaining days are read again.
public struct VisitChange: Sendable, Equatable {
  public var storeId: String
  public var customerKey: Int64
  /// The earliest and latest day given orders; `nil` when orders were only taken away.
  public var firstAdded: LocalDate?
  public var lastAdded: LocalDate?
  public var removes: Bool

  public init(
    storeId: String, customerKey: Int64, firstAdded: LocalDate?, lastAdded: LocalDate?,
    removes: Bool
  ) {
    self.storeId = storeId
    self.customerKey = customerKey
    self.firstAdded = firstAdded
    self.lastAdded = lastAdded
    self.removes = removes
  }
}

extension AggregateChanges {
  /// One change per store and customer that `customers` touches, by store and customer.
  public var visitChanges: [VisitChange] {
    struct Key: Hashable {
      let storeId: String
      let customerKey: Int64
    }
    var changes: [Key: VisitChange] = [:]
    for row in customers where row.orders != 0 {
      let key = Key(storeId: row.storeId, customerKey: row.customerKey)
      var change =
        changes[key]
        ?? VisitChange(
          storeId: row.storeId, customerKey: row.customerKey, firstAdded: nil, lastAdded: nil,
          removes: false)
      if row.orders > 0 {
        change.firstAdded = min(change.firstAdded ?? row.date, row.date)
        change.lastAdded = max(change.lastAdded ?? row.date, row.date)
      } else {
        change.removes = true
      }
      changes[key] = change
    }
    return changes.values.sorted { ($0.storeId, $0.customerKey) < ($1.storeId, $1.customerKey) }
  }
}
