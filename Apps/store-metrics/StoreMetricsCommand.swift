import ArgumentParser
import CLIKit
import StoreAnalytics

/// The `store-metrics` root command.
@main
struct StoreMetricsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "store-metrics",
    abstract:
      "Query restaurant orders: KPIs, revenue charts, time-of-day, category and item breakdowns.",
    discussion: """
      Data lives in a local SQLite database: --db PATH, else $TALLY_STORE_DB, else
      $XDG_DATA_HOME/tally/store.sqlite (~/.local/share/tally/store.sqlite).

      Example:
        store-metrics --help
      """,
    version: TallyVersion.current,
    subcommands: [])

  static func main() { CommandRunner.main(Self.self) }
}
