import AnalyticsCore
import GRDB
import Storage

/// A customer's completed orders at a store on a local day (table `store_day_customer`): a
/// customer is on a day while the count is above zero, so replacing an order can take them off
/// exactly.
public struct StoreDayCustomer: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "store_day_customer"
  public var storeId: String
  public var date: LocalDate
  public var customerKey: Int64
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case date
    case customerKey = "customer_key"
    case orders
  }

  public enum Columns {
    static let storeId = Column(CodingKeys.storeId)
    static let date = Column(CodingKeys.date)
    static let customerKey = Column(CodingKeys.customerKey)
  }
}
