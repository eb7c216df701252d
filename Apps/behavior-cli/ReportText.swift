import AnalyticsCore
import BehaviorPatterns
import CLIKit
import DataFormats

/// The readable table forms of `today` and the reports.
enum ReportText {
  static func number(_ value: Double?, _ decimals: Int = 2) -> String {
    value.flatMap { JSONValue.format($0, decimals: decimals) } ?? "-"
  }

  static func heading(_ text: String) -> String { "\n" + text + "\n" }

  static func counts(_ items: [(String, Int)]) -> String {
    items.isEmpty
      ? "  (none)\n"
      : BarChart.render(items.map { ($0.0, Double($0.1)) }, width: 30) { String(Int($0)) }
  }

  static func medications(_ insights: [MedicationInsight], monthly: Bool) -> String {
    guard !insights.isEmpty else { return "  (none)\n" }
    // Doses on both sides of a change are not the same medicine: said under the table.
    let changes = insights.flatMap { insight in
      insight.dosageChanges.map { "  \(insight.medication) dosage changed: \($0.text)\n" }
    }
    return TableWriter.write(
      insights.map { insight in
        var row: JSONObject = [
          "medication": .string(insight.medication),
          "adherence": .string(insight.adherenceRate.map { number($0, 1) + "%" } ?? "-"),
          "taken": .int(insight.dosesTaken),
          "expected": insight.dosesExpected.map { .int($0) } ?? .string("-"),
          "effectiveness": .string(number(insight.averageEffectiveness)),
          "mood": .string(number(insight.averageMood)),
          "energy": .string(number(insight.averageEnergy)),
        ]
        if monthly {
          row["challenging/day taken"] = .string(number(insight.challengingPerDayTaken))
          row["not taken"] = .string(number(insight.challengingPerDayNotTaken))
        }
        return row
      }) + changes.joined()
  }

  /// A line when only part of the window (or none of it) was tracked.
  static func tracked(_ tracked: DayRange?, of window: DayRange) -> String {
    guard let tracked else { return "Nothing was logged yet in these days: no day is judged.\n" }
    guard tracked != window else { return "" }
    return "Tracked from \(tracked.start): \(tracked.dayCount) of "
      + "\(counted(window.dayCount, "day")) judged.\n"
  }

  static func weekly(_ report: WeeklyReport) -> String {
    var text = "Weekly report \(report.window.start) to \(report.window.end)\n"
    text += tracked(report.trackedDays, of: report.window)
    text += "Entries: \(report.totalEntries), \(number(report.dailyAverage)) a day"
    if let day = report.mostActiveDay {
      text +=
        "; most active: \(day.weekday.shortName) \(day) "
        + "(\(counted(report.mostActiveDayEntries, "entry", "entries")))"
    }
    text += "\n"
    text += heading("Entries per day")
    text += counts(report.dailyCounts.map { ("\($0.date.weekday.shortName) \($0.date)", $0.count) })
    text += heading("Pattern frequency")
    text += counts(report.patternFrequency.map { ($0.name, $0.count) })
    text += heading("Categories")
    text +=
      report.categoryDistribution.isEmpty
      ? "  (none)\n"
      : counts(
        report.categoryDistribution.map {
          ("\($0.category.name) (\(number($0.percent, 1))%)", $0.count)
        })
    let energy = report.energyTrend.map(\.value)
    text += heading("Energy trend  " + Sparkline.render(energy))
    text +=
      report.energyTrend.map { "  \($0.date.weekday.shortName) \(number($0.value))" }
      .joined(separator: "\n") + "\n"
    text += heading("Common triggers")
    text +=
      report.commonTriggers.isEmpty
      ? "  (none)\n" : report.commonTriggers.map { "  \($0.trigger) (\($0.count))\n" }.joined()
    text += changes(report.changes, against: report.previousWindow, report.previousTrackedDays)
    text += checkIns(report.checkIns)
    text += heading("Medications")
    text += medications(report.medicationInsights, monthly: false)
    return text
  }

