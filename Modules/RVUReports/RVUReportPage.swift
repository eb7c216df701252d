import AnalyticsCore
import Foundation
import RVUDomain
import ReportKit

/// The RVU report page: summary cards against the previous window of equal length (and the
/// Medicare payment estimate of the range), work RVUs and payment per period, and the codes of
/// the range by work RVUs.
///
/// One builder for `rvu-cli report` and `GET /reports/rvu`, so the page a user saves and the
/// page the server sends are the same. The numbers all come from `RVUStore` (analytics with the
/// comparison, `topCodes`); this type only words and formats them.
public enum RVUReportPage {
  /// Rows of the codes table: enough for the codes that make most of a practice's RVUs, short
  /// enough to print on a page.
  public static let topCodeLimit = 15

  /// Reads the numbers of `range` for `userId` and lays them out.
  ///
  /// - throws: `TallyError` from the domain (a range longer than the domain allows).
  /// - Parameter statement: an employer's statement over `range`, reconciled with the log per
  ///   month in a section of its own.
  /// - throws: also `TallyError` (bad data) for a statement line outside `range`.
  public static func build(
    store: RVUStore, userId: String, range: DayRange, period: Period, asOf: LocalDate?,
    generatedAt: Instant?, zone: Zone?, statement: Statement? = nil
  ) throws -> ReportPage {
    let report = try store.analytics(
      RVUAnalyticsQuery(
        userId: userId, range: range, period: period, fillEmptyPeriods: true,
        compareWithPrevious: true))
    let codes = try store.topCodes(userId: userId, range: range, limit: topCodeLimit)
    let payments = try store.paymentEstimates(
      RVUAnalyticsQuery(userId: userId, range: range, period: period))
    let reconciliation = try statement.map {
      try store.reconcile($0, userId: userId, by: .month, period: range)
    }
    var page = page(
      report: report, codes: codes, period: period, asOf: asOf, generatedAt: generatedAt,
      zone: zone, payments: payments)
    let goal = try store.goal(userId: userId, asOf: asOf ?? range.end)
    if goal.annualTarget != nil || goal.dollarsToDate != nil {
      page.sections.insert(ReportSection(title: "Target", blocks: [.cards(goalCards(goal))]), at: 1)
    }
    if let reconciliation {
      page.sections.append(
        ReportSection(title: "Statement reconciliation", blocks: statementBlocks(reconciliation)))
    }
    return page
  }

  /// The statement against the log: the sums of each side, then every month and code.
  static func statementBlocks(_ result: Reconciliation) -> [ReportBlock] {
    let unequal = result.rows.count - result.count(.match)
    var cards = [
      SummaryCard(
        label: "Logged work RVUs", value: rvuFormat.string(result.loggedWorkRVU.doubleValue),
        comparison: "\(result.range.start) to \(result.range.end), \(result.loggedUnits) units"),
      SummaryCard(
        label: "Lines that do not match", value: ValueFormat.integer.string(Double(unequal)),
        comparison: "\(result.count(.differs)) differ, \(result.count(.statementOnly)) on the "
          + "statement only, \(result.count(.loggedOnly)) logged only"),
    ]
    if let credited = result.statementWorkRVU {
      cards.insert(
        SummaryCard(
          label: "Statement work RVUs", value: rvuFormat.string(credited.doubleValue),
          comparison: "\(result.statementUnits) units; difference "
            + rvuFormat.string((credited - result.loggedWorkRVU).doubleValue)),
        at: 0)
    }
    let amount = { (value: FixedDecimal?) in value.map { rvuFormat.string($0.doubleValue) } ?? "—" }
    return [
      .cards(cards),
      .table(
        DataTable(
          caption: "Per month and code"
            + (result.byModifier ? " and modifier" : "") + " (difference: statement − logged)",
          columns: [
            .init("Month"), .init("Code"), .init("Statement units", .numeric),
            .init("Logged units", .numeric), .init("Statement wRVUs", .numeric),
            .init("Logged wRVUs", .numeric), .init("Difference", .numeric), .init("Status"),
          ],
          rows: result.rows.map {
            [
              $0.period.map { "\($0.shortMonthName) \($0.year)" } ?? "",
              $0.hcpcs + ($0.modifier.map { "-" + $0 } ?? ""),
              ValueFormat.integer.string(Double($0.statementUnits)),
              ValueFormat.integer.string(Double($0.loggedUnits)), amount($0.statementWorkRVU),
              amount($0.loggedWorkRVU), amount($0.workRVUDifference), $0.status.rawValue,
            ]
          }, emptyMessage: "The statement has no lines.")),
    ]
  }

