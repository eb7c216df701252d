import AnalyticsCore

/// Cancelled or refunded orders of a store on a local day: they count in no sales figure, and
/// metrics report them beside the sales.
public struct StoreDayStatus: Sendable, Equatable {
  public var storeId: String
  public var date: LocalDate
  /// `cancelled` or `refunded`, never `completed`.
  public var status: OrderStatus
  /// Orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ their subtotals (before tax): the revenue they would have been.
  public var amount: FixedDecimal

  public init(
    storeId: String, date: LocalDate, status: OrderStatus, orders: Int, amount: FixedDecimal
  ) {
    self.storeId = storeId
    self.date = date
    self.status = status
    self.orders = orders
    self.amount = amount
  }
}
