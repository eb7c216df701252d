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
      Data lives in a local SQLite database: --db PATH, else $TALLY_RUCK_DB, else
      $XDG_DATA_HOME/tally/ruck.sqlite (~/.local/share/tally/ruck.sqlite).

      Example:
        ruck-cli --help
      """,
    version: TallyVersion.current,
    subcommands: [])

  static func main() { CommandRunner.main(Self.self) }
}
