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
      Data lives in a local SQLite database: --db PATH, else $TALLY_RVU_DB, else \
      $XDG_DATA_HOME/tally/rvu.sqlite (~/.local/share/tally/rvu.sqlite). Visits and favorites \
      belong to --user (default: $RVU_USER, else "local"). A starter catalog of common codes \
      with their 2025 work RVUs is installed on first use; import the CMS file for all codes.

      Example:
        rvu-cli visits add --date 2026-02-08 --procedure 99214 --procedure G2211
        rvu-cli analytics --last 30 --period weekly
        rvu-cli report --last 90 --period weekly --output rvu.html
      """,
    version: TallyVersion.current,
    subcommands: [
      Codes.self, Visits.self, Favorites.self, Analytics.self, Report.self, Settings.self,
      Goal.self, TimeOffCommand.self, Templates.self, Users.self, Reconcile.self,
    ])

  static func main() { CommandRunner.main(Self.self) }
}
