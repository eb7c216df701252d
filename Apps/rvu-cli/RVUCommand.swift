import ArgumentParser
import CLIKit
import RVUDomain

/// The `rvu-cli` root command.
@main
struct RVUCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rvu-cli",
    abstract: "Log patient visits with HCPCS/CPT procedures and see work RVU totals.",
    discussion: """
      Data lives in a local SQLite database: --db PATH, else $TALLY_RVU_DB, else
      $XDG_DATA_HOME/tally/rvu.sqlite (~/.local/share/tally/rvu.sqlite).

      Example:
        rvu-cli --help
      """,
    version: TallyVersion.current,
    subcommands: [])

  static func main() { CommandRunner.main(Self.self) }
}
