import AnalyticsCore
import DataFormats

/// The JSON shapes of the Ruck domain, for the CLI and any server alike: SI units with the unit
/// in each key, snake_case keys in a stable order (an API: README documents them).
public enum RuckWire {
  /// The columns of `session`, in its order: an empty CSV list still prints them.
  public static let sessionColumns = [
    "id", "started_at", "ended_at", "date", "distance_m", "moving_time_s", "elapsed_time_s",
    "elevation_gain_m", "load_kg", "body_weight_kg", "calories", "terrain", "pace_s_per_km",
    "weight_moved_kg_km", "source", "activity", "record_status", "temperature_c", "conditions",
    "notes",
  ]

  /// A session; `source` is the imported file's name, or `manual`.
  public static func session(_ session: RuckSession, zone: Zone, files: [Int64: String])
    -> JSONObject
  {
    [
      "id": .int(Int(session.id ?? 0)),
      "started_at": .string(session.startedAt.description),
      "ended_at": .string(session.endedAt.description),
      "date": .date(zone.localDate(of: session.startedAt)),
      "distance_m": .number(session.distanceMeters, decimals: 1),
      "moving_time_s": .number(session.movingSeconds, decimals: 1),
      "elapsed_time_s": .number(session.elapsedSeconds, decimals: 1),
      "elevation_gain_m": .number(session.elevationGainMeters, decimals: 1),
      "load_kg": .number(session.loadKg, decimals: 1),
      "body_weight_kg": .number(session.bodyWeightKg, decimals: 1),
      "calories": .number(session.calories, decimals: 1),
      "terrain": .string(session.terrain?.rawValue),
      "pace_s_per_km": .number(session.paceSecondsPerKm, decimals: 1),
      "weight_moved_kg_km": .number(session.weightMovedKgKm, decimals: 2),
      "source": .string(session.sourceFileId.map { files[$0] ?? "file" } ?? "manual"),
      "activity": .string(session.activity.rawValue),
      "record_status": .string(session.recordStatus.rawValue),
      "temperature_c": .number(session.temperatureC, decimals: 1),
      "conditions": .string(session.conditions),
      "notes": .string(session.notes),
    ]
  }

  public static func trend(_ trend: RuckTrend, decimals: Int) -> JSONValue {
    .object([
      "current": .number(trend.current, decimals: decimals),
      "previous": .number(trend.previous, decimals: decimals),
      "percent_change": .number(trend.percentChange, decimals: 1),
      "direction": .string(trend.assessment?.rawValue ?? trend.direction?.rawValue),
    ])
  }

  public static func analytics(_ report: RuckAnalyticsReport) -> JSONObject {
    [
      "period": .object(["start": .date(report.range.start), "end": .date(report.range.end)]),
      "total_sessions": .int(report.totals.sessions),
      "total_distance_m": .number(report.totals.distanceMeters, decimals: 1),
      "total_weight_moved_kg_km": .number(report.totals.weightMovedKgKm, decimals: 2),
      "average_pace_s_per_km": .number(report.totals.averagePaceSecondsPerKm, decimals: 1),
      "sessions_without_moving_time": .int(report.totals.sessionsWithoutMovingTime),
      "sessions_of_other_types": .int(report.sessionsOfOtherTypes),
      "sessions_unconfirmed": .int(report.sessionsUnconfirmed),
      "total_moving_time_s": .number(report.totals.movingSeconds, decimals: 1),
      "total_calories": .number(report.totals.calories, decimals: 1),
      "training_streak_weeks": .int(report.trainingStreakWeeks),
      "trends": .object([
        "distance": trend(report.distance, decimals: 1),
        "sessions": trend(report.sessions, decimals: 0),
        "pace": trend(report.pace, decimals: 1),
        "weight_moved": trend(report.weightMoved, decimals: 2),
      ]),
    ]
  }

  /// A record with its value under a key naming the unit (`value_m`, `value_s_per_km`…).
  public static func record(_ record: RuckRecord?, unit: String, decimals: Int) -> JSONValue {
    guard let record else { return .null }
    return .object([
      "value_\(unit)": .number(record.value, decimals: decimals),
      "session_id": .int(Int(record.sessionId)), "date": .date(record.date),
    ])
  }

