import GRDB

/// The StoreAnalytics domain: its app name and schema.
public enum StoreAnalyticsModule {
  /// The short app name: `store.sqlite`, `TALLY_STORE_DB`.
  public static let appName = "store"

  /// The domain's migrations, append-only.
  public static var migrator: DatabaseMigrator { StoreSchema.migrator }
}
