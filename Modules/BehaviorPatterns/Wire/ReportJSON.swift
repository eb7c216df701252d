import AnalyticsCore
import DataFormats

/// The JSON shapes of `today` and the weekly and monthly reports (keys as Docs/Behavior.md and
/// the README document them).
public enum ReportJSON {
  static func period(_ range: DayRange) -> JSONValue {
    .object(["start": .date(range.start), "end": .date(range.end), "days": .int(range.dayCount)])
  }

  static func patternCounts(_ counts: [PatternCount]) -> JSONValue {
    .array(
      counts.map {
        .object(["type": .string($0.name), "type_id": .string($0.typeID), "count": .int($0.count)])
      })
  }

  static func dailyCounts(_ counts: [DayCount]) -> JSONValue {
    .array(counts.map { .object(["date": .date($0.date), "count": .int($0.count)]) })
  }

  static func medication(_ insight: MedicationInsight, monthly: Bool) -> JSONValue {
    var object: JSONObject = [
      "medication": .string(insight.medication),
      "frequency": .string(insight.frequency.rawValue),
      "adherence_rate": .number(insight.adherenceRate, decimals: 1),
      "doses_taken": .int(insight.dosesTaken),
      "doses_expected": insight.dosesExpected.map { .int($0) } ?? .null,
      "average_effectiveness": .number(insight.averageEffectiveness, decimals: 2),
      "average_mood": .number(insight.averageMood, decimals: 2),
      "average_energy": .number(insight.averageEnergy, decimals: 2),
      "dosage_changes": .array(
        insight.dosageChanges.map {
          .object(["date": .date($0.day), "from": .string($0.from), "to": .string($0.to)])
        }),
    ]
    object["side_effects"] = .array(
      insight.sideEffects.map { .object(["text": .string($0.text), "count": .int($0.count)]) })
    object["skip_reasons"] = .array(
      insight.skipReasons.map { .object(["text": .string($0.text), "count": .int($0.count)]) })
    if monthly {
      object["challenging_per_day_taken"] = .number(insight.challengingPerDayTaken, decimals: 2)
      object["challenging_per_day_not_taken"] = .number(
        insight.challengingPerDayNotTaken, decimals: 2)
    }
    return .object(object)
  }

  /// Patterns that moved against the previous window (weekly and monthly `changes`).
  static func changes(_ changes: [PatternChange]) -> JSONValue {
    .array(
      changes.map {
        .object([
          "type": .string($0.name), "type_id": .string($0.typeID),
          "current": .int($0.current), "previous": .int($0.previous),
          "change": .int($0.change), "percent_change": .number($0.percentChange, decimals: 1),
          "direction": .string($0.direction),
        ])
      })
  }

  /// The weekly report.
  public static func weekly(_ report: WeeklyReport) -> JSONObject {
    [
      "period": period(report.window),
      "previous_period": period(report.previousWindow),
      "tracked_period": report.trackedDays.map(period) ?? .null,
      "previous_tracked_period": report.previousTrackedDays.map(period) ?? .null,
      "changes_compared": .bool(report.previousTrackedDays != nil),
      "total_entries": .int(report.totalEntries),
      "daily_average": .number(report.dailyAverage, decimals: 2),
      "most_active_day": report.mostActiveDay.map(JSONValue.date) ?? .null,
      "most_active_day_entries": .int(report.mostActiveDayEntries),
      "daily_counts": dailyCounts(report.dailyCounts),
      "pattern_frequency": patternCounts(report.patternFrequency),
      "category_distribution": .array(
        report.categoryDistribution.map {
          .object([
            "category": .string($0.category.id), "count": .int($0.count),
            "percent": .number($0.percent, decimals: 1),
          ])
        }),
      "energy_trend": .array(
        report.energyTrend.map {
          .object(["date": .date($0.date), "average": .number($0.value, decimals: 2)])
        }),
      "common_triggers": .array(
        report.commonTriggers.map {
          .object(["trigger": .string($0.trigger), "count": .int($0.count)])
        }),
      "changes": changes(report.changes),
      "check_ins": checkIns(report.checkIns),
      "medication_insights": .array(
        report.medicationInsights.map { medication($0, monthly: false) }),
    ]
  }

