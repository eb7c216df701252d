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
  struct Report: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "report",
      abstract: "Reports: weekly, monthly, a year in pixels, or any days with --from/--to.",
      discussion: """
        With --from and --to: the monthly report's rules over those days (at most 366), \
        compared with as many days right before.

        Examples:
          behavior-cli report weekly --as-of 2026-02-08
          behavior-cli report --from 2026-01-01 --to 2026-03-31 --format html \\
              --output quarter.html
        """,
      subcommands: [Weekly.self, Monthly.self, Year.self])

    @OptionGroup var options: PageOptions
    @OptionGroup var span: DayOptions

    func validate() throws { try options.requirePageName() }

    func execute() throws {
      let global = options.global
      let days = try span.resolved(asOf: global.asOf)
      guard let from = days.from, let to = days.to else {
        throw ValidationError(
          "give --from and --to for a report of any days, or a preset: weekly, monthly, year")
      }
      let (report, overview) = try global.openBehaviorStoreToRead().periodReportWithOverview(
        try DayRange(start: from, end: to), zone: global.zone)
      if options.page != nil {
        return try options.write(
          BehaviorReportPage.monthly(
            report, overview: overview, title: "Behavior report, \(from) to \(to)"))
      }
      printReport(ReportJSON.monthly(report), text: ReportText.monthly(report), global: global)
    }

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
          let year = try store.yearInPixels(global.asOf.year, of: .mood, zone: global.zone)
          return try options.write(
            BehaviorReportPage.monthly(report, overview: overview, year: year))
        }
        let report = try store.monthlyReport(asOf: global.asOf, zone: global.zone)
        printReport(ReportJSON.monthly(report), text: ReportText.monthly(report), global: global)
      }
    }
  }
}

extension BehaviorCommand.Report {
  /// `behavior-cli report year`.
  struct Year: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "year",
      abstract: "A year in pixels: a calendar grid of the check-in mood, a rating or a pattern.",
      discussion: """
        --of mood (default), energy, sleep, one of your ratings, or a pattern type (its \
        entries on each day with anything logged). The page is a grid of months by days with \
        a data table; the table format prints each month as a line of digits (- for no \
        value), JSON and CSV every day's exact value.

        Examples:
          behavior-cli report year --format html --output 2026.html
          behavior-cli report year --year 2025 --of Pain
          behavior-cli report year --of sensory-overload --format csv
        """)

    @OptionGroup var options: PageOptions
    @Option(help: "The calendar year (default: the as-of day's).") var year: Int?
    @Option(help: ArgumentHelp("What each day shows.", valueName: "series")) var of = "mood"

    func validate() throws { try options.requirePageName() }

    func execute() throws {
      let global = options.global
      let store = try global.openBehaviorStoreToRead()
      let pixels = try store.yearInPixels(
        year ?? global.asOf.year, of: try store.pixelSeries(of), zone: global.zone)
      if options.page != nil { return try options.write(BehaviorReportPage.year(pixels)) }
      switch global.format {
      case .json:
        global.print(
          object: [
            "year": .int(pixels.year), "name": .string(pixels.name),
            "days": .array(
              pixels.days.map {
                .object(["date": .date($0.date), "value": .number($0.value, decimals: 2)])
              }),
          ])
      case .csv:
        global.print(
          rows: pixels.days.map {
            ["date": .date($0.date), "value": .number($0.value, decimals: 2)]
          }, columns: ["date", "value"])
      case .table:
        var text = "\(pixels.year): \(pixels.name) (a digit a day, rounded; - none)\n"
        text += "     " + (1...31).map { String($0 % 10) }.joined() + "\n"
        for month in 1...12 {
          let days = pixels.days.filter { $0.date.month == month }
          text += days[0].date.shortMonthName.padding(toLength: 5, withPad: " ", startingAt: 0)
          text +=
            days.map { day in
              guard let value = day.value else { return "-" }
              let rounded = Int(value.rounded())
              return rounded >= 0 && rounded <= 9 ? String(rounded) : "+"
            }.joined() + "\n"
        }
        Terminal.writeOutput(text)
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
