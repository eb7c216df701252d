import AnalyticsCore
import BehaviorPatterns
import ReportKit

/// The weekly and monthly reports as HTML pages: the domain's figures put into ReportKit's cards,
/// charts and tables, with labels for people. No arithmetic here beyond choosing what to show.
public enum BehaviorReportPage {
  /// Averages and ratings are on the 1–5 scale with 2 decimals, as the domain rounds them.
  static let rating = ValueFormat(decimals: 2)
  static let percent = ValueFormat(decimals: 1, unit: "%")

  public static func weekly(_ report: WeeklyReport, overview: ReportOverview) -> ReportPage {
    var summary = summary(
      total: report.totalEntries, average: report.dailyAverage, overview: overview,
      days: report.window.dayCount)
    if let day = report.mostActiveDay {
      summary.blocks.append(
        .paragraph(
          "Most active day: \(dayLabel(day)) (\(counted(report.mostActiveDayEntries, "entry", "entries")))."
        ))
    }
    return ReportPage(
      title: "Weekly behavior report", period: period(report.window), asOf: report.window.end,
      sections: [summary] + charts(overview) + [
        changes(report.changes, against: report.previousWindow, report.previousTrackedDays),
        medications(report.medicationInsights, monthly: false),
        ReportSection(
          title: "Correlations",
          blocks: [
            .paragraph(
              "Correlations need more days than a week holds: the monthly report shows them.")
          ]),
        triggers(report.commonTriggers),
      ])
  }

  public static func monthly(
    _ report: MonthlyReport, overview: ReportOverview, title: String = "Monthly behavior report",
    year: YearInPixels? = nil
  ) -> ReportPage {
    // The year so far in pixels, when the year has any value to show.
    let pixels =
      year.flatMap { $0.days.contains { $0.value != nil } ? Self.year($0).sections : nil } ?? []
    return ReportPage(
      title: title, period: period(report.window), asOf: report.window.end,
      sections: [
        summary(
          total: report.totalEntries, average: report.dailyAverage, overview: overview,
          days: report.window.dayCount)
      ] + charts(overview) + [
        days(best: report.bestDays, challenging: report.challengingDays),
        changes(report.changes, against: report.previousWindow, report.previousTrackedDays),
        medications(report.medicationEffectiveness, monthly: true),
        correlations(report.correlations),
        triggers(report.commonTriggers),
      ] + pixels)
  }

  /// The best and the challenging days, as the terminal lists them.
  static func days(best: [DaySummary], challenging: [DaySummary]) -> ReportSection {
    func table(_ caption: String, _ days: [DaySummary]) -> ReportBlock {
      .table(
        DataTable(
          caption: caption,
          columns: [
            .init("Day"), .init("Entries", .numeric), .init("Harder entries", .numeric),
            .init("Hard-day score", .numeric), .init("Energy", .numeric),
          ],
          rows: days.map {
            [
              dayLabel($0.date), String($0.entries), String($0.challengingEntries),
              String($0.challengeScore), optional($0.averageEnergy),
            ]
          }, emptyMessage: "No such day in this period."))
    }
    return ReportSection(
      title: "Best and challenging days",
      blocks: [
        table("Best days: the lowest hard-day scores", best),
        table("Challenging days: the highest hard-day scores", challenging),
      ])
  }

  /// Patterns that moved against the previous window, or why there are none.
  static func changes(_ changes: [PatternChange], against previous: DayRange, _ tracked: DayRange?)
    -> ReportSection
  {
    ReportSection(
      title: "Changes against \(period(previous))",
      blocks: [
        .table(
          DataTable(
            caption: "Patterns up or down by at least 3 entries and 25%",
            columns: [
              .init("Pattern"), .init("Before", .numeric), .init("Now", .numeric),
              .init("Change", .numeric),
            ],
            rows: changes.map {
              [
                $0.name, String($0.previous), String($0.current),
                ($0.change > 0 ? "+" : "") + String($0.change)
                  + ($0.percentChange.map { " (" + percent.string($0) + ")" } ?? ""),
              ]
            },
            emptyMessage: tracked == nil
              ? "Not compared: nothing was logged in those days."
              : "No pattern moved by at least 3 entries and 25%."))
      ])
  }

  /// A year in pixels: months down, days across, each day shaded by its value (hatched where
  /// there is none), with every value in the grid's data table for screen readers.
  public static func year(_ pixels: YearInPixels) -> ReportPage {
    let months = (1...12).map { month in
      LocalDate(year: pixels.year, month: month, day: 1)!.shortMonthName
    }
    var values = [[Double?]](repeating: [Double?](repeating: nil, count: 31), count: 12)
    for day in pixels.days { values[day.date.month - 1][day.date.day - 1] = day.value }
    let given = pixels.days.compactMap(\.value)
    let scale = pixels.scale.map { " (\($0.lowerBound) to \($0.upperBound))" } ?? ""
    return ReportPage(
      title: "\(pixels.year) in pixels: \(pixels.name)",
      period: "1 Jan – 31 Dec \(pixels.year)", asOf: nil,
      sections: [
        ReportSection(
          title: "\(pixels.name), \(pixels.year) in pixels",
          blocks: [
            .paragraph(
              "\(counted(given.count, "day")) with a value"
                + (Summary.mean(given).map { ", \(rating.string($0)) on average" } ?? "")
                + ". Days without one are hatched."),
            .chart(
              HeatGrid(
                title: "\(pixels.name)\(scale), day by day",
                description:
                  "One cell per day of \(pixels.year): months down, days of the month across; "
                  + "darker is higher. A day without a value is hatched.",
                rows: months, columns: (1...31).map(String.init), values: values,
                format: pixels.scale == nil ? ValueFormat(decimals: 1) : .integer,
                emptyMessage: "Nothing to show for \(pixels.year).")),
          ])
      ])
  }

