import AnalyticsCore
import GRDB
import Storage

/// Completed orders of a store in a local hour of a day (table `store_hour`).
public struct StoreHourTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "store_hour"
  /// The store.
  public var storeId: String
  /// The local day.
  public var date: LocalDate
  /// The local hour, 0–23.
  public var hour: Int
  /// Completed orders.
  public var orders: Int
  /// Σ subtotals.
  public var revenue: FixedDecimal

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case date
    case hour
    case orders
    case revenue = "revenue_cents"
  }
}
