import AnalyticsCore
import GRDB
import Storage

/// One user's totals of one code on one day, over visits that are not no-shows (table
/// `procedure_day`): derived from `procedure`, recomputed for every day a write touches.
public struct DailyCodeTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "procedure_day"

  /// The user.
  public var userId: String
  /// The day.
  public var date: LocalDate
  /// The code.
  public var hcpcs: String
  /// Σ work RVU × quantity.
  public var totalWorkRVU: FixedDecimal
  /// Σ quantity.
  public var totalQuantity: Int
  /// Distinct visits with the code.
  public var encounterCount: Int
  /// The most recently logged visit with the code (its description labels the code).
  public var latestVisitId: Int64
  /// The description recorded with the code at that visit.
  public var description: String
  /// The status code recorded with the code at that visit.
  public var statusCode: String

  enum CodingKeys: String, CodingKey {
    case date, hcpcs, description
    case statusCode = "status_code"
    case userId = "user_id"
    case totalWorkRVU = "total_work_rvu"
    case totalQuantity = "total_quantity"
    case encounterCount = "encounter_count"
    case latestVisitId = "latest_visit_id"
  }
}
