import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import RVUDomain
import RVUReports

extension RVUCommand {
  /// `rvu-cli analytics`.
  struct Analytics: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "analytics",
      abstract: "Work RVU totals by day, week, month or year, optionally per code.",
      discussion: """
        total_work_rvu sums work RVU × quantity over procedures of visits that are not \
        no-shows; total_encounters counts visits that are not no-shows; total_no_shows counts \
        no-shows; encounter_count counts distinct visits with the code. Only periods with \
        visits appear unless --fill is given. The default range is the last 30 days up to \
        --as-of, and a range holds at most \(DayRange.maximumDays) days.

        --compare previous adds the window of as many days just before the range: its dates, \
        totals and the percent change of each total (in CSV, as columns of the total row).

        Example:
          rvu-cli analytics --start 2026-01-01 --end 2026-03-31 --period weekly
          rvu-cli analytics --last 90 --period monthly --group-by hcpcs --format json
          rvu-cli analytics --start mon --period daily   (this week so far)
        """)

    /// `--group-by hcpcs`.
    enum Grouping: String, ExpressibleByArgument, CaseIterable {
      case hcpcs
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var grouping: PeriodOption
    @Option(name: .customLong("group-by"), help: "Break totals down per code: hcpcs.")
    var groupBy: Grouping?
    @Option(
      name: .customLong("week-start"),
      help: ArgumentHelp("The first day of a week.", valueName: "monday|sunday"),
      transform: Weekday.init(parsing:))
    var weekStart: Weekday = .monday
    @Flag(help: "Add zero rows for periods without visits.") var fill = false
    @Flag(help: "Add totals (always shown in table format).") var totals = false
    @Option(
      help: ArgumentHelp(
        "Add the previous window of equal length and the percent change: previous.",
        valueName: "previous"))
    var compare: Comparison?

    @Flag(
      help:
        "Add the Medicare payment estimate per period and in the totals (see 'rvu-cli settings set --setting' and --gpci)."
    )
    var payment = false
    @OptionGroup var catalog: CatalogOptions

    /// `--compare previous`.
    enum Comparison: String, ExpressibleByArgument, CaseIterable {
      case previous
    }

    func validate() throws {
      if payment && groupBy != nil {
        throw ValidationError(
          "--payment applies to summary rows: leave out --group-by or --payment")
      }
      if fill && groupBy != nil {
        throw ValidationError("--fill applies to summary rows: leave out --group-by or --fill")
      }
    }

    func run() throws {
      let range = try window.range(asOf: global.asOf)
      let period = grouping.period
      let store = try global.openRVUStoreToRead()
      let query = RVUAnalyticsQuery(
        userId: user.id, range: range, period: period, weekStart: weekStart,
        groupByCode: groupBy != nil, fillEmptyPeriods: fill, compareWithPrevious: compare != nil)
      let report = try store.analytics(query)
      let payments =
        try payment
        ? withRVUHints { try store.paymentEstimates(query, catalogYear: catalog.year) } : nil
      // Visits of a year with no release of its own are priced with an earlier year's: said,
      // since the amounts differ from what that year's schedule pays.
      if let payments, catalog.year == nil, let newest = payments.total.releases.max() {
        let later = Set(
          payments.byPeriod.filter { $0.key.year > newest.year && $0.value.totalRVU != .zero }
            .map(\.key.year)
        ).sorted()
        if !later.isEmpty {
          Terminal.noticeOnSuccess(
            "note: visits of \(later.map(String.init).joined(separator: ", ")) are priced with "
              + "the release of \(newest): import that year's CMS file for its values")
        }
      }
      var rows =
        groupBy == nil
        ? report.summary.map(\.jsonObject) : report.codes.map(\.jsonObject)
      var totalsObject = report.totals.jsonObject
      if let payments {
        for index in rows.indices {
          let start = report.summary[index].periodStart
          rows[index][PaymentEstimate.column] = .decimal(payments.byPeriod[start]?.amount ?? .zero)
        }
        totalsObject[PaymentEstimate.column] = .decimal(payments.total.amount)
      }
      switch global.format {
      case .json:
        if let previous = report.previous {
          global.print(object: [
            "rows": .array(rows.map(JSONValue.object)),
            "totals": .object(totalsObject),
            "previous": .object(previous.previousObject),
            "change_percent": .object(previous.changeObject),
          ])
        } else if totals {
          global.print(object: [
            "rows": .array(rows.map(JSONValue.object)),
            "totals": .object(totalsObject),
          ])
        } else {
          global.print(rows: rows)
        }
      case .csv:
        var all = rows
        // A comparison always comes with the totals it compares, as in JSON: the total row
        // carries the previous window's columns (previous.start, previous.totals.…,
        // change_percent.…).
        if totals || report.previous != nil {
          var total: JSONObject = ["period_start": .string("total")]
          if groupBy != nil { total["hcpcs"] = .null }
          total["total_work_rvu"] = .decimal(report.totals.totalWorkRVU)
          if groupBy == nil {
            total["total_encounters"] = .int(report.totals.totalEncounters)
            total["total_no_shows"] = .int(report.totals.totalNoShows)
            if let payments {
              total[PaymentEstimate.column] = .decimal(payments.total.amount)
            }
          }
          if let previous = report.previous {
            total["previous"] = .object(previous.previousObject)
            total["change_percent"] = .object(previous.changeObject)
          }
          all.append(total)
        }
        var columns = groupBy == nil ? RVUSummaryRow.columns : RVUCodeRow.columns
        if payments != nil { columns.append(PaymentEstimate.column) }
        global.print(rows: all, columns: columns)
      case .table:
        var out =
          "Work RVUs \(range.start) to \(range.end), \(RVUReportPage.periodName(period))"
          + (groupBy != nil ? ", per code" : "") + "\n\n"
        out += OutputFormat.table.render(rows: rows)
        if !report.summary.isEmpty {
          out +=
            "\n"
            + BarChart.render(
              report.summary.map { ("\($0.periodStart)", $0.totalWorkRVU.doubleValue) })
        }
        out += "\n" + OutputFormat.table.render(object: totalsObject)
        if let previous = report.previous {
          out += "\nPrevious \(previous.range.start) to \(previous.range.end)\n"
          out += OutputFormat.table.render(object: previous.totals.jsonObject)
          out += "\nChange (%)\n" + OutputFormat.table.render(object: previous.changeObject)
        }
        Terminal.writeOutput(out)
      }
    }
  }
}
