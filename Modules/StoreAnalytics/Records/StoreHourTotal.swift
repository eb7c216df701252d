import AnalyticsCore
import GRDB
import Storage

/// Completed orders of a store in a local hour over all time (table `store_hour_total`): all-time
/// time-of-day questions read 24 rows instead of every day's hours.
public struct StoreHourTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "store_hour_total"
  public var storeId: String
  /// 0–23.
  public var hour: Int
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ subtotals (before tax).
  public var revenue: FixedDecimal

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case hour
    case orders
    case revenue = "revenue_cents"
  }

  public enum Columns {
    static let storeId = Column(CodingKeys.storeId)
  }
}