  public static func records(_ records: RuckRecords) -> JSONObject {
    [
      "longest_distance": record(records.longestDistance, unit: "m", decimals: 1),
      "fastest_pace": record(records.fastestPace, unit: "s_per_km", decimals: 1),
      "heaviest_load": record(records.heaviestLoad, unit: "kg", decimals: 1),
      "highest_calories": record(records.highestCalories, unit: "kcal", decimals: 1),
      "most_weight_moved": record(records.mostWeightMoved, unit: "kg_km", decimals: 2),
      "longest_duration": record(records.longestDuration, unit: "s", decimals: 1),
      "most_elevation_gain": record(records.mostElevationGain, unit: "m", decimals: 1),
      "best_efforts": .array(
        records.bestEfforts.map { effort in
          .object(
            JSONObject([
              ("distance", .string(effort.name)),
              ("distance_m", .number(effort.meters, decimals: 3)),
              ("fastest", record(effort.record, unit: "s", decimals: 1)),
            ]))
        }),
      "sessions_of_other_types": .int(records.sessionsOfOtherTypes),
    ]
  }

  public static func week(_ week: RuckWeek) -> JSONObject {
    [
      "week_start": .date(week.weekStart), "sessions": .int(week.sessions),
      "distance_m": .number(week.distanceMeters, decimals: 1),
      "weight_moved_kg_km": .number(week.weightMovedKgKm, decimals: 2),
      "calories": .number(week.calories, decimals: 1), "goal_met": .bool(week.goalMet),
    ]
  }

  public static func weekly(_ weekly: RuckWeekly) -> JSONObject {
    [
      "weeks": .array(weekly.weeks.map { .object(week($0)) }),
      "average_sessions_per_week": .number(weekly.averageSessionsPerWeek, decimals: 2),
      "average_distance_per_week_m": .number(weekly.averageDistancePerWeekMeters, decimals: 1),
      "sessions_of_other_types": .int(weekly.sessionsOfOtherTypes),
      "sessions_unconfirmed": .int(weekly.sessionsUnconfirmed),
      "goals": .array(weekly.goals.map { .object(goalProgress($0)) }),
    ]
  }

  public static func streak(_ streak: RuckStreak) -> JSONObject {
    [
      "min_rucks_per_week": .int(streak.minRucksPerWeek),
      "current_weeks": .int(streak.currentWeeks), "longest_weeks": .int(streak.longestWeeks),
      "longest_start": streak.longestStart.map(JSONValue.date) ?? .null,
      "longest_end": streak.longestEnd.map(JSONValue.date) ?? .null,
      "this_week": .object([
        "sessions": .int(streak.thisWeekSessions), "needed": .int(streak.thisWeekNeeded),
      ]),
      "milestones": .array(
        streak.milestones.map {
          .object(["weeks": .int($0.weeks), "reached_on": .date($0.reachedOn)])
        }),
      "goals": .array(streak.goals.map { .object(goalProgress($0)) }),
    ]
  }

  public static func insights(_ insights: RuckInsights) -> JSONObject {
    [
      "pace_distribution": .array(
        insights.paceDistribution.map {
          .object([
            "from_s_per_km": .number($0.from, decimals: 0),
            "to_s_per_km": .number($0.to, decimals: 0),
            "sessions": .int($0.sessions),
          ])
        }),
      "sessions_without_moving_time": .int(insights.sessionsWithoutMovingTime),
      "sessions_of_other_types": .int(insights.sessionsOfOtherTypes),
      "terrain_impact": .array(
        insights.terrainImpact.map {
          .object([
            "terrain": .string($0.terrain?.rawValue ?? "unspecified"),
            "sessions": .int($0.sessions),
            "average_pace_s_per_km": .number($0.averagePaceSecondsPerKm, decimals: 1),
            "sessions_without_moving_time": .int($0.sessionsWithoutMovingTime),
            "calories_per_hour": .number($0.caloriesPerHour, decimals: 1),
          ])
        }),
      "weather_impact": .array(
        insights.weatherImpact.map {
          .object([
            "temperature_band": .string(temperatureBand($0.band)), "sessions": .int($0.sessions),
            "average_pace_s_per_km": .number($0.averagePaceSecondsPerKm, decimals: 1),
            "sessions_without_moving_time": .int($0.sessionsWithoutMovingTime),
          ])
        }),
      "load_progression": .object([
        "months": .array(
          insights.loadProgression.map {
            .object([
              "month": .string(String($0.month.description.prefix(7))),
              "sessions": .int($0.sessions),
              "average_load_kg": .number($0.averageLoadKg, decimals: 2),
            ])
          }),
        "slope_kg_per_month": .number(insights.loadSlopeKgPerMonth, decimals: 3),
      ]),
      "calorie_burn": .object([
        "sessions": .array(
          insights.calorieBurn.map {
            .object([
              "session_id": .int(Int($0.sessionId)), "date": .date($0.date),
              "kcal_per_hour": .number($0.kilocaloriesPerHour, decimals: 1),
            ])
          }),
        "average_kcal_per_hour": .number(insights.averageKilocaloriesPerHour, decimals: 1),
      ]),
    ]
  }

