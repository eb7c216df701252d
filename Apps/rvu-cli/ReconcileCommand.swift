import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import RVUDomain
import Storage

extension RVUCommand {
  /// `rvu-cli reconcile FILE`.
  struct Reconcile: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reconcile",
      abstract: "Check an employer's RVU statement against the visits you logged.",
      discussion: """
        FILE is a CSV as a billing or EHR system exports it, one row per billed line: columns \
        date (a day) or month (2025-11, Nov 2025), hcpcs, and optionally modifier, units \
        (default 1; negative for a reversal) and work_rvu (the line's credited work RVUs for \
        all its units). A file with its own header is read with --map column='Its column' \
        (--map hcpcs=CPT --map work_rvu='wRVU'). Over the days the statement covers, each \
        period and code (and modifier, when the statement has them) shows units and work RVUs \
        on each side, the difference (statement - logged) and a status: match, differs, \
        statement only, logged only. Logged work RVUs are the credited ones, no-shows count \
        nothing.

        Examples:
          rvu-cli reconcile statement.csv
          rvu-cli reconcile nov.csv --start 2025-11-01 --end 2025-11-30 --month-first
          rvu-cli reconcile export.csv --by code --map hcpcs=CPT --map work_rvu=wRVU
          rvu-cli reconcile daily.csv --by day --format csv > differences.csv
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var dialect: CSVDialectOptions
    @OptionGroup var columnMap: ColumnMapOptions
    @Argument(help: ArgumentHelp("The statement, a .csv file.", valueName: "file")) var file: String
    @Option(
      help: ArgumentHelp(
        "Compare per month (default), per code over the whole statement, or per day (a "
          + "statement by day).",
        valueName: "month|code|day"),
      transform: ReconcileGrouping.init(parsing:))
    var by: ReconcileGrouping = .month
    @Option(
      help: ArgumentHelp(
        "The statement's first day, when it covers more than its lines (default: its first "
          + "line's day or month).",
        valueName: "day"),
      transform: DayReference.init(parsing:))
    var start: DayReference?
    @Option(
      help: ArgumentHelp(
        "The statement's last day (default: its last line's day, or the end of its month).",
        valueName: "day"),
      transform: DayReference.init(parsing:))
    var end: DayReference?

    func validate() throws {
      if (start == nil) != (end == nil) {
        throw ValidationError("give the statement's period as --start and --end together")
      }
    }

    func run() throws {
      let statement = try dialect.read(file, columns: columnMap, amountFields: ["work_rvu"]) {
        try Statement.parse($0, fileName: $1, dialect: $2, columns: $3)
      }
      var period: DayRange?
      if let start, let end {
        period = try DayRange(
          start: start.resolve(asOf: global.asOf), end: end.resolve(asOf: global.asOf))
      }
      let result = try global.openRVUStoreToRead().reconcile(
        statement, userId: user.id, by: by, period: period)
      let rows = result.rows.map { $0.jsonObject(by) }
      switch global.format {
      case .json:
        global.print(object: result.jsonObject)
      case .csv:
        var total = result.totalsObject
        total["period"] = .string("total")
        let totalRow = JSONObject(
          ReconcileRow.columns.map { ($0, total[$0] ?? .null) })
        global.print(rows: rows + [totalRow], columns: ReconcileRow.columns)
      case .table:
        var out =
          "Statement \(result.range.start) to \(result.range.end) against your visits, per "
          + by.rawValue + (result.byModifier ? " and modifier" : "") + "\n\n"
        out += OutputFormat.table.render(rows: rows, columns: ReconcileRow.columns)
        out += "\n" + OutputFormat.table.render(object: result.totalsObject)
        Terminal.writeOutput(out)
      }
    }
  }
}
