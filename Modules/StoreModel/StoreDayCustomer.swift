import AnalyticsCore

/// A customer's completed orders at a store on a local day: a customer is on a day while the
/// count is above zero, so replacing an order can take them off exactly.
public struct StoreDayCustomer: Sendable, Equatable {
  public var storeId: String
  public var date: LocalDate
  public var customerKey: Int64
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int

  public init(storeId: String, date: LocalDate, customerKey: Int64, orders: Int) {
    self.storeId = storeId
    self.date = date
    self.customerKey = customerKey
    self.orders = orders
  }
}