  /// `10 to 20 °C`, `below 0 °C`, `30 °C and above`.
  public static func temperatureBand(_ band: RuckInsights.TemperatureBand) -> String {
    func degrees(_ value: Double) -> String { JSONValue.format(value, decimals: nil) ?? "\(value)" }
    switch (band.fromC, band.toC) {
    case (nil, let to?): return "below \(degrees(to)) °C"
    case (let from?, nil): return "\(degrees(from)) °C and above"
    case (let from?, let to?): return "\(degrees(from)) to \(degrees(to)) °C"
    case (nil, nil): return "any temperature"
    }
  }

  /// What `detail` adds to its session's shape: point count, grade-adjusted pace, splits,
  /// elevation range, heart rate (`null` when the file had none).
  public static func detailFields(_ detail: SessionDetail) -> [(String, JSONValue)] {
    [
      ("track_points", .int(detail.trackPointCount)),
      (
        "grade_adjusted_pace_s_per_km",
        .number(detail.gradeAdjustedPaceSecondsPerKm, decimals: 1)
      ),
      (
        "splits",
        .array(
          detail.splits.map {
            .object([
              "split": .int($0.number), "distance_m": .number($0.distanceMeters, decimals: 1),
              "time_s": .number($0.seconds, decimals: 1),
              "elapsed_s": .number($0.elapsedSeconds, decimals: 1),
              "pace_s_per_km": .number($0.paceSecondsPerKm, decimals: 1),
              "grade_adjusted_pace_s_per_km": .number(
                $0.gradeAdjustedPaceSecondsPerKm, decimals: 1),
            ])
          })
      ),
      (
        "elevation",
        .object([
          "gain_m": .number(detail.session.elevationGainMeters, decimals: 1),
          "loss_m": .number(detail.session.elevationLossMeters, decimals: 1),
          "min_m": .number(detail.lowestElevationMeters, decimals: 1),
          "max_m": .number(detail.highestElevationMeters, decimals: 1),
        ])
      ),
      (
        "heart_rate",
        detail.heartRate.map {
          .object([
            "average_bpm": .number($0.average, decimals: 1), "min_bpm": .int($0.lowest),
            "max_bpm": .int($0.highest), "samples": .int($0.samples),
          ])
        } ?? .null
      ),
      ("heart_rate_zones", detail.heartRateZones.map { .object(zoneTimes($0)) } ?? .null),
    ]
  }

  /// Time in each heart-rate zone, with the zones' bounds and what they were drawn from.
  static func zoneTimes(_ times: HeartRateZoneTimes) -> JSONObject {
    let zones = times.zones
    return [
      "basis": .string(zones.basis.rawValue), "max_bpm": .int(zones.maximum),
      "max_estimated": .bool(zones.maximumEstimated),
      "resting_bpm": zones.resting.map { .int($0) } ?? .null,
      "below_zone_1_s": .number(times.seconds[0], decimals: 1),
      "zones": .array(
        (1...5).map { zone in
          .object([
            "zone": .int(zone), "from_bpm": .number(zones.lowerBounds[zone - 1], decimals: 1),
            "to_bpm": zone < 5
              ? .number(zones.lowerBounds[zone], decimals: 1) : .int(zones.maximum),
            "seconds": .number(times.seconds[zone], decimals: 1),
          ])
        }),
    ]
  }

  /// One week of the fitness chart.
  public static func fitnessWeek(_ week: FitnessWeek) -> JSONObject {
    [
      "week_start": .date(week.weekStart), "sessions": .int(week.sessions),
      "load": .number(week.load, decimals: 1), "fitness": .number(week.fitness, decimals: 2),
      "fatigue": .number(week.fatigue, decimals: 2), "form": .number(week.form, decimals: 2),
    ]
  }

