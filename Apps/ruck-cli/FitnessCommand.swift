import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import RuckAnalytics

extension RuckCommand {
  /// `ruck-cli fitness`: training load, fitness, fatigue and form.
  struct Fitness: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "fitness",
      abstract: "Training load per session; fitness (42-day), fatigue (7-day) and form by week.",
      discussion: """
        A session's load is Banister's TRIMP from its heart rates (profile set --max-hr or \
        --birth-year, and --resting-hr; --sex picks the coefficients), else estimated from \
        its moving time, pace, climb and load (on foot, with a body weight). Fitness and \
        fatigue are exponentially weighted averages of the daily load (42 and 7 days); form \
        is fitness − fatigue. Excluded and flagged sessions carry no load.

        Example:
          ruck-cli fitness --weeks 12
          ruck-cli fitness --format json --as-of 2026-02-08
        """)
    @OptionGroup var global: GlobalOptions
    @Option(help: "How many weeks (1 to 520).") var weeks: Int = 12

    func run() throws {
      let store = try global.openRuckStoreToRead()
      let fitness = try hinting {
        try store.fitness(weeks: weeks, asOf: global.asOf, zone: global.zone)
      }
      guard global.format == .table else {
        if global.format == .csv {
          return Terminal.writeOutput(
            OutputFormat.csv.render(rows: fitness.weeks.map(RuckWire.fitnessWeek)))
        }
        return global.print(object: RuckWire.fitness(fitness))
      }
      let rows: [JSONObject] = fitness.weeks.map { week in
        [
          "week": .date(week.weekStart), "sessions": .int(week.sessions),
          "load": .number(week.load, decimals: 0), "fitness": .number(week.fitness, decimals: 1),
          "fatigue": .number(week.fatigue, decimals: 1), "form": .number(week.form, decimals: 1),
        ]
      }
      var text = OutputFormat.table.render(rows: rows)
      let estimated = fitness.sessions.filter { $0.source == .estimated }.count
      if estimated > 0 {
        text +=
          "\(counted(estimated, "session")) in these weeks had no heart rates: load estimated "
          + "from moving time, pace, climb and load\n"
      }
      if fitness.sessionsWithoutLoad > 0 {
        text +=
          "\(counted(fitness.sessionsWithoutLoad, "session")) without a load (no heart rate, "
          + "and no body weight or moving time, or not on foot)\n"
      }
      Terminal.writeOutput(text)
    }
  }
}
