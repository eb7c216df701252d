import AnalyticsCore
import ReportKit
import RuckAnalytics

/// The ruck report and a session's page: the domain's figures put into ReportKit's charts and
/// tables in the profile's units (the conversions are the domain's `UnitSystem`).
public enum RuckReportPage {
  /// Metres a dropped route point may lie from the drawn line: below consumer GPS noise, so the
  /// drawing loses nothing the recording could tell. ReportKit doubles it when a track would
  /// still draw more than `RouteMap`'s point limit, and the route's description says so.
  static let routeTolerance = 2.0
  /// How finely a long track is thinned as it is read (`RouteThinning`): a track of more points
  /// than this comes as about this × (1 + ln(points ÷ this)) positions — some 47,000 of
  /// 400,000 — each point left out within 1/10,000 of the track's length of one kept.
  public static let routeResolution = 10_000

  public static func report(
    weekly: RuckWeekly, streak: RuckStreak, calendar: RuckCalendar, records: RuckRecords,
    fitness: RuckFitness, units: UnitSystem, asOf: LocalDate
  ) -> ReportPage {
    let format = UnitFormatter(system: units)
    let label = { (week: RuckWeek) in "\(week.weekStart.day) \(week.weekStart.shortMonthName)" }
    let distance = ValueFormat(decimals: 1, unit: units.distanceSymbol)
    let moved = ValueFormat(decimals: 0, unit: "\(units.loadSymbol)·\(units.distanceSymbol)")
    let pace = ValueFormat.minutesAndSeconds(unit: "/\(units.distanceSymbol)")
    let weeks = weekly.weeks
    let paces = weeks.compactMap { week in
      week.averagePaceSecondsPerKm.map {
        ChartDatum(label(week), units.pace(secondsPerKm: $0))
      }
    }
    return ReportPage(
      title: "Rucking report", period: "Last \(counted(weeks.count, "week"))", asOf: asOf,
      sections: [
        ReportSection(
          title: "Summary",
          blocks: [
            .cards([
              SummaryCard(
                label: "Sessions per week",
                value: ValueFormat(decimals: 2).string(
                  weekly.averageSessionsPerWeek),
                comparison: "goal \(streak.minRucksPerWeek)"),
              SummaryCard(
                label: "Distance per week",
                value: format.distance(weekly.averageDistancePerWeekMeters),
                comparison: "average over \(counted(weeks.count, "week"))"),
              SummaryCard(
                label: "Weekly streak", value: counted(streak.currentWeeks, "week"),
                comparison: "longest \(counted(streak.longestWeeks, "week"))"),
            ])
          ]),
        ReportSection(
          title: "Weekly trends",
          blocks: [
            .chart(
              BarChart(
                title: "Sessions per week",
                description:
                  "Sessions counted toward the streak in each Monday-to-Sunday week; the dashed "
                  + "line is the weekly goal.",
                data: weeks.map { ChartDatum(label($0), Double($0.sessions)) },
                goal: ChartGoal(
                  label: "Goal",
                  value: Double(streak.minRucksPerWeek)))),
            .chart(
              BarChart(
                title: "Distance per week",
                description: "Distance in \(units.distanceSymbol) of each Monday-to-Sunday week.",
                data: weeks.map {
                  ChartDatum(label($0), units.distance(metres: $0.distanceMeters))
                }, format: distance)),
            .chart(
              BarChart(
                title: "Weight moved per week",
                description:
                  "Load × distance (\(moved.unit)) of each Monday-to-Sunday week.",
                data: weeks.map {
                  ChartDatum(label($0), units.weightMoved(kgKm: $0.weightMovedKgKm))
                }, format: moved)),
            .chart(
              LineChart(
                title: "Pace per week",
                description:
                  "Distance-weighted moving pace of each week with timed sessions, minutes:seconds per "
                  + "\(units.distanceSymbol) (lower is faster); weeks without are left out.",
                data: paces, format: pace, emptyMessage: "No timed sessions in these weeks.")),
          ]),
        trainingLoad(fitness),
        goals(streak.goals, weekly: weekly.goals, format: format),
        ReportSection(title: "Streak calendar", blocks: [.chart(calendarGrid(calendar))]),
        ReportSection(
          title: "Records",
          blocks: [
            .table(
              DataTable(
                caption: "Personal records",
                columns: [
                  .init("Record"), .init("Value", .numeric), .init("Session"), .init("Date"),
                ],
                rows: recordLines(records, format: format).map { name, record, text in
                  [
                    name, record.map { text($0.value) } ?? "—",
                    record.map { String($0.sessionId) } ?? "—",
                    record.map { $0.date.description } ?? "—",
                  ]
                }))
          ]),
      ])
  }