  /// The page of numbers already read; `payments` adds the payment card and column.
  public static func page(
    report: RVUAnalyticsReport, codes: [RVUCodeRow], period: Period, asOf: LocalDate?,
    generatedAt: Instant?, zone: Zone?,
    payments: (byPeriod: [LocalDate: PaymentEstimate], total: PaymentEstimate)? = nil
  ) -> ReportPage {
    let range = report.range
    let days = counted(range.dayCount, "day")
    return ReportPage(
      title: "Work RVU report",
      period: "\(range.start) to \(range.end) (\(days)), \(periodName(period))",
      asOf: asOf, generatedAt: generatedAt, zone: zone,
      sections: [
        ReportSection(title: "Summary", blocks: [.cards(cards(report, payment: payments?.total))]),
        ReportSection(
          title: "Work RVUs by \(unitName(period))",
          blocks: periodBlocks(report, period, payments: payments?.byPeriod)),
        ReportSection(title: "Top codes", blocks: codeBlocks(codes)),
      ])
  }

  static let rvuFormat = ValueFormat(decimals: 2)

  static let dollarFormat = ValueFormat(decimals: 2, prefix: "$")

  static func cards(_ report: RVUAnalyticsReport, payment: PaymentEstimate? = nil) -> [SummaryCard]
  {
    let totals = report.totals
    let changes = report.previous?.changes
    let comparison = report.previous.map {
      "vs previous \(counted($0.range.dayCount, "day")) (\($0.range.start) to \($0.range.end))"
    }
    return [
      SummaryCard(
        label: "Work RVUs", value: rvuFormat.string(totals.totalWorkRVU.doubleValue),
        change: changes?.workRVU, comparison: comparison),
      SummaryCard(
        label: "Encounters", value: ValueFormat.integer.string(Double(totals.totalEncounters)),
        change: changes?.encounters, comparison: comparison),
      SummaryCard(
        label: "No-shows", value: ValueFormat.integer.string(Double(totals.totalNoShows)),
        change: changes?.noShows, comparison: comparison),
      SummaryCard(
        label: "Average RVUs per encounter",
        value: rvuFormat.string(totals.averageRVUPerEncounter.doubleValue),
        change: changes?.averageRVUPerEncounter, comparison: comparison),
    ]
      + (payment.map {
        [
          SummaryCard(
            label: "Estimated Medicare payment", value: dollarFormat.string($0.amount.doubleValue),
            change: nil, comparison: paymentBasis($0))
        ]
      } ?? [])
  }

  /// The target, the pace and the dollars, as far as the settings give them.
  static func goalCards(_ goal: RVUGoal) -> [SummaryCard] {
    let period = "\(goal.periodStart) to \(goal.periodEnd)"
    let through = goal.through.map { " by \($0)" } ?? ""
    var cards: [SummaryCard] = []
    if let target = goal.annualTarget {
      cards.append(
        SummaryCard(
          label: "Target", value: rvuFormat.string(target.doubleValue),
          comparison: "work RVUs, \(period), paced from \(goal.pacedFrom) over "
            + "\(counted(goal.workingDaysInYear, "working day"))"
            + (goal.timeOffDays > 0 ? " (\(counted(goal.timeOffDays, "day")) off)" : "")))
      if let expected = goal.expectedToDate {
        cards.append(
          SummaryCard(
            label: "Pace",
            value: goal.percentOfExpected.map { rvuFormat.string($0.doubleValue) + "%" } ?? "—",
            comparison: "\(rvuFormat.string(goal.workRVUToDate.doubleValue)) of "
              + "\(rvuFormat.string(expected.doubleValue)) expected\(through)"))
      }
    }
    if let projected = goal.projectedYearEnd {
      cards.append(
        SummaryCard(
          label: "Projected at \(goal.periodEnd)", value: rvuFormat.string(projected.doubleValue),
          comparison: "work RVUs at the pace so far"
            + (goal.projectedDollars.map { ", \(dollarFormat.string($0.doubleValue))" } ?? "")))
    }
    if let dollars = goal.dollarsToDate {
      cards.append(
        SummaryCard(
          label: "Dollars to date", value: dollarFormat.string(dollars.doubleValue),
          comparison: "\(rvuFormat.string(goal.workRVUToDate.doubleValue)) work RVUs since "
            + "\(goal.periodStart)"
            + (goal.bonusToDate.map { ", bonus \(dollarFormat.string($0.doubleValue))" } ?? "")))
    }
    return cards
  }

