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

  public init(storeId: String, date: LocalDate, hour: Int, orders: Int, revenue: FixedDecimal) {
    self.storeId = storeId
    self.date = date
    self.hour = hour
    self.orders = orders
    self.revenue = revenue
  }

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
    static let orders = Column(CodingKeys.orders)
    static let revenue = Column(CodingKeys.revenue)
  }

  /// Read column by column: a range reads up to 24 rows a day, and `Decodable`'s keyed decoding
  /// costs several times as much.
  public init(row: Row) throws {
    storeId = row[Columns.storeId]
    date = row[Columns.date]
    hour = row[Columns.hour]
    orders = row[Columns.orders]
    revenue = row[Columns.revenue]
  }
}
