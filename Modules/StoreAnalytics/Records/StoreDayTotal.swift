import AnalyticsCore
import GRDB
import Storage

/// Completed orders of a store on a local day (table `store_day`), kept by every import.
public struct StoreDayTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "store_day"
  /// The store.
  public var storeId: String
  /// The local day.
  public var date: LocalDate
  /// Completed orders.
  public var orders: Int
  /// Σ subtotals.
  public var revenue: FixedDecimal
  /// Σ tax.
  public var tax: FixedDecimal
  /// Σ totals.
  public var total: FixedDecimal
  /// Distinct customers that day.
  public var customers: Int

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case date
    case orders
    case revenue = "revenue_cents"
    case tax = "tax_cents"
    case total = "total_cents"
    case customers
  }
}