  /// The changes against the previous window, or why there are none.
  static func changes(_ changes: [PatternChange], against previous: DayRange, _ tracked: DayRange?)
    -> String
  {
    heading(
      "Changes against \(previous.start) to \(previous.end)"
        + (tracked.map { $0 == previous ? "" : " (tracked from \($0.start))" } ?? ""))
      + (tracked == nil
        ? "  (not compared: nothing was logged in those days)\n"
        : changes.isEmpty
          ? "  (none of at least 3 entries and 25%)\n"
          : changes.map {
            "  \($0.name): \($0.previous) → \($0.current) (\($0.change > 0 ? "+" : "")\($0.change)"
              + ($0.percentChange.map { ", " + number($0, 1) + "%" } ?? "") + ")\n"
          }.joined())
  }

  static func days(_ days: [DaySummary]) -> String {
    days.isEmpty
      ? "  (none)\n"
      : days.map {
        "  \($0.date.weekday.shortName) \($0.date): \(counted($0.entries, "entry", "entries")), "
          + "\($0.challengingEntries) challenging (score \($0.challengeScore)), "
          + "energy \(number($0.averageEnergy))\n"
      }.joined()
  }

  static func monthly(_ report: MonthlyReport) -> String {
    var text =
      (report.window.dayCount == 30 ? "Monthly report " : "Report ")
      + "\(report.window.start) to \(report.window.end)\n"
    text += tracked(report.trackedDays, of: report.window)
    text += "Entries: \(report.totalEntries), \(number(report.dailyAverage)) a day\n"
    text += "Per day: " + Sparkline.render(report.dailyCounts.map { Double($0.count) }) + "\n"
    text += heading("Top patterns")
    text += counts(report.topPatterns.map { ($0.name, $0.count) })
    text += heading("Categories by week")
    let used = Set(report.categoryTrends.flatMap(\.counts).filter { $0.count > 0 }.map(\.category))
    text += TableWriter.write(
      report.categoryTrends.map { week in
        var row: JSONObject = ["week of": .date(week.weekStart)]
        for entry in week.counts where used.contains(entry.category) {
          row[entry.category.name] = .int(entry.count)
        }
        return row
      })
    text += heading("Correlations")
    text +=
      report.correlations.isEmpty
      ? "  (not enough days: each needs at least 3 days with and 3 without)\n"
      : report.correlations.map { "  " + $0.summary + "\n" }.joined()
    text += heading("Best days")
    text += days(report.bestDays)
    text += heading("Challenging days")
    text += days(report.challengingDays)
    text += changes(report.changes, against: report.previousWindow, report.previousTrackedDays)
    text += checkIns(report.checkIns)
    text += heading("Common triggers")
    text +=
      report.commonTriggers.isEmpty
      ? "  (none)\n" : report.commonTriggers.map { "  \($0.trigger) (\($0.count))\n" }.joined()
    text += heading("Medications")
    text += medications(report.medicationEffectiveness, monthly: true)
    return text
  }

  /// Check-in days and each number's mean.
  static func checkIns(_ summary: CheckInSummary) -> String {
    heading("Check-ins: \(counted(summary.days, "day"))")
      + summary.averages.map {
        "  \($0.name): \(number($0.average)) on average (\(counted($0.days, "day")))\n"
      }.joined()
  }

  static func today(_ today: TodaySummary, zone: Zone) -> String {
    var text = "\(today.date.weekday.name.capitalized) \(today.date)\n"
    text += "Streak: \(counted(today.streak.current, "day")) (longest \(today.streak.longest))\n"
    text += "Entries today: \(today.entriesToday)\n"
    text +=
      "Check-in: "
      + (today.checkIn.map(BehaviorCommand.CheckInCommand.describe)
        ?? "not yet ('behavior-cli checkin --mood 4')") + "\n"
    if !today.medications.isEmpty {
      text += heading("Medications today")
      text += today.medications.map {
        "  \($0.name): \($0.taken) taken" + ($0.due.map { " of \($0) due" } ?? " (as needed)")
          + "\n"
      }.joined()
    }
    text += heading("Recent entries")
    text +=
      today.recentEntries.isEmpty
      ? "  (none)\n"
      : today.recentEntries.map { "  \($0.id). " + JournalReading.sentence($0, zone: zone) + "\n" }
        .joined()
    text += heading("Insights")
    text += today.insights.map { "  " + $0 + "\n" }.joined()
    return text
  }
}
