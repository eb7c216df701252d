import AnalyticsCore
import GRDB
import Storage

/// One user's visit totals on one day (table `visit_day`): derived from `visit`, recomputed for
/// every day a write touches, in the same transaction, so analytics never scan visits.
public struct DailyVisitTotal: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "visit_day"

  /// The user.
  public var userId: String
  /// The day.
  public var date: LocalDate
  /// Σ work RVU × quantity of visits that are not no-shows.
  public var totalWorkRVU: FixedDecimal
  /// Visits that are not no-shows.
  public var encounters: Int
  /// No-show visits.
  public var noShows: Int

  enum CodingKeys: String, CodingKey {
    case date, encounters
    case userId = "user_id"
    case totalWorkRVU = "total_work_rvu"
    case noShows = "no_shows"
  }
}