  /// The year of weeks as a grid: weekdays down, weeks across, a week's column labelled with its
  /// Monday.
  static func calendarGrid(_ calendar: RuckCalendar) -> HeatGrid {
    HeatGrid(
      title: "Sessions per day",
      description:
        "Each column is a Monday-to-Sunday week of the last \(calendar.weeks.count), each cell a "
        + "day shaded by its sessions; the goal is \(calendar.minRucksPerWeek) a week. Days "
        + "after the report's day are marked as no data.",
      rows: Weekday.allCases.map(\.shortName),
      columns: calendar.weeks.map { "\($0.day) \($0.shortMonthName)" },
      values: calendar.sessions.map { $0.map { $0.map(Double.init) } },
      emptyMessage: "No sessions in this year.")
  }

  /// Every route of a period on one drawing (`ruck-cli map`).
  public static func map(_ routes: [OverlaidRoute], range: DayRange) -> ReportPage {
    ReportPage(
      title: "Routes", period: "\(range.start) to \(range.end)", asOf: nil,
      sections: [
        ReportSection(
          title: "Where you walked",
          blocks: [
            .chart(
              RouteOverlay(
                title: "Every route",
                description: "Each session's track from \(range.start) "
                  + "to \(range.end).", routes: routes))
          ])
      ])
  }

  /// Each goal this week or month, and how often each weekly goal was met.
  static func goals(_ progress: [GoalProgress], weekly: [GoalProgress], format: UnitFormatter)
    -> ReportSection
  {
    ReportSection(
      title: "Goals",
      blocks: [
        .table(
          DataTable(
            caption: "Goals as of the report's day",
            columns: [
              .init("Goal"), .init("Target", .numeric), .init("Done", .numeric),
              .init("Progress", .numeric), .init("Period"),
            ],
            rows: progress.map { row in
              [
                "\(row.goal.period == .week ? "Weekly" : "Monthly") "
                  + row.goal.measure.rawValue.replacingOccurrences(of: "_", with: " "),
                format.goalValue(row.goal.measure, row.goal.target),
                format.goalValue(row.goal.measure, row.done),
                FixedNotation.format(row.percent, decimals: 0) + "%",
                "\(row.start) to \(row.end)",
              ]
            },
            emptyMessage: "No distance, weight-moved or elevation goal.")),
        .table(
          DataTable(
            caption: "Weekly goals met in the report's weeks",
            columns: [.init("Goal"), .init("Weeks met", .numeric)],
            rows: GoalMeasure.allCases.compactMap { measure in
              let weeks = weekly.filter { $0.goal.measure == measure }
              guard let goal = weeks.first?.goal else { return nil }
              return [
                "Weekly " + measure.rawValue.replacingOccurrences(of: "_", with: " ") + " "
                  + format.goalValue(measure, goal.target),
                "\(weeks.filter(\.met).count) of \(weeks.count)",
              ]
            }, emptyMessage: "No weekly goal.")),
      ])
  }