  /// "25 Feb – 3 Mar 2026".
  static func period(_ window: DayRange) -> String {
    "\(window.start.day) \(window.start.shortMonthName) \(window.start.year) – "
      + "\(window.end.day) \(window.end.shortMonthName) \(window.end.year)"
  }

  /// "Wed 25 Feb": a day on an axis.
  static func dayLabel(_ date: LocalDate) -> String {
    "\(date.weekday.shortName) \(date.day) \(date.shortMonthName)"
  }

  static func summary(total: Int, average: Double, overview: ReportOverview, days count: Int)
    -> ReportSection
  {
    let streak = overview.streak
    return ReportSection(
      title: "Summary",
      blocks: [
        .cards([
          SummaryCard(
            label: "Entries", value: ValueFormat.integer.string(Double(total)),
            comparison: "in \(counted(count, "day"))"),
          SummaryCard(
            label: "Entries per tracked day", value: rating.string(average),
            comparison: "days before tracking began are not counted"),
          SummaryCard(
            label: "Logging streak", value: counted(streak.current, "day"),
            comparison: "longest \(counted(streak.longest, "day"))"),
        ])
      ])
  }

  static func charts(_ overview: ReportOverview) -> [ReportSection] {
    // Every day of the window keeps its place: a day with nothing logged is a gap.
    let hard = overview.hardDayScore.map { ChartDatum.day(dayLabel($0.date), $0.value) }
    let better = overview.betterLines.map { line -> ReportBlock in
      .chart(
        LineChart(
          title: "\(line.name) by day",
          description:
            "The mean \(line.name) intensity (1 to 5, higher is better) of each day it was "
            + "logged; the line breaks on days without it.",
          data: line.days.map { ChartDatum.day(dayLabel($0.date), $0.value) }, format: rating,
          covers: 1...5))
    }
    return [
      ReportSection(
        title: "Patterns",
        blocks: [
          .chart(
            HorizontalBarChart(
              title: "How often each pattern was logged",
              description:
                "One bar per pattern, longest first; the number at each bar's end is its count.",
              data: overview.patternFrequency.map { ChartDatum($0.name, Double($0.count)) },
              emptyMessage: "No entries in this period."))
        ]),
      ReportSection(
        title: "Categories",
        blocks: [
          .chart(
            DonutChart(
              title: "Entries by category",
              description:
                "Each category's share of the period's entries; the legend gives each share in "
                + "percent and in entries.",
              data: overview.categoryDistribution.map {
                ChartDatum($0.category.name, Double($0.count))
              }, emptyMessage: "No entries in this period.")),
          .table(
            DataTable(
              caption: "Category distribution",
              columns: [.init("Category"), .init("Entries", .numeric), .init("Share", .numeric)],
              rows: overview.categoryDistribution.map {
                [$0.category.name, String($0.count), percent.string($0.percent)]
              }, emptyMessage: "No entries in this period.")),
        ]),
      ReportSection(
        title: "How hard each day was",
        blocks: [
          .chart(
            BarChart(
              title: "Hard-day score by day",
              description:
                "The sum of the intensities of each day's harder patterns (Sensory Overload, "
                + "Meltdown Trigger… 3 when none was given); energy, sleep and the other "
                + "better-is-higher types are not in it. A day with nothing logged is a gap; 0 "
                + "is a logged day without a harder pattern.",
              data: hard, format: .integer, emptyMessage: "Nothing logged in this period."))
        ]),
      ReportSection(
        title: "Check-ins",
        blocks: overview.checkInLines.isEmpty
          ? [.paragraph("No check-in in this period.")]
          : overview.checkInLines.map { line in
            .chart(
              LineChart(
                title: "\(line.name) by day",
                description:
                  "The check-in's \(line.name.lowercased()) of each day checked in; the line breaks "
                  + "on days without one.",
                data: line.days.map { ChartDatum.day(dayLabel($0.date), $0.value) },
                format: rating,
                covers: line.typeID == "check-in:mood" || line.typeID == "check-in:energy"
                  ? 1...5 : nil))
          }),
      ReportSection(
        title: "What went well",
        blocks: better.isEmpty
          ? [
            .paragraph(
              "No better-is-higher pattern (Energy Level, Sleep Quality, Routine Adherence, "
                + "Flexibility Tolerance, Academic/Work Performance) was logged with an "
                + "intensity in this period.")
          ] : better),
    ]
  }