  /// The fitness chart: weeks, days and each session's load with its source.
  public static func fitness(_ fitness: RuckFitness) -> JSONObject {
    [
      "weeks": .array(fitness.weeks.map { .object(fitnessWeek($0)) }),
      "days": .array(
        fitness.days.map { day in
          .object([
            "date": .date(day.day), "load": .number(day.load, decimals: 1),
            "fitness": .number(day.fitness, decimals: 2),
            "fatigue": .number(day.fatigue, decimals: 2),
            "form": .number(day.fitness - day.fatigue, decimals: 2),
          ])
        }),
      "sessions": .array(
        fitness.sessions.map { session in
          .object([
            "session_id": .int(Int(session.sessionId)), "date": .date(session.day),
            "load": .number(session.load, decimals: 1), "source": .string(session.source.rawValue),
          ])
        }),
      "sessions_without_load": .int(fitness.sessionsWithoutLoad),
    ]
  }

  /// A goal's progress over its period, in SI units.
  public static func goalProgress(_ progress: GoalProgress) -> JSONObject {
    [
      "period": .string(progress.goal.period.rawValue),
      "measure": .string(progress.goal.measure.rawValue),
      "unit": .string(progress.goal.measure == .weightMoved ? "kg_km" : "m"),
      "target": .number(progress.goal.target, decimals: 3),
      "done": .number(progress.done, decimals: 3), "start": .date(progress.start),
      "end": .date(progress.end), "met": .bool(progress.met),
    ]
  }

  /// An item of gear with its use, in SI units.
  public static func gear(_ usage: GearUsage) -> JSONObject {
    [
      "id": .int(Int(usage.item.id)), "name": .string(usage.item.name),
      "kind": .string(usage.item.kind.rawValue), "default": .bool(usage.item.isDefault),
      "retire_at_m": .number(usage.item.retireAtMeters, decimals: 1),
      "retired_on": usage.item.retiredOn.map(JSONValue.date) ?? .null,
      "sessions": .int(usage.sessions), "distance_m": .number(usage.distanceMeters, decimals: 1),
      "weight_moved_kg_km": .number(usage.weightMovedKgKm, decimals: 2),
      "past_retire_distance": .bool(usage.pastRetireDistance),
    ]
  }

  /// The profile.
  public static func profile(_ profile: RuckProfile) -> JSONObject {
    [
      "body_weight_kg": .number(profile.bodyWeightKg, decimals: 1),
      "units": .string(profile.units.rawValue), "min_rucks_per_week": .int(profile.minRucksPerWeek),
      "max_hr": profile.maxHeartRate.map { .int($0) } ?? .null,
      "resting_hr": profile.restingHeartRate.map { .int($0) } ?? .null,
      "birth_year": profile.birthYear.map { .int($0) } ?? .null,
      "sex": .string(profile.sex?.rawValue),
    ]
  }

  /// What restoring a backup did, with the keys of `importResult` (status `restored`) and the
  /// counts of what was restored and what was present already.
  public static func restoreResult(file: String, _ restored: BackupRestore) -> JSONObject {
    [
      "file": .string(file), "status": .string("restored"),
      "session_ids": .array(restored.sessionIds.map { .int(Int($0)) }), "error": .null,
      "points_with_time_going_back": .int(0), "start_ignored": .bool(false),
      "sessions_restored": .int(restored.sessionsRestored),
      "sessions_present": .int(restored.sessionsPresent),
      "points_restored": .int(restored.pointsRestored),
      "files_restored": .int(restored.filesRestored),
      "files_present": .int(restored.filesPresent),
      "profile_restored": .bool(restored.profileRestored),
      "goals_restored": .int(restored.goalsRestored),
      "gear_restored": .int(restored.gearRestored), "gear_present": .int(restored.gearPresent),
      "kept_ids": .bool(restored.keptIds),
    ]
  }

  /// What importing one file did: its sessions, or that it was imported before, or why it
  /// failed (`error`, the one-line message).
  public static func importResult(
    file: String, outcome: ImportOutcome?, error: String?, warnings: [ImportWarning] = []
  ) -> JSONObject {
    let status: String
    switch outcome {
    case .imported?: status = "imported"
    case .duplicate?: status = "duplicate"
    case nil: status = "failed"
    }
    return [
      "file": .string(file), "status": .string(status),
      "session_ids": .array((outcome?.sessions ?? []).compactMap { $0.id.map { .int(Int($0)) } }),
      "error": .string(error),
      "points_with_time_going_back": .int(
        warnings.reduce(0) { total, warning in
          switch warning {
          case .timesGoBack(let points): return total + points
          case .ownTimes: return total
          }
        }),
      "start_ignored": .bool(warnings.contains { if case .ownTimes = $0 { true } else { false } }),
    ]
  }
}
