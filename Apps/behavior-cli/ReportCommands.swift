import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import BehaviorReports
import CLIKit
import DataFormats

extension BehaviorCommand {
  /// `behavior-cli today`.
  struct Today: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "today",
      abstract: "The dashboard: streak, today's entries and medications, recent entries, insights.",
      discussion: """
        Entries after the as-of day are ignored.

        Example:
          behavior-cli today
          behavior-cli today --as-of 2026-02-08 --format json
        """)

    @OptionGroup var global: GlobalOptions

    func execute() throws {
      let today = try global.openBehaviorStoreToRead().today(asOf: global.asOf, zone: global.zone)
      printReport(
        ReportJSON.today(today, zone: global.zone),
        text: ReportText.today(today, zone: global.zone),
        global: global)
    }
  }

  /// `behavior-cli report …`.
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "report",
      abstract: "Weekly and monthly reports.",
      discussion: "Example:\n  behavior-cli report weekly --as-of 2026-02-08",
      subcommands: [Weekly.self, Monthly.self])

    /// `behavior-cli report weekly`.
    struct Weekly: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "weekly",
        abstract: "The 7 days ending on the as-of day.",
        discussion: """
          JSON has every figure; CSV is long form (section, name, metric, value); the table draws \
          bar charts and an energy sparkline; html is a self-contained page with charts (pdf \
          prints it with Chromium). Docs/Behavior.md explains each rule.

          Example:
            behavior-cli report weekly --as-of 2026-02-08
            behavior-cli report weekly --format json
            behavior-cli report weekly --format html --output week.html
          """)

      @OptionGroup var options: PageOptions

      func validate() throws { try options.requirePageName() }

      func execute() throws {
        let global = options.global
        let store = try global.openBehaviorStoreToRead()
        if options.page != nil {
          let (report, overview) = try store.weeklyReportWithOverview(
            asOf: global.asOf, zone: global.zone)
          return try options.write(BehaviorReportPage.weekly(report, overview: overview))
        }
        let report = try store.weeklyReport(asOf: global.asOf, zone: global.zone)
        printReport(ReportJSON.weekly(report), text: ReportText.weekly(report), global: global)
      }
    }

    /// `behavior-cli report monthly`.
    struct Monthly: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "monthly",
        abstract: "The 30 days ending on the as-of day, with changes against the 30 before.",
        discussion: """
          Example:
            behavior-cli report monthly --as-of 2026-02-28 --format json
            behavior-cli report monthly --format pdf --output month.pdf
          """)

      @OptionGroup var options: PageOptions

      func validate() throws { try options.requirePageName() }

      func execute() throws {
        let global = options.global
        let store = try global.openBehaviorStoreToRead()
        if options.page != nil {
          let (report, overview) = try store.monthlyReportWithOverview(
            asOf: global.asOf, zone: global.zone)
          return try options.write(BehaviorReportPage.monthly(report, overview: overview))
        }
        let report = try store.monthlyReport(asOf: global.asOf, zone: global.zone)
        printReport(ReportJSON.monthly(report), text: ReportText.monthly(report), global: global)
      }
    }
  }
}

/// Prints a report: JSON as is, CSV in long form, the table as its text.
func printReport(_ object: JSONObject, text: String, global: GlobalOptions) {
  switch global.format {
  case .json: global.print(object: object)
  case .csv: global.print(rows: ReportCSV.longRows(object))
  case .table: Terminal.writeOutput(text)
  }
}