  static func medications(_ insights: [MedicationInsight], monthly: Bool) -> ReportSection {
    let rated = insights.compactMap { insight in
      insight.adherenceRate.map { ChartDatum(insight.medication, $0) }
    }
    var blocks: [ReportBlock] = [
      .chart(
        HorizontalBarChart(
          title: "Medication adherence",
          description:
            "Percent of expected doses taken, per scheduled medication (as-needed ones have no "
            + "adherence).",
          data: rated, format: percent, emptyMessage: "No scheduled medication in this period.")),
      .table(
        DataTable(
          caption: "Adherence and effectiveness (ratings 1 to 5)",
          columns: [
            .init("Medication"), .init("Doses taken", .numeric), .init("Adherence", .numeric),
            .init("Effectiveness", .numeric), .init("Mood", .numeric), .init("Energy", .numeric),
          ],
          rows: insights.map { insight in
            [
              insight.medication, doses(insight),
              insight.adherenceRate.map(percent.string) ?? "—",
              optional(insight.averageEffectiveness), optional(insight.averageMood),
              optional(insight.averageEnergy),
            ]
          }, emptyMessage: "No medication in this period.")),
    ]
    if monthly {
      blocks.append(
        .table(
          DataTable(
            caption: "Challenging entries per day, with and without a dose taken",
            columns: [
              .init("Medication"), .init("Dose taken", .numeric),
              .init("No dose taken", .numeric),
            ],
            rows: insights.map {
              [
                $0.medication, optional($0.challengingPerDayTaken),
                optional($0.challengingPerDayNotTaken),
              ]
            }, emptyMessage: "No medication in this period.")))
    }
    let notes = insights.flatMap { insight in
      insight.sideEffects.map { [insight.medication, "side effect", $0.text, String($0.count)] }
        + insight.skipReasons.map { [insight.medication, "skipped", $0.text, String($0.count)] }
    }
    if monthly || !notes.isEmpty {
      blocks.append(
        .table(
          DataTable(
            caption: "Side effects and reasons for skipped doses",
            columns: [
              .init("Medication"), .init("Kind"), .init("What was noted"),
              .init("Times", .numeric),
            ],
            rows: notes, emptyMessage: "No side effect or skip reason was noted.")))
    }
    let changes = insights.flatMap { insight in
      insight.dosageChanges.map {
        [insight.medication, $0.day.description, $0.from ?? "none", $0.to ?? "none"]
      }
    }
    if !changes.isEmpty {
      // Doses on both sides of a change are not the same medicine: the change is shown where
      // the figures are.
      blocks.append(
        .table(
          DataTable(
            caption: "Dosage changes",
            columns: [.init("Medication"), .init("Day"), .init("From"), .init("To")],
            rows: changes)))
    }
    return ReportSection(title: "Medications", blocks: blocks)
  }

  /// "5 of 7 (daily)", or "2 (as-needed)": doses taken against those expected, with the
  /// frequency that sets them.
  static func doses(_ insight: MedicationInsight) -> String {
    let frequency = " (" + insight.frequency.rawValue + ")"
    guard let expected = insight.dosesExpected else { return "\(insight.dosesTaken)" + frequency }
    return "\(insight.dosesTaken) of \(expected)" + frequency
  }

  static func correlations(_ findings: [CorrelationFinding]) -> ReportSection {
    ReportSection(
      title: "Correlations",
      blocks: [
        .paragraph(
          "Pearson's r between daily series over logged days only (a day with nothing logged "
            + "is unknown, not a day without): near 0 no link, ±0.3 moderate, ±0.5 and beyond "
            + "clear. n is the number of days paired; a factor needs at least 3 days with it and "
            + "3 without; confidence is low under 10 days, high from 30. The "
            + "\(ReportBuilder.correlationLimit) strongest are shown. A correlation is not a "
            + "cause."),
        .table(
          DataTable(
            caption: "Correlations",
            columns: [
              .init("Factor"), .init("Compared with"), .init("r", .numeric),
              .init("n (days)", .numeric), .init("With / without", .numeric),
              .init("Confidence"), .init("In words"),
            ],
            rows: findings.map { finding in
              [
                finding.factor, finding.outcome, rating.string(finding.r), String(finding.n),
                finding.daysWith.map { "\($0) / \(finding.daysWithout ?? 0)" } ?? "—",
                finding.confidence, finding.summary,
              ]
            }, emptyMessage: "Not enough days with and without each factor yet.")),
      ])
  }

  static func triggers(_ triggers: [TriggerCount]) -> ReportSection {
    ReportSection(
      title: "Common triggers",
      blocks: [
        .table(
          DataTable(
            caption: "Tags and note words seen with trigger patterns",
            columns: [.init("Trigger"), .init("Entries", .numeric)],
            rows: triggers.map { [$0.trigger, String($0.count)] },
            emptyMessage: "No word came up twice with trigger patterns."))
      ])
  }

  static func optional(_ value: Double?) -> String { value.map(rating.string) ?? "—" }
}
