import ArgumentParser
import CLIKit
import StoreAnalytics

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
