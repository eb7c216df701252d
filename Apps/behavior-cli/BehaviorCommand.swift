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
      Data lives in a local SQLite database: --db PATH, else $TALLY_BEHAVIOR_DB, else
      $XDG_DATA_HOME/tally/behavior.sqlite (~/.local/share/tally/behavior.sqlite).

      Example:
        behavior-cli --help
      """,
    version: TallyVersion.current,
    subcommands: [])

  static func main() { CommandRunner.main(Self.self) }
}