  /// Fitness and form day by day, and the load of each week (`RuckFitness`).
  static func trainingLoad(_ fitness: RuckFitness) -> ReportSection {
    let day = { (date: LocalDate) in "\(date.day) \(date.shortMonthName)" }
    let estimated = fitness.sessions.filter { $0.source == .estimated }.count
    return ReportSection(
      title: "Training load",
      blocks: [
        .chart(
          BarChart(
            title: "Load per week",
            description:
              "Banister's TRIMP summed over each Monday-to-Sunday week"
              + (estimated > 0
                ? "; \(counted(estimated, "session")) without heart rates estimated from moving "
                  + "time, pace, climb and load." : "."),
            data: fitness.weeks.map {
              ChartDatum("\($0.weekStart.day) \($0.weekStart.shortMonthName)", $0.load)
            })),
        .chart(
          LineChart(
            title: "Fitness",
            description:
              "The 42-day exponentially weighted average of the daily load (chronic load).",
            data: fitness.days.map { ChartDatum(day($0.day), $0.fitness) },
            format: ValueFormat(decimals: 1))),
        .chart(
          LineChart(
            title: "Form",
            description:
              "Fitness less fatigue (the 7-day average): below zero, more recent load than the "
              + "body is used to.",
            data: fitness.days.map { ChartDatum(day($0.day), $0.fitness - $0.fatigue) },
            format: ValueFormat(decimals: 1))),
      ])
  }

  /// Each record with its name and how its value is written, in the order tables list them.
  public static func recordLines(_ records: RuckRecords, format: UnitFormatter)
    -> [(name: String, record: RuckRecord?, text: (Double) -> String)]
  {
    [
      ("longest distance", records.longestDistance, { format.distance($0) }),
      ("fastest pace", records.fastestPace, { format.pace($0) }),
      ("heaviest load", records.heaviestLoad, { format.load($0) }),
      (
        "highest calories", records.highestCalories,
        { FixedNotation.format($0, decimals: 0) + " kcal" }
      ),
      ("most weight moved", records.mostWeightMoved, { format.weightMoved($0) }),
      ("longest duration", records.longestDuration, { format.duration($0) }),
      ("most elevation gained", records.mostElevationGain, { format.elevation($0) }),
    ]
      + records.bestEfforts.map { effort in
        ("fastest \(effort.name)", effort.record, { format.duration($0) })
      }
  }

