import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import RuckAnalytics
import RuckReports

extension RuckPeriod: ExpressibleByArgument {}

extension RuckCommand {
  /// `ruck-cli analytics`.
  struct Analytics: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "analytics",
      abstract: "Totals of a period with trends against the previous period of the same length.",
      discussion: """
        Periods: this-week, this-month, last-week, last-month, last-3-months, last-6-months, \
        last-year, all-time. Average pace is total moving time ÷ total distance. Percent change \
        is null when the previous value is 0; pace trends read improving or worsening.

        Example:
          ruck-cli analytics --period last-month --as-of 2026-02-08 --format json
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var units: UnitsOption
    @Option(help: "The period.") var period: RuckPeriod = .thisMonth

    func run() throws {
      let store = try global.openRuckStoreToRead()
      let report = try store.analytics(period: period, asOf: global.asOf, zone: global.zone)
      guard global.format == .table else {
        return global.print(object: RuckWire.analytics(report))
      }
      let format = UnitFormatter(system: try units.units ?? store.profile().units)
      func trend(_ trend: RuckTrend) -> String { trendText(trend) }
      let rows: [JSONObject] = [
        [
          "metric": .string("period"),
          "value": .string("\(report.range.start) to \(report.range.end)"), "trend": .null,
        ],
        [
          "metric": .string("sessions"), "value": .int(report.totals.sessions),
          "trend": .string(trend(report.sessions)),
        ],
        [
          "metric": .string("distance"),
          "value": .string(format.distance(report.totals.distanceMeters)),
          "trend": .string(trend(report.distance)),
        ],
        [
          "metric": .string("average pace"),
          "value": .string(
            format.pace(report.totals.averagePaceSecondsPerKm)
              + untimedNote(report.totals.sessionsWithoutMovingTime)),
          "trend": .string(trend(report.pace)),
        ],
        [
          "metric": .string("weight moved"),
          "value": .string(format.weightMoved(report.totals.weightMovedKgKm)),
          "trend": .string(trend(report.weightMoved)),
        ],
        [
          "metric": .string("moving time"),
          "value": .string(format.duration(report.totals.movingSeconds)), "trend": .null,
        ],
        [
          "metric": .string("calories"), "value": .number(report.totals.calories, decimals: 0),
          "trend": .null,
        ],
        [
          "metric": .string("streak"),
          "value": .string(
            counted(report.trainingStreakWeeks, "week")),
          "trend": .null,
        ],
      ]
      Terminal.writeOutput(
        OutputFormat.table.render(rows: rows) + otherTypesNote(report.sessionsOfOtherTypes)
          + unconfirmedNote(report.sessionsUnconfirmed))
    }
  }

  /// `ruck-cli records`.
  struct Records: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "records",
      abstract:
        "Personal records (fastest pace over sessions of at least 1 km; ties to the earliest).",
      discussion: "Example:\n  ruck-cli records --format json")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var units: UnitsOption

    func run() throws {
      let store = try global.openRuckStoreToRead()
      let records = try store.records(asOf: global.asOf, zone: global.zone)
      guard global.format == .table else {
        return global.print(object: RuckWire.records(records))
      }
      let format = UnitFormatter(system: try units.units ?? store.profile().units)
      func row(_ name: String, _ record: RuckRecord?, _ text: (Double) -> String) -> JSONObject {
        [
          "record": .string(name), "value": .string(record.map { text($0.value) } ?? "-"),
          "session": record.map { .int(Int($0.sessionId)) } ?? .null,
          "date": record.map { .date($0.date) } ?? .null,
        ]
      }
      Terminal.writeOutput(
        OutputFormat.table.render(
          rows: RuckReportPage.recordLines(records, format: format).map {
            row($0.name, $0.record, $0.text)
          })
          + otherTypesNote(records.sessionsOfOtherTypes))
    }
  }

  /// `ruck-cli report`.
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "report",
      abstract:
        "A self-contained HTML page: weekly sessions, distance and weight moved, pace, a year's "
        + "streak calendar and records.",
      discussion: """
        The page has no scripts and nothing from elsewhere: it works offline and as an e-mail \
        attachment. --format pdf prints it with headless Chromium (exit 69 when not installed).

