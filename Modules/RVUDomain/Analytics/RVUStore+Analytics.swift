import AnalyticsCore
import GRDB
import Storage

extension RVUStore {
  /// Work RVU analytics of one user's visits.
  ///
  /// Reads the per-day totals (`visit_day`, `procedure_day`, kept up to date by every write) and
  /// buckets the days with AnalyticsCore's `Period`, so weeks follow the same rule as everywhere
  /// else.
  ///
  /// - throws: `TallyError` when the range holds more than `DayRange.maximumDays` days.
  public func analytics(_ query: RVUAnalyticsQuery) throws -> RVUAnalyticsReport {
    _ = try RVUAnalyticsWindow.checked(query.range)
    let period = query.period
    func bucket(_ day: LocalDate) -> LocalDate {
      period.start(of: day, weekStart: query.weekStart)
    }
    let (days, codeRows) = try writer.read { db in
      let days = try DailyVisitTotal.owned(by: query.userId).during(query.range).fetchAll(db)
      guard query.groupByCode else { return (days, [RVUCodeRow]()) }
      let codeDays = try DailyCodeTotal.owned(by: query.userId).during(query.range).fetchAll(db)
      return (days, Self.codeRows(codeDays, bucket: bucket))
    }

    var summary: [LocalDate: (rvu: Int64, encounters: Int, noShows: Int)] = [:]
    for day in days {
      let key = bucket(day.date)
      summary[key, default: (0, 0, 0)].rvu += day.totalWorkRVU.hundredths
      summary[key, default: (0, 0, 0)].encounters += day.encounters
      summary[key, default: (0, 0, 0)].noShows += day.noShows
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
    let totals = RVUTotals(
      totalWorkRVU: totalRVU, totalEncounters: encounters,
      totalNoShows: summaryRows.reduce(0) { $0 + $1.totalNoShows },
      averageRVUPerEncounter: totalRVU.divided(by: encounters))
    var previous: RVUComparison?
    if query.compareWithPrevious {
      let before = query.range.previous
      let earlier = try analytics(RVUAnalyticsQuery(userId: query.userId, range: before))
      previous = RVUComparison(range: before, previous: earlier.totals, current: totals)
    }
    return RVUAnalyticsReport(
      range: query.range, summary: summaryRows, codes: codeRows, totals: totals,
      previous: previous)
  }

  /// Per-day, per-code sums bucketed into periods, each labelled with the description and status
  /// recorded with the code's most recently logged visit in the period.
  private static func codeRows(_ rows: [DailyCodeTotal], bucket: (LocalDate) -> LocalDate)
    -> [RVUCodeRow]
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
      let key = Key(start: bucket(row.date), hcpcs: row.hcpcs)
      var total = totals[key] ?? Total()
      total.rvu += row.totalWorkRVU.hundredths
      total.quantity += row.totalQuantity
      total.encounters += row.encounterCount
      if row.latestVisitId > total.latestVisit {
        total.latestVisit = row.latestVisitId
        total.description = row.description
        total.statusCode = row.statusCode
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

extension RVUStore {
  /// The codes of a range by total work RVUs (highest first, then code), each summed over the
  /// whole range rather than per period: a report's "top codes" table.
  ///
  /// - throws: `TallyError` when the range holds more than `DayRange.maximumDays` days or
  ///   `limit` is not positive.
  public func topCodes(userId: String, range: DayRange, limit: Int) throws -> [RVUCodeRow] {
    _ = try RVUAnalyticsWindow.checked(range)
    guard limit > 0 else {
      throw TallyError.invalid("limit", "\(limit)", expected: "at least 1", category: .usage)
    }
    let days = try writer.read { db in
      try DailyCodeTotal.owned(by: userId).during(range).fetchAll(db)
    }
    // One bucket for the whole range: every row's period is the range's first day.
    let rows = Self.codeRows(days) { _ in range.start }
    return Array(rows.prefix(limit))
  }
}
