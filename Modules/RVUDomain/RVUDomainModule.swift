import GRDB

/// The RVU domain: its app name (for the database location) and its schema.
public enum RVUDomainModule {
  /// The short app name: the database is `rvu.sqlite` and its environment variable `TALLY_RVU_DB`.
  public static let appName = "rvu"

  /// The domain's migrations, append-only.
  public static var migrator: DatabaseMigrator { RVUSchema.migrator }
}
