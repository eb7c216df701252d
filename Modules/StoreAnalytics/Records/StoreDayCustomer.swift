import AnalyticsCore
import GRDB
import Storage

/// A customer who completed orders at a store on a local day (table `store_day_customer`).
public struct StoreDayCustomer: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "store_day_customer"
  /// The store.
  public var storeId: String
  /// The local day.
  public var date: LocalDate
  /// The customer's key.
  public var customerKey: Int64
  /// Their completed orders that day.
  public var orders: Int

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case date
    case customerKey = "customer_key"
    case orders
  }
}
