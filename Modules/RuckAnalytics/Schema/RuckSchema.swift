import GRDB

/// The ruck database schema: named, append-only migrations with plain table and column names.
/// Session instants and track point times are stored as seconds since 1970 (REAL).
enum RuckSchema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("ruck-1-sessions-tracks-profile") { db in
      try db.execute(
        sql: """
          CREATE TABLE source_file (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            sha256 TEXT NOT NULL UNIQUE,
            format TEXT NOT NULL,
            imported_at DATETIME NOT NULL
          );
          CREATE TABLE ruck_session (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            started_at REAL NOT NULL,
            ended_at REAL NOT NULL,
            elapsed_s REAL NOT NULL CHECK (elapsed_s >= 0),
            moving_s REAL NOT NULL CHECK (moving_s >= 0),
            distance_m REAL NOT NULL CHECK (distance_m >= 0),
            elevation_gain_m REAL,
            elevation_loss_m REAL,
            load_kg REAL NOT NULL DEFAULT 0 CHECK (load_kg >= 0),
            body_weight_kg REAL,
            calories REAL,
            calories_source TEXT NOT NULL,
            terrain TEXT,
            temperature_c REAL,
            conditions TEXT,
            notes TEXT,
            source_file_id INTEGER REFERENCES source_file(id) ON DELETE SET NULL,
            created_at REAL NOT NULL
          );
          CREATE INDEX ruck_session_started ON ruck_session (started_at);
          CREATE TABLE track_point (
            session_id INTEGER NOT NULL REFERENCES ruck_session(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            segment INTEGER NOT NULL,
            time_s REAL,
            lat REAL NOT NULL,
            lon REAL NOT NULL,
            elevation_m REAL,
            PRIMARY KEY (session_id, seq)
          ) WITHOUT ROWID;
          CREATE TABLE ruck_profile (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            body_weight_kg REAL,
            units TEXT NOT NULL DEFAULT 'metric',
            min_rucks_per_week INTEGER NOT NULL DEFAULT 2 CHECK (min_rucks_per_week >= 1)
          );
          """)
    }
    return migrator
  }
}

/// The Ruck domain: its app name and schema.
public enum RuckAnalyticsModule {
  /// The short app name: `ruck.sqlite`, `TALLY_RUCK_DB`.
  public static let appName = "ruck"

  /// The domain's migrations, append-only.
  public static var migrator: DatabaseMigrator { RuckSchema.migrator }
}