        Example:
          ruck-cli report --weeks 12 > report.html
          ruck-cli report --as-of 2026-02-08 --format pdf --output report.pdf
        """)
    @OptionGroup var options: PageOptions
    @OptionGroup var units: UnitsOption
    @Option(help: "How many weeks the weekly charts show (1 to 520).") var weeks: Int = 12

    func validate() throws { try options.requirePageFormat() }

    func run() throws {
      let global = options.global
      let store = try global.openRuckStoreToRead()
      let (asOf, zone) = (global.asOf, global.zone)
      let page = try hinting {
        RuckReportPage.report(
          weekly: try store.weekly(weeks: weeks, asOf: asOf, zone: zone),
          streak: try store.streak(asOf: asOf, zone: zone),
          calendar: try store.calendar(asOf: asOf, zone: zone),
          records: try store.records(asOf: asOf, zone: zone),
          fitness: try store.fitness(weeks: weeks, asOf: asOf, zone: zone),
          units: try units.units ?? store.profile().units, asOf: asOf)
      }
      try options.write(page)
    }
  }

  /// `ruck-cli weekly`.
  struct Weekly: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "weekly",
      abstract: "The last N Monday weeks, zero-filled, with the weekly goal.",
      discussion: "Example:\n  ruck-cli weekly --weeks 12")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var units: UnitsOption
    @Option(help: "How many weeks (1 to 520).") var weeks: Int = 12

    func run() throws {
      let store = try global.openRuckStoreToRead()
      let weekly = try hinting {
        try store.weekly(weeks: weeks, asOf: global.asOf, zone: global.zone)
      }
      guard global.format == .table else {
        let object = RuckWire.weekly(weekly)
        if global.format == .csv {
          return Terminal.writeOutput(
            OutputFormat.csv.render(rows: weekly.weeks.map(RuckWire.week)))
        }
        return global.print(object: object)
      }
      let format = UnitFormatter(system: try units.units ?? store.profile().units)
      var out = OutputFormat.table.render(
        rows: weekly.weeks.map { week in
          [
            "week of": .date(week.weekStart), "sessions": .int(week.sessions),
            "distance": .string(format.distance(week.distanceMeters)),
            "weight moved": .string(format.weightMoved(week.weightMovedKgKm)),
            "calories": .number(week.calories, decimals: 0),
            "goal met": .string(week.goalMet ? "yes" : "no"),
          ]
        })
      out +=
        "\n"
        + BarChart.render(
          weekly.weeks.map {
            ("\($0.weekStart)", format.system.distance(metres: $0.distanceMeters))
          },
          valueText: { FixedNotation.format($0, decimals: 1) + " " + format.system.distanceSymbol })
      out += String(
        format: "\naverage %.2f sessions, %@ per week\n", weekly.averageSessionsPerWeek,
        format.distance(weekly.averageDistancePerWeekMeters))
      out +=
        "sessions per week " + Sparkline.render(weekly.weeks.map { Double($0.sessions) }) + "\n"
      // Each weekly goal: in how many of these weeks it was met.
      let goals = Dictionary(grouping: weekly.goals, by: \.goal.measure)
      for measure in GoalMeasure.allCases {
        guard let progress = goals[measure], let goal = progress.first?.goal else { continue }
        out +=
          "weekly \(measure.rawValue.replacingOccurrences(of: "_", with: " ")) goal "
          + "\(format.goalValue(measure, goal.target)): met in "
          + "\(progress.filter(\.met).count) of \(counted(progress.count, "week"))\n"
      }
      Terminal.writeOutput(
        out + otherTypesNote(weekly.sessionsOfOtherTypes)
          + unconfirmedNote(weekly.sessionsUnconfirmed))
    }
  }

  /// `ruck-cli streak`.
  struct Streak: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "streak",
      abstract: "Consecutive weeks reaching the goal; an empty week breaks the streak.",
      discussion: """
        The unfinished current week neither extends nor breaks the streak while it is short of the \
        goal. Milestones: 4, 8, 12, 26 and 52 weeks, with the day each was first reached.

