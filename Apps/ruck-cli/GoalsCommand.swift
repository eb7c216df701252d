import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import RuckAnalytics
import RuckReports

extension RuckCommand {
  /// `ruck-cli goals set|show`.
  struct Goals: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "goals",
      abstract: "Weekly and monthly goals of distance, weight moved and elevation.",
      discussion: """
        Beside the sessions-per-week goal (profile set --min-rucks-per-week): the distance, \
        weight moved (load × distance) or elevation gained by the sessions that count, each \
        Monday week or calendar month. 'streak', 'weekly' and the report show the progress.

        Example:
          ruck-cli goals set --weekly-distance 25km --monthly-elevation 2000m
          ruck-cli goals show
        """,
      subcommands: [Set.self, Show.self])

    /// A goal's target as typed: a quantity with its unit, or `none` to remove the goal.
    struct Target {
      let value: Double?
      init(_ text: String, _ parse: (String) throws -> Double) throws {
        value = text.lowercased() == "none" ? nil : try parse(text)
      }
    }

    struct Set: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set goals (none removes one; the others stay).",
        discussion: """
          Example:
            ruck-cli goals set --weekly-distance 25km --weekly-weight-moved 400kg·km
            ruck-cli goals set --monthly-elevation 6500ft --weekly-distance none
          """)
      @OptionGroup var global: GlobalOptions
      @Option(
        help: ArgumentHelp("Distance each week: 25km, 15mi, or none.", valueName: "distance"),
        transform: {
          try Target($0, { try Quantities.distance(parsing: $0, within: RuckStore.goalDistances) })
        })
      var weeklyDistance: Target?
      @Option(
        help: ArgumentHelp("Distance each month.", valueName: "distance"),
        transform: {
          try Target($0, { try Quantities.distance(parsing: $0, within: RuckStore.goalDistances) })
        })
      var monthlyDistance: Target?
      @Option(
        help: ArgumentHelp(
          "Weight moved each week: 400kg·km, 250lb·mi.", valueName: "weight moved"),
        transform: { try Target($0, Quantities.weightMoved(parsing:)) })
      var weeklyWeightMoved: Target?
      @Option(
        help: ArgumentHelp("Weight moved each month.", valueName: "weight moved"),
        transform: { try Target($0, Quantities.weightMoved(parsing:)) })
      var monthlyWeightMoved: Target?
      @Option(
        help: ArgumentHelp("Elevation gained each week: 500m, 1500ft.", valueName: "elevation"),
        transform: { try Target($0, Quantities.elevation(parsing:)) })
      var weeklyElevation: Target?
      @Option(
        help: ArgumentHelp("Elevation gained each month.", valueName: "elevation"),
        transform: { try Target($0, Quantities.elevation(parsing:)) })
      var monthlyElevation: Target?

      var given: [(GoalPeriod, GoalMeasure, Target)] {
        [
          (.week, .distance, weeklyDistance), (.month, .distance, monthlyDistance),
          (.week, .weightMoved, weeklyWeightMoved), (.month, .weightMoved, monthlyWeightMoved),
          (.week, .elevation, weeklyElevation), (.month, .elevation, monthlyElevation),
        ].compactMap { period, measure, target in target.map { (period, measure, $0) } }
      }

      func validate() throws {
        guard !given.isEmpty else {
          throw ValidationError("name a goal to set, such as --weekly-distance 25km")
        }
      }

      func run() throws {
        let store = try global.openRuckStore()
        try hinting { try store.setGoals(given.map { ($0.0, $0.1, $0.2.value) }) }
        try Show.print(store: store, global: global, units: nil)
      }
    }

    struct Show: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Each goal's progress this week or month.",
        discussion: "Example:\n  ruck-cli goals show --as-of 2026-02-08")
      @OptionGroup var global: GlobalOptions
      @OptionGroup var units: UnitsOption

      func run() throws {
        let store = try global.openRuckStoreToRead()
        try Self.print(store: store, global: global, units: units.units)
      }

      static func print(store: RuckStore, global: GlobalOptions, units: UnitSystem?) throws {
        let progress = try store.goalProgress(asOf: global.asOf, zone: global.zone)
        guard global.format == .table else {
          return global.print(rows: progress.map(RuckWire.goalProgress))
        }
        let format = UnitFormatter(system: try units ?? store.profile().units)
        guard !progress.isEmpty else {
          return Terminal.writeOutput("No goals: 'ruck-cli goals set --weekly-distance 25km'\n")
        }
        Terminal.writeOutput(progress.map { format.goalLine($0) + "\n" }.joined())
      }
    }
  }
}
