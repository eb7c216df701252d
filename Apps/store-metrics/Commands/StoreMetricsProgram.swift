import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import Storage
import StoreAnalytics
import StoreSQLite

/// How the store commands open their database, and the two programs that run them.
///
/// `store-metrics` has SQLite only. PostgreSQL's client (PostgresNIO with NIO, its TLS and
/// crypto) is linked into `store-metrics-postgres` instead: in `store-metrics` it added about
/// 1,900 protocol-conformance records to the 7,000 the Swift runtime scans at every first lookup,
/// and 53 MB of binary: `metrics --range year` took 16% more instructions, on SQLite
/// (Docs/Performance.md, "Start-up"). `store-metrics` hands a command whose database is a
/// `postgres://` URL over to `store-metrics-postgres` (`handOff`), so either program takes
/// either location.
public enum StoreMetricsProgram {
  /// The backends the running program was started with: task-local rather than global, so
  /// tests can run the commands with and without PostgreSQL side by side. SQLite alone unless
  /// `main` says otherwise.
  @TaskLocal static var backends = StoreBackends.sqlite

  /// The executable for PostgreSQL, looked for beside the running program.
  static let postgresProgram = "store-metrics-postgres"

  /// Runs the command line, opening store locations with `backends`.
  public static func main(backends: StoreBackends) -> Never {
    $backends.withValue(backends) { CommandRunner.main(StoreMetricsCommand.self) }
  }

  /// `store-metrics`' way to PostgreSQL: replaces this process with `store-metrics-postgres` from the same
  /// folder, on the same arguments, so that program runs the command from its start. Every
  /// command opens its database before it reads its input or writes anything, so nothing is
  /// done twice. Returns only by throwing, when that program cannot be started. The folder comes
  /// from `/proc/self/exe` on Linux (`Bundle` elsewhere: `argv[0]` may be a bare name from
  /// `PATH`).
  public static let handOff: StoreBackends.Postgres = { _, _ in
    let running =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
    let folder = PathText.folder(of: running)
    let program = (folder.isEmpty ? "." : folder) + "/" + postgresProgram
    let arguments = [program] + CommandLine.arguments.dropFirst()
    var argv = arguments.map { strdup($0) } + [nil]
    execv(program, &argv)
    let reason = String(cString: strerror(errno))
    for pointer in argv { free(pointer) }
    // Short enough to stay whole on its one line (300 characters) with a deep build folder.
    throw TallyError.refused(
      "\(program) could not be started (\(reason)): a postgres:// database needs it "
        + "(swift build, or scripts/build-release \(postgresProgram))",
      category: .unavailable)
  }

  /// Opens the store database at `location` with the program's backends (the one choice of
  /// backend: `StoreBackends.open`).
  static func open(
    _ location: DatabaseLocation, clock: TallyClock
  ) throws -> ShopAnalytics {
    try backends.open(
      StoreLocation(location), environment: ProcessInfo.processInfo.environment, clock: clock)
  }
}

/// The `store-metrics` root command, which both executables run (`StoreMetricsProgram.main`).
struct StoreMetricsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "store-metrics",
    abstract:
      "Query restaurant orders: KPIs, revenue charts, time-of-day, category and item breakdowns.",
    discussion: """
      Data lives in a local SQLite database: --db PATH, else $TALLY_STORE_DB,
      else $XDG_DATA_HOME/tally/store.sqlite (~/.local/share/tally/store.sqlite);
      a postgres:// URL there is a PostgreSQL database. Revenue is the sum of
      order subtotals (before tax) of completed orders. Days and hours are each
      store's own, in its time zone: --time-zone names the zone of stores an
      import creates, and --as-of words (today, yesterday, mon) are read there.

      Example:
        store-metrics stores add downtown --name "Downtown" \\
            --time-zone America/Chicago
        store-metrics import orders.csv
        store-metrics metrics --store downtown --range week
        store-metrics report --store downtown --range month --output downtown.html
      """,
    version: TallyVersion.current,
    subcommands: [
      Stores.self, Import.self, ImportSplit.self, ImportShifts.self, Daily.self, Hourly.self,
      TimeDistribution.self,
      Categories.self, Popular.self, Metrics.self, Chart.self, Weekdays.self, Customers.self,
      Cohorts.self,
      Summary.self, Goals.self, Funnel.self, Insights.self, Heatmap.self, Forecast.self, Menu.self,
      Labor.self, Report.self,
    ])
}