  static func day(_ day: DaySummary) -> JSONValue {
    .object([
      "date": .date(day.date), "entries": .int(day.entries),
      "challenging_entries": .int(day.challengingEntries),
      "challenge_score": .int(day.challengeScore),
      "average_energy": .number(day.averageEnergy, decimals: 2),
    ])
  }

  /// The monthly report.
  public static func monthly(_ report: MonthlyReport) -> JSONObject {
    [
      "period": period(report.window),
      "previous_period": period(report.previousWindow),
      "tracked_period": report.trackedDays.map(period) ?? .null,
      "previous_tracked_period": report.previousTrackedDays.map(period) ?? .null,
      "changes_compared": .bool(report.previousTrackedDays != nil),
      "total_entries": .int(report.totalEntries),
      "daily_average": .number(report.dailyAverage, decimals: 2),
      "daily_counts": dailyCounts(report.dailyCounts),
      "top_patterns": patternCounts(report.topPatterns),
      "category_trends": .array(
        report.categoryTrends.map { week in
          .object([
            "week_start": .date(week.weekStart), "from": .date(week.days.start),
            "to": .date(week.days.end),
            "counts": .array(
              week.counts.map {
                .object(["category": .string($0.category.id), "count": .int($0.count)])
              }),
          ])
        }),
      "correlations": .array(
        report.correlations.map {
          .object([
            "factor": .string($0.factor), "outcome": .string($0.outcome),
            "r": .number($0.r, decimals: 2), "n": .int($0.n),
            "confidence": .string($0.confidence), "summary": .string($0.summary),
            "days_with": $0.daysWith.map(JSONValue.int) ?? .null,
            "days_without": $0.daysWithout.map(JSONValue.int) ?? .null,
          ])
        }),
      "best_days": .array(report.bestDays.map(day)),
      "challenging_days": .array(report.challengingDays.map(day)),
      "changes": changes(report.changes),
      "common_triggers": .array(
        report.commonTriggers.map {
          .object(["trigger": .string($0.trigger), "count": .int($0.count)])
        }),
      "check_ins": checkIns(report.checkIns),
      "medication_effectiveness": .array(
        report.medicationEffectiveness.map { medication($0, monthly: true) }),
    ]
  }

  /// The dashboard of one day; recent entries with their local times in `zone`.
  public static func today(_ today: TodaySummary, zone: Zone) -> JSONObject {
    [
      "date": .date(today.date),
      "current_streak_days": .int(today.streak.current),
      "longest_streak_days": .int(today.streak.longest),
      "entries_today": .int(today.entriesToday),
      "medications": .array(
        today.medications.map {
          .object([
            "name": .string($0.name), "due": $0.due.map { .int($0) } ?? .null,
            "taken": .int($0.taken),
          ])
        }),
      "recent_entries": .array(
        today.recentEntries.map { .object(BehaviorJSON.entry($0, zone: zone)) }),
      "insights": .array(today.insights.map { .string($0) }),
      "check_in": today.checkIn.map { .object(checkIn($0)) } ?? .null,
    ]
  }

  /// `{date, mood, energy, sleep_hours, note, ratings: {name: value}}`.
  public static func checkIn(_ checkIn: CheckIn) -> JSONObject {
    [
      "date": .date(checkIn.day), "mood": checkIn.mood.map(JSONValue.int) ?? .null,
      "energy": checkIn.energy.map(JSONValue.int) ?? .null,
      "sleep_hours": .number(checkIn.sleepHours, decimals: 2), "note": .string(checkIn.note),
      "ratings": .object(
        JSONObject(
          checkIn.ratings.sorted { caseInsensitiveOrder($0.key, $1.key) }.map {
            ($0.key, JSONValue.int($0.value))
          })),
    ]
  }

  /// `{days, averages: [{name, average, days}]}`.
  static func checkIns(_ summary: CheckInSummary) -> JSONValue {
    .object([
      "days": .int(summary.days),
      "averages": .array(
        summary.averages.map {
          .object([
            "name": .string($0.name), "average": .number($0.average, decimals: 2),
            "days": .int($0.days),
          ])
        }),
    ])
  }
}