  /// One session: what `sessions show` prints (its measures, where it came from, its gear and
  /// whether it counts), its route and elevation profile, and its splits.
  public static func session(
    _ detail: SessionDetail, route: SessionRoute, units: UnitSystem, zone: Zone,
    source: String, gear: [String]
  ) -> ReportPage {
    let session = detail.session
    let format = UnitFormatter(system: units)
    let start = zone.localDateTime(of: session.startedAt)
    let day = start.date
    let title = "Session \(session.id.map(String.init) ?? "")"
    let timed = detail.splits.compactMap { split in
      split.paceSecondsPerKm.map {
        ChartDatum(String(split.number), units.pace(secondsPerKm: $0))
      }
    }
    var facts: [[String]] = [
      ["Date", day.description],
      ["Start", start.time.description],
      ["Type", session.activity.rawValue],
      ["Distance", format.distance(session.distanceMeters)],
      [
        "Moving time",
        session.movingSeconds > 0 ? format.duration(session.movingSeconds) : "unknown",
      ],
      ["Elapsed time", format.duration(session.elapsedSeconds)],
      ["Pace", format.pace(session.paceSecondsPerKm)],
      ["Grade-adjusted pace", format.pace(detail.gradeAdjustedPaceSecondsPerKm)],
      ["Load", format.load(session.loadKg)],
      ["Body weight", format.load(session.bodyWeightKg)],
      ["Weight moved", format.weightMoved(session.weightMovedKgKm)],
      [
        "Calories",
        session.calories.map {
          FixedNotation.format($0, decimals: 0) + " kcal (\(session.caloriesSource.rawValue))"
        } ?? "-",
      ],
      ["Elevation gain", format.elevation(session.elevationGainMeters)],
      ["Elevation loss", format.elevation(session.elevationLossMeters)],
      [
        "Elevation range",
        "\(format.elevation(detail.lowestElevationMeters)) to "
          + format.elevation(detail.highestElevationMeters),
      ],
      ["Track points", String(detail.trackPointCount)],
      ["Source", source],
      ["Gear", gear.isEmpty ? "-" : gear.joined(separator: ", ")],
      ["Records", SessionWords.records(session)],
    ]
    if let temperature = session.temperatureC {
      facts.append(["Temperature", format.temperature(temperature)])
    }
    if let rate = detail.heartRate {
      facts.append([
        "Heart rate",
        "\(FixedNotation.format(rate.average, decimals: 0)) bpm average, \(rate.lowest)–\(rate.highest)",
      ])
    }
    if let terrain = session.terrain { facts.append(["Terrain", terrain.rawValue]) }
    if let conditions = session.conditions { facts.append(["Conditions", conditions]) }
    if let notes = session.notes { facts.append(["Notes", notes]) }
    var heartRate: [ReportSection] = []
    if let times = detail.heartRateZones {
      let zones = times.zones
      let names = ["Below 1"] + (1...5).map { "Zone \($0)" }
      let basis =
        zones.basis == .reserve
        ? "the reserve from \(zones.resting!) to \(zones.maximum) bpm"
        : (zones.maximumEstimated ? "220 − age = " : "a maximum of ") + "\(zones.maximum) bpm"
      heartRate = [
        ReportSection(
          title: "Heart rate zones",
          blocks: [
            .chart(
              BarChart(
                title: "Minutes in each zone",
                description:
                  "Time at each heart rate, zones at 50, 60, 70, 80 and 90% of \(basis): each "
                  + "sample's rate holds until the next (steps over a minute left out).",
                data: zip(names, times.seconds).map { ChartDatum($0, $1 / 60) },
                format: ValueFormat(decimals: 1, unit: "min"))),
            .table(
              DataTable(
                caption: "Zones",
                columns: [.init("Zone"), .init("From (bpm)", .numeric), .init("Time", .numeric)],
                rows: zip(names, times.seconds).enumerated().map { index, row in
                  [
                    row.0,
                    index == 0
                      ? "-" : FixedNotation.format(zones.lowerBounds[index - 1], decimals: 1),
                    format.duration(row.1),
                  ]
                })),
          ])
      ]
    }
    return ReportPage(
      title: title, period: day.description, asOf: nil,
      sections: [
        ReportSection(
          title: "Summary",
          blocks: [
            .table(
              DataTable(
                caption: "Session", columns: [.init("Measure"), .init("Value")], rows: facts))
          ]),
        ReportSection(
          title: "Route",
          blocks: [
            .chart(
              RouteMap(
                title: "Route and elevation",
                description:
                  "The track seen from above (north up, start a circle, end a square) and its "
                  + "elevation against distance, in \(units == .metric ? "metres" : "feet").",
                points: route.positions.map {
                  RoutePoint(
                    latitude: $0.latitude, longitude: $0.longitude, elevation: $0.elevationMeters,
                    distance: $0.distanceMeters)
                }, recordedCount: detail.trackPointCount, spacing: route.spacingMeters,
                tolerance: routeTolerance, units: units == .metric ? .metric : .imperial))
          ]),
        ReportSection(
          title: "Splits",
          blocks: [
            .chart(
              BarChart(
                title: "Pace per \(units.distanceSymbol)",
                description:
                  "Moving pace of each whole \(units.distanceSymbol) of the track (the last one "
                  + "shorter), minutes:seconds per \(units.distanceSymbol); lower is faster.",
                data: timed, format: .minutesAndSeconds(unit: "/\(units.distanceSymbol)"),
                emptyMessage: "The track has no times, so no split paces.")),
            .table(
              DataTable(
                caption: "Splits",
                columns: [
                  .init("Split"), .init("Distance", .numeric), .init("Moving time", .numeric),
                  .init("Elapsed", .numeric), .init("Pace", .numeric),
                  .init("Grade-adjusted", .numeric),
                ],
                rows: detail.splits.map { split in
                  [
                    String(split.number), format.distance(split.distanceMeters),
                    split.seconds.map(format.duration) ?? "untimed",
                    split.elapsedSeconds.map(format.duration) ?? "untimed",
                    format.pace(split.paceSecondsPerKm),
                    format.pace(split.gradeAdjustedPaceSecondsPerKm),
                  ]
                }, emptyMessage: "No track was recorded.")),
          ]),
      ] + heartRate)
  }
}
