import AnalyticsCore
import GRDB
import Storage

extension RVUStore {
  /// Work RVU analytics of one user's visits.
  ///
  /// The database sums per day (one covering index each for visits and procedures); the days are
  /// then bucketed by AnalyticsCore's `Period`, so weeks follow the same rule as everywhere else.
  public func analytics(_ query: RVUAnalyticsQuery) throws -> RVUAnalyticsReport {
    let start = query.range.start.description
    let end = query.range.end.description
    let period = query.period.period
    func bucket(_ day: LocalDate) -> LocalDate {
      period.start(of: day, weekStart: query.weekStart)
    }
    let (days, codeRows) = try writer.read { db in
      let days = try Row.fetchAll(
        db,
        sql: """
          SELECT date,
                 SUM(CASE WHEN is_no_show = 0 THEN total_work_rvu ELSE 0 END) AS rvu,
                 SUM(is_no_show = 0) AS encounters,
                 SUM(is_no_show) AS no_shows
          FROM visit
          WHERE user_id = ? AND date BETWEEN ? AND ?
          GROUP BY date
          """, arguments: [query.userId, start, end])
      guard query.groupByCode else { return (days, [RVUCodeRow]()) }
      let codeDays = try Row.fetchAll(
        db,
        sql: """
          SELECT date, hcpcs, SUM(work_rvu * quantity) AS rvu, SUM(quantity) AS quantity,
                 COUNT(DISTINCT visit_id) AS encounters, MAX(visit_id) AS latest_visit
          FROM procedure INDEXED BY procedure_user_date
          WHERE user_id = ? AND is_no_show = 0 AND date BETWEEN ? AND ?
          GROUP BY date, hcpcs
          """, arguments: [query.userId, start, end])
      return (days, try Self.codeRows(db, codeDays, bucket: bucket))
    }

    var summary: [LocalDate: (rvu: Int64, encounters: Int, noShows: Int)] = [:]
    for row in days {
      let key = bucket(row["date"] as LocalDate)
      summary[key, default: (0, 0, 0)].rvu += row["rvu"] as Int64
      summary[key, default: (0, 0, 0)].encounters += row["encounters"] as Int
      summary[key, default: (0, 0, 0)].noShows += row["no_shows"] as Int
    }
    if query.fillEmptyPeriods {
      for bucket in query.range.buckets(by: period, weekStart: query.weekStart)
      where summary[bucket.start] == nil {
        summary[bucket.start] = (0, 0, 0)
      }
    }
    let summaryRows = summary.keys.sorted().map { key in
      let value = summary[key]!
      return RVUSummaryRow(
        periodStart: key, totalWorkRVU: FixedDecimal(hundredths: value.rvu),
        totalEncounters: value.encounters, totalNoShows: value.noShows)
    }

    let totalRVU = summaryRows.map(\.totalWorkRVU).sum()
    let encounters = summaryRows.reduce(0) { $0 + $1.totalEncounters }
    return RVUAnalyticsReport(
      range: query.range, summary: summaryRows, codes: codeRows,
      totals: RVUTotals(
        totalWorkRVU: totalRVU, totalEncounters: encounters,
        totalNoShows: summaryRows.reduce(0) { $0 + $1.totalNoShows },
        averageRVUPerEncounter: totalRVU.divided(by: encounters)))
  }

  /// Per-day, per-code sums bucketed into periods, each labelled with the description and status
  /// recorded with the code's most recently logged procedure in the period.
  private static func codeRows(_ db: Database, _ rows: [Row], bucket: (LocalDate) -> LocalDate)
    throws -> [RVUCodeRow]
  {
    struct Key: Hashable {
      let start: LocalDate
      let hcpcs: String
    }
    var totals: [Key: (rvu: Int64, quantity: Int, encounters: Int, latestVisit: Int64)] = [:]
    for row in rows {
      let key = Key(start: bucket(row["date"] as LocalDate), hcpcs: row["hcpcs"])
      var value = totals[key] ?? (0, 0, 0, 0)
      value.rvu += row["rvu"] as Int64
      value.quantity += row["quantity"] as Int
      value.encounters += row["encounters"] as Int
      value.latestVisit = max(value.latestVisit, row["latest_visit"] as Int64)
      totals[key] = value
    }
    guard !totals.isEmpty else { return [] }
    let latestVisits = Set(totals.values.map(\.latestVisit)).map(String.init)
    let labels = try Row.fetchAll(
      db,
      sql: """
        SELECT visit_id, hcpcs, description, status_code FROM procedure
        WHERE visit_id IN (\(latestVisits.joined(separator: ",")))
        ORDER BY visit_id, position
        """)
    var label: [String: (String, String)] = [:]
    for row in labels {
      let key = "\(row["visit_id"] as Int64)|\(row["hcpcs"] as String)"
      if label[key] == nil { label[key] = (row["description"], row["status_code"]) }
    }
    return totals.map { key, value in
      let (description, status) = label["\(value.latestVisit)|\(key.hcpcs)"] ?? ("", "")
      return RVUCodeRow(
        periodStart: key.start, hcpcs: key.hcpcs, description: description, statusCode: status,
        totalWorkRVU: FixedDecimal(hundredths: value.rvu), totalQuantity: value.quantity,
        encounterCount: value.encounters)
    }.sorted {
      ($0.periodStart, -$0.totalWorkRVU.hundredths, $0.hcpcs)
        < ($1.periodStart, -$1.totalWorkRVU.hundredths, $1.hcpcs)
    }
  }
}
