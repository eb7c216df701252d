import GRDB

/// The StoreAnalytics domain: its app name (for the database location) and its schema.
public enum StoreAnalyticsModule {
  /// The short app name: the database is `store.sqlite` and its environment variable
  /// `TALLY_STORE_DB`.
  public static let appName = "store"

  /// The domain's migrations, append-only. Its own issue adds the tables.
  public static var migrator: DatabaseMigrator { DatabaseMigrator() }
}
