import GRDB

/// The BehaviorPatterns domain: its app name (for the database location) and its schema.
public enum BehaviorPatternsModule {
  /// The short app name: the database is `behavior.sqlite` and its environment variable
  /// `TALLY_BEHAVIOR_DB`.
  public static let appName = "behavior"

  /// The domain's migrations, append-only.
  public static var migrator: DatabaseMigrator { BehaviorSchema.migrator }
}
