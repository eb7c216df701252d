import AnalyticsCore
import GRDB
import Storage

/// Keeps `visit_day` and `procedure_day` equal to what the visit and procedure rows say, by
/// recomputing the rows of each touched (user, day) from scratch: no running counters that can
/// drift.
///
/// Raw SQL on purpose: each day is one aggregate INSERT … SELECT that SQLite runs without
/// handing rows to Swift, on the bulk path (an import of 100,000 visits refreshes every day of
/// the year). With a single MAX() aggregate, SQLite takes the bare columns description and
/// status_code from the row holding the maximum visit id: the label of the code's most recently
/// logged visit that day.
enum DailyTotals {
  /// Recomputes one user's totals for `days`.
  static func refresh(_ db: Database, userId: String, days: some Sequence<LocalDate>) throws {
    let statements = try [
      db.cachedStatement(sql: "DELETE FROM visit_day WHERE user_id = ? AND date = ?"),
      db.cachedStatement(
        sql: """
          INSERT INTO visit_day
            SELECT user_id, date, SUM(CASE WHEN is_no_show = 0 THEN total_work_rvu ELSE 0 END),
                   SUM(is_no_show = 0), SUM(is_no_show)
            FROM visit WHERE user_id = ? AND date = ? GROUP BY user_id, date
          """),
      db.cachedStatement(sql: "DELETE FROM procedure_day WHERE user_id = ? AND date = ?"),
      db.cachedStatement(
        sql: """
          INSERT INTO procedure_day
            SELECT user_id, date, hcpcs, SUM(work_rvu * quantity), SUM(quantity),
                   COUNT(DISTINCT visit_id), MAX(visit_id), description, status_code
            FROM procedure
            WHERE user_id = ? AND is_no_show = 0 AND date = ? GROUP BY hcpcs
          """),
    ]
    for day in days {
      for statement in statements { try statement.execute(arguments: [userId, day]) }
    }
  }
}
