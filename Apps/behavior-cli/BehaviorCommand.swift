import ArgumentParser
import BehaviorPatterns
import CLIKit

/// The `behavior-cli` root command.
@main
struct BehaviorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "behavior-cli",
    abstract: "Log behavior patterns, medications and a journal; read weekly and monthly reports.",
    discussion: """
      Data lives in a local SQLite database and never leaves it: --db PATH, else \
      $TALLY_BEHAVIOR_DB, else $XDG_DATA_HOME/tally/behavior.sqlite \
      (~/.local/share/tally/behavior.sqlite). Days are local days in --time-zone.

      Example:
        behavior-cli log sensory-overload --intensity 4 --duration 45m --tag noise
        behavior-cli meds log Sertraline --taken --mood 4
        behavior-cli report weekly
      """,
    version: TallyVersion.current,
    subcommands: [
      Patterns.self, Log.self, Quick.self, Entries.self, Favorites.self, Tags.self, Meds.self,
      Journal.self, CheckInCommand.self, Ratings.self, Today.self, Due.self, Calendar.self,
      Settings.self, Report.self, Export.self, Import.self, ImportDaylio.self,
      ImportBearable.self,
    ])

  static func main() { CommandRunner.main(Self.self) }
}
