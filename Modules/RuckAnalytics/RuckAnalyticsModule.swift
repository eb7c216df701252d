import GRDB

/// The Ruck domain: its app name (for the database location) and its schema.
public enum RuckAnalyticsModule {
  /// The short app name: the database is `ruck.sqlite` and its environment variable
  /// `TALLY_RUCK_DB`.
  public static let appName = "ruck"

  /// The domain's migrations, append-only.
  public static var migrator: DatabaseMigrator { RuckSchema.migrator }
}
