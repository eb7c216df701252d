import AnalyticsCore
import GRDB
import Storage

/// Completed orders of a store in a local hour over all time (table `store_hour_total`).
public struct StoreAllTimeHour: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "store_hour_total"
  /// The store.
  public var storeId: String
  /// The local hour, 0–23.
  public var hour: Int
  /// Completed orders.
  public var orders: Int
  /// Σ subtotals.
  public var revenue: FixedDecimal

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case hour
    case orders
    case revenue = "revenue_cents"
  }
}
