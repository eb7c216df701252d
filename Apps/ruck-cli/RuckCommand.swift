import ArgumentParser
import CLIKit
import RuckAnalytics

/// The `ruck-cli` root command.
@main
struct RuckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ruck-cli",
    abstract: "Import rucking sessions and see distance, pace, weight moved, records and streaks.",
    discussion: """
      Data lives in a local SQLite database: --db PATH, else $TALLY_RUCK_DB, else \
      $XDG_DATA_HOME/tally/ruck.sqlite (~/.local/share/tally/ruck.sqlite). JSON output is always \
      in SI units with the unit in the key; tables follow the profile's units or --units.

      Example:
        ruck-cli profile set --body-weight-kg 80 --min-rucks-per-week 2
        ruck-cli import morning.gpx --load-kg 20 --terrain trail
        ruck-cli analytics --period this-month
      """,
    version: TallyVersion.current,
    subcommands: [
      Import.self, Export.self, Log.self, Sessions.self, Profile.self, Analytics.self, Records.self,
      Weekly.self, Fitness.self, Goals.self, Gear.self, Map.self, Streak.self, Insights.self,
      Report.self,
    ])

  static func main() { CommandRunner.main(Self.self) }
}
