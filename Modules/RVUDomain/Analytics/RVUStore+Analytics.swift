import AnalyticsCore
import GRDB
import Storage

extension RVUStore {
  /// Work RVU analytics of one user's visits.
  ///
  /// Reads the per-day totals (`visit_day`, `procedure_day`, kept up to date by every write) and
  /// buckets the days with AnalyticsCore's `Period`, so weeks follow the same rule as everywhere
  /// else.
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
          SELECT date, total_work_rvu AS rvu, encounters, no_shows AS no_shows FROM visit_day
          WHERE user_id = ? AND date BETWEEN ? AND ?
          """, arguments: [query.userId, start, end])
      guard query.groupByCode else { return (days, [RVUCodeRow]()) }
      let codeDays = try Row.fetchAll(
        db,
        sql: """
          SELECT date, hcpcs, total_work_rvu AS rvu, total_quantity AS quantity,
                 encounter_count AS encounters, latest_visit_id AS latest_visit, description,
                 status_code
          FROM procedure_day
          WHERE user_id = ? AND date BETWEEN ? AND ?
          """, arguments: [query.userId, start, end])
      return (days, try Self.codeRows(db, codeDays, bucket: bucket))
    }

    var summary: [LocalDate: (rvu: Int64, encounters: Int, noShows: Int)] = [:]
    for row in days {
      // Columns by position, as selected: date, rvu, encounters, no_shows.
      let key = bucket(row[0] as LocalDate)
      summary[key, default: (0, 0, 0)].rvu += row[1] as Int64
      summary[key, default: (0, 0, 0)].encounters += row[2] as Int
      summary[key, default: (0, 0, 0)].noShows += row[3] as Int
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
  /// recorded with the code's most recently logged visit in the period.
  private static func codeRows(_ db: Database, _ rows: [Row], bucket: (LocalDate) -> LocalDate)
    throws -> [RVUCodeRow]
  {
    struct Key: Hashable {
      let start: LocalDate
      let hcpcs: String
    }
    struct Total {
      var rvu: Int64 = 0
      var quantity = 0
      var encounters = 0
      var latestVisit: Int64 = -1
      var description = ""
      var statusCode = ""
    }
    var totals: [Key: Total] = [:]
    for row in rows {
      // Columns by position, as selected: date, hcpcs, rvu, quantity, encounters,
      // latest_visit, description, status_code.
      let key = Key(start: bucket(row[0] as LocalDate), hcpcs: row[1])
      var total = totals[key] ?? Total()
      total.rvu += row[2] as Int64
      total.quantity += row[3] as Int
      total.encounters += row[4] as Int
      let latest: Int64 = row[5]
      if latest > total.latestVisit {
        total.latestVisit = latest
        total.description = row[6]
        total.statusCode = row[7]
      }
      totals[key] = total
    }
    return totals.map { key, total in
      RVUCodeRow(
        periodStart: key.start, hcpcs: key.hcpcs, description: total.description,
        statusCode: total.statusCode, totalWorkRVU: FixedDecimal(hundredths: total.rvu),
        totalQuantity: total.quantity, encounterCount: total.encounters)
    }.sorted {
      ($0.periodStart, -$0.totalWorkRVU.hundredths, $0.hcpcs)
        < ($1.periodStart, -$1.totalWorkRVU.hundredths, $1.hcpcs)
    }
  }
}
