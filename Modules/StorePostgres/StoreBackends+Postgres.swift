import StoreAnalytics
import StoreSQLite

extension StoreBackends {
  /// SQLite and PostgreSQL: what `store-metrics-postgres`, `tally-server` and `tally-bench` open
  /// a store location with.
  public static let all = StoreBackends.sqlite.with { url, environment in
    try PostgresStoreRepository.open(PostgresLocation(url: url, environment: environment))
  }
}
