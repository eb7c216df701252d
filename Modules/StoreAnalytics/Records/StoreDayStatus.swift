import AnalyticsCore
import GRDB
import Storage

/// Cancelled or refunded orders of a store on a local day (table `store_day_status`): they count
/// in no sales figure, and metrics report them beside the sales.
public struct StoreDayStatus: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "store_day_status"
  public var storeId: String
  public var date: LocalDate
  /// `cancelled` or `refunded`, never `completed`.
  public var status: OrderStatus
  /// Orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ their subtotals (before tax): the revenue they would have been.
  public var amount: FixedDecimal

  enum CodingKeys: String, CodingKey {
    case storeId = "store_id"
    case date
    case status
    case orders
    case amount = "subtotal_cents"
  }

  public enum Columns {
    static let storeId = Column(CodingKeys.storeId)
    static let date = Column(CodingKeys.date)
    static let status = Column(CodingKeys.status)
    static let orders = Column(CodingKeys.orders)
    static let amount = Column(CodingKeys.amount)
  }
}

extension DerivableRequest<StoreDayStatus> {
  func at(_ storeId: String) -> Self { filter(StoreDayStatus.Columns.storeId == storeId) }
  func within(_ range: DayRange) -> Self {
    filter(StoreDayStatus.Columns.date >= range.start && StoreDayStatus.Columns.date <= range.end)
  }
}
