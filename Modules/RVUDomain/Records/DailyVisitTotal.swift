import AnalyticsCore
import GRDB
import Storage

/// One user's visit totals on one day (table `visit_day`): derived from `visit`, recomputed for
/// every day a write touches, in the same transaction, so analytics never scan visits. Written
/// only by `DailyTotals` (one INSERT … SELECT per day), read here.
struct DailyVisitTotal: Sendable, Equatable, FetchableRecord, TableRecord {
  static let databaseTableName = "visit_day"

  var userId: String
  var date: LocalDate
  /// Σ work RVU × quantity of visits that are not no-shows.
  var totalWorkRVU: FixedDecimal
  /// Visits that are not no-shows.
  var encounters: Int
  var noShows: Int

  enum Columns {
    static let userId = Column("user_id")
    static let date = Column("date")
    static let totalWorkRVU = Column("total_work_rvu")
    static let encounters = Column("encounters")
    static let noShows = Column("no_shows")
  }

  init(row: Row) throws {
    userId = row[Columns.userId]
    date = row[Columns.date]
    totalWorkRVU = row[Columns.totalWorkRVU]
    encounters = row[Columns.encounters]
    noShows = row[Columns.noShows]
  }
}

extension DailyVisitTotal: DailyTotalRecord {
  static var ownerColumn: Column { Columns.userId }
  static var dayColumn: Column { Columns.date }
}