  /// How a payment estimate was made, in a line.
  static func paymentBasis(_ estimate: PaymentEstimate) -> String {
    let locality =
      estimate.gpci == .national
      ? "national amounts"
      : "GPCIs " + estimate.gpci.description.replacingOccurrences(of: ",", with: " / ")
    return "\(estimate.catalogYear) fee schedule, \(locality), after the modifier rules"
  }

  static func periodBlocks(
    _ report: RVUAnalyticsReport, _ period: Period,
    payments: [LocalDate: PaymentEstimate]? = nil
  ) -> [ReportBlock] {
    let rows = report.summary
    return [
      .chart(
        BarChart(
          title: "Work RVUs per \(unitName(period))",
          description:
            "One bar per \(unitName(period)) from \(report.range.start) to \(report.range.end)"
            + (period == .week ? ", weeks starting on Monday" : "")
            + "; no-shows count no RVUs.",
          data: rows.map { ChartDatum(label($0.periodStart, period), $0.totalWorkRVU) },
          format: ValueFormat(decimals: 2, unit: "RVU"),
          emptyMessage: "No visits in this range.")),
      .table(
        DataTable(
          caption: "Totals per \(unitName(period))",
          columns: [
            .init(period == .day ? "Day" : "First day of the \(unitName(period))"),
            .init("Work RVUs", .numeric), .init("Encounters", .numeric),
            .init("No-shows", .numeric),
          ] + (payments == nil ? [] : [.init("Estimated payment", .numeric)]),
          rows: rows.map { row in
            [
              row.periodStart.description, rvuFormat.string(row.totalWorkRVU.doubleValue),
              ValueFormat.integer.string(Double(row.totalEncounters)),
              ValueFormat.integer.string(Double(row.totalNoShows)),
            ]
              + (payments.map {
                [dollarFormat.string(($0[row.periodStart]?.amount ?? .zero).doubleValue)]
              } ?? [])
          }, emptyMessage: "No visits in this range.")),
    ]
  }

  static func codeBlocks(_ codes: [RVUCodeRow]) -> [ReportBlock] {
    [
      .chart(
        HorizontalBarChart(
          title: "Work RVUs by code",
          description: "The \(counted(codes.count, "code")) with the most work RVUs in the range.",
          data: codes.map { ChartDatum($0.hcpcs, $0.totalWorkRVU) },
          format: ValueFormat(decimals: 2, unit: "RVU"),
          emptyMessage: "No procedures in this range.")),
      .table(
        DataTable(
          caption: "HCPCS breakdown: top \(topCodeLimit) codes by work RVUs",
          columns: [
            .init("HCPCS"), .init("Description"), .init("Work RVUs", .numeric),
            .init("Quantity", .numeric), .init("Encounters", .numeric),
          ],
          rows: codes.map {
            [
              $0.hcpcs, $0.description, rvuFormat.string($0.totalWorkRVU.doubleValue),
              ValueFormat.integer.string(Double($0.totalQuantity)),
              ValueFormat.integer.string(Double($0.encounterCount)),
            ]
          }, emptyMessage: "No procedures in this range.")),
    ]
  }

  /// A bar's label: short enough for a slot (`Feb 8`, `Mar 2026`, `Q1 2026`, `2026`); the
  /// table under the chart gives the full first day.
  static func label(_ start: LocalDate, _ period: Period) -> String {
    switch period {
    case .day, .week: return "\(start.shortMonthName) \(start.day)"
    case .month: return "\(start.shortMonthName) \(start.year)"
    case .quarter: return "Q\((start.month - 1) / 3 + 1) \(start.year)"
    case .year: return "\(start.year)"
    }
  }

  /// `day`, `week`, …: the period's raw value reads as the unit already.
  static func unitName(_ period: Period) -> String { period.rawValue }

  /// `daily`, `weekly`, …: the seed API's name of a grouping, for titles (the analytics table's
  /// too).
  public static func periodName(_ period: Period) -> String {
    switch period {
    case .day: return "daily"
    case .week: return "weekly"
    case .month: return "monthly"
    case .quarter: return "quarterly"
    case .year: return "yearly"
    }
  }
}
