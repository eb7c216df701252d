import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import StoreAnalytics

extension StoreMetricsCommand {
  struct ImportShifts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import-shifts",
      abstract: "Import employees' shifts (store_id, employee, start, end, hourly_wage).",
      discussion: """
        A CSV with the columns store_id, employee, start, end and hourly_wage; a scheduling \
        export with its own header is read with --map (--map employee='Team Member'). Times \
        with an offset or Z are instants; others are wall-clock times in the store's zone (a \
        shift past midnight ends on the next day's date). Stores must exist. One transaction: \
        every shift is taken, or none and the first bad line is named. A shift stored before \
        (same store, employee and start) is skipped when unchanged and updated when its end \
        or wage differs; the summary counts new, updated and already present shifts.

        Examples:
          store-metrics import-shifts shifts.csv
          store-metrics import-shifts export.csv --map employee='Team Member' \\
              --map hourly_wage='Rate'
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The shifts CSV.", valueName: "file")) var file: String
    @OptionGroup var dialect: CSVDialectOptions
    @OptionGroup var columnMap: ColumnMapOptions

    func run() throws {
      let shifts = try dialect.read(file, columns: columnMap, amountFields: ["hourly_wage"]) {
        try ShiftFile.parse($0, fileName: $1, dialect: $2, columns: $3)
      }
      let summary = try global.openStoreMetricsToRead().importShifts(shifts)
      Terminal.writeOutput(
        "Imported \(counted(summary.new, "new shift")), \(summary.updated) updated, "
          + "\(summary.alreadyPresent) already present.\n")
    }
  }

  struct Labor: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "labor",
      abstract: "Labor hours and cost against net sales: in all, by day and by hour of the day.",
      discussion: """
        From the imported shifts (import-shifts), each split at every local hour it crosses; \
        only what falls in the window counts (default: the last 30 days). labor_percent is \
        labor cost as a percent of net sales (null without sales); sales_per_labor_hour is \
        net sales per hour worked (null without hours). Costs are exact to the cent-second \
        and rounded once per figure. Table: the totals, then each day; CSV: each day; JSON: \
        everything, with the 24 hours.

        Examples:
          store-metrics labor --store downtown
          store-metrics labor --store downtown --range week --format json
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOption
    @Option(help: "today, week, month (default), quarter or year.") var range: MetricsRange?
    @OptionGroup var days: DayRangeOptions

    func validate() throws { try days.refuseWith(range) }

    func run() throws {
      let (db, asOf) = try store.open(global)
      let window = try days.window(range, standard: .month, asOf: asOf)
      let report = try db.labor(storeId: store.store, range: window)
      let rows = report.days.map { StoreWire.laborDay($0.date, $0.figures) }
      switch global.format {
      case .json: global.print(object: StoreWire.labor(report))
      case .csv:
        Terminal.writeOutput(global.format.render(rows: rows, columns: StoreWire.laborDayColumns))
      case .table:
        var totals = StoreWire.labor(report)
        totals["days"] = nil
        totals["hours"] = nil
        if let percent = totals["labor_percent"]?.plainText {
          totals["labor_percent"] = .string(percent + "%")
        }
        Terminal.writeOutput(
          TableWriter.write(keyValue: totals) + "\n"
            + global.format.render(rows: rows, columns: StoreWire.laborDayColumns))
      }
    }
  }
}
