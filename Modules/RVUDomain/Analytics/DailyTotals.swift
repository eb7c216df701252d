import AnalyticsCore
import GRDB
import Storage

/// Keeps `visit_day` and `procedure_day` equal to what the visit and procedure rows say: a day
/// changed by an update, a delete or an import is recomputed from scratch; a visit added on its
/// own is added as a delta computed by the same sums over its rows (tests compare both with a
/// recount after every kind of write).
///
/// Raw SQL on purpose: each day is one aggregate INSERT … SELECT that SQLite runs without
/// handing rows to Swift, on the bulk path (an import of 100,000 visits refreshes every day of
/// the year). With a single MAX() aggregate, SQLite takes the bare columns description and
/// status_code from the row holding the maximum visit id: the label of the code's most recently
/// logged visit that day.
enum DailyTotals {
  /// Adds one newly inserted visit (the newest of its user) to its day's totals: the same sums as
  /// `refresh`, over that visit's rows only, added with upserts. Recomputing a day reads every
  /// visit of it, so a server taking visit after visit for today slowed down as the day filled
  /// up (`scripts/load`: 223 → 78 POSTs a second); a delta costs the same on any day.
  static func add(_ db: Database, visitId: Int64) throws {
    let statements = try [
      db.cachedStatement(
        sql: """
          INSERT INTO visit_day (user_id, date, total_work_rvu, encounters, no_shows)
            SELECT user_id, date, CASE WHEN is_no_show = 0 THEN total_work_rvu ELSE 0 END,
                   is_no_show = 0, is_no_show
            FROM visit WHERE id = ?
          ON CONFLICT (user_id, date) DO UPDATE SET
            total_work_rvu = total_work_rvu + excluded.total_work_rvu,
            encounters = encounters + excluded.encounters, no_shows = no_shows + excluded.no_shows
          """),
      // The visit is the newest, so it becomes each code's latest visit, as MAX(visit_id) would.
      db.cachedStatement(
        sql: """
          INSERT INTO procedure_day
            SELECT user_id, date, hcpcs, SUM(work_rvu * quantity), SUM(quantity), 1, visit_id,
                   description, status_code
            FROM procedure WHERE visit_id = ? AND is_no_show = 0 GROUP BY hcpcs
          ON CONFLICT (user_id, date, hcpcs) DO UPDATE SET
            total_work_rvu = total_work_rvu + excluded.total_work_rvu,
            total_quantity = total_quantity + excluded.total_quantity,
            encounter_count = encounter_count + 1, latest_visit_id = excluded.latest_visit_id,
            description = excluded.description, status_code = excluded.status_code
          """),
    ]
    for statement in statements { try statement.execute(arguments: [visitId]) }
  }

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