        Example:
          ruck-cli streak --as-of 2026-02-08
        """)
    @OptionGroup var global: GlobalOptions

    func run() throws {
      let store = try global.openRuckStoreToRead()
      let streak = try store.streak(asOf: global.asOf, zone: global.zone)
      guard global.format == .table else { return global.print(object: RuckWire.streak(streak)) }
      let format = UnitFormatter(system: try store.profile().units)
      var longest = ""
      if let start = streak.longestStart, let end = streak.longestEnd {
        longest = " (\(start) to \(end))"
      }
      let milestones = streak.milestones.map { "\(counted($0.weeks, "week")) on \($0.reachedOn)" }
      global.print(object: [
        "goal": .string("\(streak.minRucksPerWeek) a week"),
        "current streak": .string(counted(streak.currentWeeks, "week")),
        "longest streak": .string(counted(streak.longestWeeks, "week") + longest),
        "this week": .string(
          "\(streak.thisWeekSessions) done, \(streak.thisWeekNeeded) more to reach the goal"),
        "milestones": .string(milestones.isEmpty ? "-" : milestones.joined(separator: ", ")),
      ])
      if !streak.goals.isEmpty {
        Terminal.writeOutput(streak.goals.map { format.goalLine($0) + "\n" }.joined())
      }
    }
  }

  /// `ruck-cli insights`.
  struct Insights: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "insights",
      abstract: "Pace distribution, terrain and weather impact, load progression, calorie burn.",
      discussion: "Example:\n  ruck-cli insights --format json")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var units: UnitsOption

    func run() throws {
      let store = try global.openRuckStoreToRead()
      let insights = try store.insights(asOf: global.asOf, zone: global.zone)
      guard global.format == .table else {
        return global.print(object: RuckWire.insights(insights))
      }
      let format = UnitFormatter(system: try units.units ?? store.profile().units)
      var out =
        "Pace distribution (sessions of at least 1 km)"
        + untimedNote(insights.sessionsWithoutMovingTime) + "\n"
      out += BarChart.render(
        insights.paceDistribution.map { (format.pace($0.from), Double($0.sessions)) },
        valueText: { String(Int($0)) })
      out +=
        "\nTerrain\n"
        + OutputFormat.table.render(
          rows: insights.terrainImpact.map {
            [
              "terrain": .string($0.terrain?.rawValue ?? "unspecified"),
              "sessions": .int($0.sessions),
              "pace": .string(
                format.pace($0.averagePaceSecondsPerKm) + untimedNote($0.sessionsWithoutMovingTime)),
              "kcal per hour": .number($0.caloriesPerHour, decimals: 0),
            ]
          })
      out +=
        "\nWeather\n"
        + OutputFormat.table.render(
          rows: insights.weatherImpact.map {
            [
              "temperature": .string(format.temperatureBand($0.band)),
              "sessions": .int($0.sessions),
              "pace": .string(
                format.pace($0.averagePaceSecondsPerKm) + untimedNote($0.sessionsWithoutMovingTime)),
            ]
          })
      let system = format.system
      out +=
        "\nLoad by month "
        + Sparkline.render(insights.loadProgression.map { system.load(kg: $0.averageLoadKg) })
      out +=
        insights.loadSlopeKgPerMonth.map {
          "  trend \(signed(system.load(kg: $0), decimals: 2)) \(system.loadSymbol)/month\n"
        } ?? "\n"
      out +=
        insights.averageKilocaloriesPerHour.map {
          "Average burn \(FixedNotation.format($0, decimals: 0)) kcal/h\n"
        }
        ?? ""
      Terminal.writeOutput(out + otherTypesNote(insights.sessionsOfOtherTypes))
    }
  }
}

/// ` (2 untimed sessions left out)` after a pace, or nothing when every session had a moving
/// time.
func untimedNote(_ count: Int) -> String {
  count == 0 ? "" : " (\(counted(count, "untimed session")) left out)"
}

/// A line saying how many sessions a report left out as other types, or nothing.
func otherTypesNote(_ count: Int) -> String {
  guard count > 0 else { return "" }
  return "\(counted(count, "session")) of other types left out (runs, rides, other, "
    + "walks and hikes without load; see 'ruck-cli sessions list')\n"
}

/// A line saying how many flagged sessions a report left out, or nothing.
func unconfirmedNote(_ count: Int) -> String {
  guard count > 0 else { return "" }
  return "\(counted(count, "flagged session")) left out until confirmed (see 'ruck-cli "
    + "sessions list'; 'ruck-cli sessions edit ID --confirm' counts one)\n"
}

/// `+12.5% up`, `-3.0% improving`; `up from 0` when there was nothing before (no percentage
/// exists); `-` when a side is undefined (pace without a timed session).
func trendText(_ trend: RuckTrend) -> String {
  let word = trend.assessment?.rawValue ?? trend.direction?.rawValue
  guard let word else { return "-" }
  if let percent = trend.percentChange { return signed(percent, decimals: 1) + "% " + word }
  return trend.previous == 0 && trend.current != 0 ? "\(word) from 0" : word
}

/// printf's `%+.Nf`: a `+` before a value that is not negative once rounded.
func signed(_ value: Double, decimals: Int) -> String {
  let text = FixedNotation.format(value, decimals: decimals)
  return text.hasPrefix("-") ? text : "+" + text
}
