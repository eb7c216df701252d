import AnalyticsCore

/// Completed orders of a store on a local day, kept by every import.
public struct StoreDay: Sendable, Equatable {
  public var storeId: String
  public var date: LocalDate
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ subtotals (before tax).
  public var revenue: FixedDecimal
  public var tax: FixedDecimal
  /// Σ totals (subtotal + tax).
  public var total: FixedDecimal
  /// Distinct customers that day, counted from `StoreDayCustomer` (not a delta).
  public var customers: Int

  public init(
    storeId: String, date: LocalDate, orders: Int, revenue: FixedDecimal, tax: FixedDecimal,
    total: FixedDecimal, customers: Int
  ) {
    self.storeId = storeId
    self.date = date
    self.orders = orders
    self.revenue = revenue
    self.tax = tax
    self.total = total
    self.customers = customers
  }
}
