import AnalyticsCore

/// Completed orders of a store in a local hour over all time: all-time time-of-day questions
/// read 24 rows instead of every day's hours.
public struct StoreHourTotal: Sendable, Equatable {
  public var storeId: String
  /// 0–23.
  public var hour: Int
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ subtotals (before tax).
  public var revenue: FixedDecimal

  public init(storeId: String, hour: Int, orders: Int, revenue: FixedDecimal) {
    self.storeId = storeId
    self.hour = hour
    self.orders = orders
    self.revenue = revenue
  }
}
