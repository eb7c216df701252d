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
    ReportPage(
      title: "Weekly behavior report", period: period(report.window), asOf: report.window.end,
      sections: [
        summary(
          total: report.totalEntries, average: report.dailyAverage, overview: overview,
          days: report.window.dayCount)
      ] + charts(overview) + [
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

  public static func monthly(_ report: MonthlyReport, overview: ReportOverview) -> ReportPage {
    ReportPage(
      title: "Monthly behavior report", period: period(report.window), asOf: report.window.end,
      sections: [
        summary(
          total: report.totalEntries, average: report.dailyAverage, overview: overview,
          days: report.window.dayCount)
      ] + charts(overview) + [
        medications(report.medicationEffectiveness, monthly: true),
        correlations(report.correlations),
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
    let energy = overview.energyTrend.compactMap { day in
      day.value.map { ChartDatum(dayLabel(day.date), $0) }
    }
    let intensity = overview.intensityByDay.compactMap { day in
      day.value.map { ChartDatum(dayLabel(day.date), $0) }
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
        title: "Energy and intensity",
        blocks: [
          .chart(
            LineChart(
              title: "Energy level by day",
              description:
                "The mean Energy Level intensity (1 to 5) of each day that has one; days without "
                + "an Energy Level entry are left out.",
              data: energy, format: rating, emptyMessage: "No Energy Level entries in this period."
            )),
          .chart(
            BarChart(
              title: "Intensity by day",
              description:
                "The mean intensity (1 to 5) of each day's entries that have one; days without "
                + "such entries are left out.",
              data: intensity, format: rating,
              emptyMessage: "No entries with an intensity in this period.")),
        ]),
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
          "Pearson's r between daily series: near 0 no link, ±0.3 moderate, ±0.5 and beyond "
            + "clear. n is the number of days paired; confidence is low under 10 days, high from "
            + "30. A correlation is not a cause."),
        .table(
          DataTable(
            caption: "Correlations",
            columns: [
              .init("Factor"), .init("Compared with"), .init("r", .numeric),
              .init("n (days)", .numeric), .init("Confidence"), .init("In words"),
            ],
            rows: findings.map {
              [
                $0.factor, $0.outcome, rating.string($0.r), String($0.n), $0.confidence,
                $0.summary,
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
