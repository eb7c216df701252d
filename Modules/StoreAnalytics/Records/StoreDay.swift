import AnalyticsCore
import GRDB
import Storage

/// Completed orders of a store on a local day (table `store_day`), kept by every import.
public struct StoreDay: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "store_day"
  public var storeId: String
  public var date: LocalDate
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ subtotals (before tax).
  public var revenue: FixedDecimal
  public var tax: FixedDecimal
  /// Σ totals (subtotal + tax).
  public var total: FixedDecimal
  /// Distinct customers that day, read from `store_day_customer` (not a delta).
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

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case date
    case orders
    case revenue = "revenue_cents"
    case tax = "tax_cents"
    case total = "total_cents"
    case customers
  }

  public enum Columns {
    static let storeId = Column(CodingKeys.storeId)
    static let date = Column(CodingKeys.date)
    static let orders = Column(CodingKeys.orders)
    static let revenue = Column(CodingKeys.revenue)
    static let tax = Column(CodingKeys.tax)
    static let total = Column(CodingKeys.total)
    static let customers = Column(CodingKeys.customers)
  }

  /// Read column by column: charts read a year of days per request, and `Decodable`'s keyed
  /// decoding costs several times as much (measured with `tally-bench store`).
  public init(row: Row) throws {
    storeId = row[Columns.storeId]
    date = row[Columns.date]
    orders = row[Columns.orders]
    revenue = row[Columns.revenue]
    tax = row[Columns.tax]
    total = row[Columns.total]
    customers = row[Columns.customers]
  }
}
