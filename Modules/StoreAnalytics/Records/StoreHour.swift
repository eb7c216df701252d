import AnalyticsCore
import GRDB
import Storage

/// Completed orders of a store in a local hour of a local day (table `store_hour`).
public struct StoreHour: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "store_hour"
  public var storeId: String
  public var date: LocalDate
  /// 0–23.
  public var hour: Int
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ subtotals (before tax).
  public var revenue: FixedDecimal

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case date
    case hour
    case orders
    case revenue = "revenue_cents"
  }

  public enum Columns {
    static let storeId = Column(CodingKeys.storeId)
    static let date = Column(CodingKeys.date)
    static let hour = Column(CodingKeys.hour)
  }
}
