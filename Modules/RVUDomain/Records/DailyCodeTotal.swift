import AnalyticsCore
import GRDB
import Storage

/// One user's totals of one code on one day, over visits that are not no-shows (table
/// `procedure_day`): derived from `procedure`, recomputed for every day a write touches. Written
/// only by `DailyTotals` (one INSERT … SELECT per day), read here.
struct DailyCodeTotal: Sendable, Equatable, FetchableRecord, TableRecord {
  static let databaseTableName = "procedure_day"

  var userId: String
  var date: LocalDate
  var hcpcs: String
  /// Σ work RVU × quantity.
  var totalWorkRVU: FixedDecimal
  var totalQuantity: Int
  /// Distinct visits with the code.
  var encounterCount: Int
  /// The most recently logged visit with the code: its description labels the code, so a
  /// period shows the label the user saw last.
  var latestVisitId: Int64
  var description: String
  var statusCode: String

  enum Columns {
    static let userId = Column("user_id")
    static let date = Column("date")
    static let hcpcs = Column("hcpcs")
    static let totalWorkRVU = Column("total_work_rvu")
    static let totalQuantity = Column("total_quantity")
    static let encounterCount = Column("encounter_count")
    static let latestVisitId = Column("latest_visit_id")
    static let description = Column("description")
    static let statusCode = Column("status_code")
  }

  init(row: Row) throws {
    userId = row[Columns.userId]
    date = row[Columns.date]
    hcpcs = row[Columns.hcpcs]
    totalWorkRVU = row[Columns.totalWorkRVU]
    totalQuantity = row[Columns.totalQuantity]
    encounterCount = row[Columns.encounterCount]
    latestVisitId = row[Columns.latestVisitId]
    description = row[Columns.description]
    statusCode = row[Columns.statusCode]
  }
}

extension DailyCodeTotal: DailyTotalRecord {
  static var ownerColumn: Column { Columns.userId }
  static var dayColumn: Column { Columns.date }
}
