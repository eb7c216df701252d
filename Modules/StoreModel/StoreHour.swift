import AnalyticsCore

/// Completed orders of a store in a local hour of a local day.
public struct StoreHour: Sendable, Equatable {
  public var storeId: String
  public var date: LocalDate
  /// 0–23.
  public var hour: Int
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ subtotals (before tax).
  public var revenue: FixedDecimal

  public init(storeId: String, date: LocalDate, hour: Int, orders: Int, revenue: FixedDecimal) {
    self.storeId = storeId
    self.date = date
    self.hour = hour
    self.orders = orders
    self.revenue = revenue
  }
}
