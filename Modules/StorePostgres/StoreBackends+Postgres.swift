import StoreAnalytics

extension StoreBackends {
  /// These backends with PostgreSQL for a `postgres://` location: what `store-metrics-postgres`,
  /// `tally-server` and `tally-bench` open a store with (`StoreBackends.sqlite.withPostgreSQL()`).
  /// The PostgreSQL module knows nothing of SQLite; a program composes the two.
  public func withPostgreSQL() -> StoreBackends {
    with { url, environment in
      try PostgresStoreRepository.open(PostgresLocation(url: url, environment: environment))
    }
  }
}
