import AnalyticsCore
import GRDB
import Storage

/// The ruck database schema: named, append-only migrations with plain table and column names.
/// Instants (session bounds, point times, import times) are INTEGER milliseconds since 1970, the
/// one storage form of `Instant` in every domain; the first migration stored REAL seconds and
/// GRDB's date text, and `ruck-2` converts them.
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
    migrator.registerMigration("ruck-2-instants-as-milliseconds", migrate: instantsAsMilliseconds)
    migrator.registerMigration("ruck-3-activity-and-record-status") { db in
      // Sessions stored before were all taken for rucks; those faster than 3:00 /km (180 s/km,
      // RuckSession.fastestPlausiblePace when this landed) are flagged as new imports are.
      try db.execute(
        sql: """
          ALTER TABLE ruck_session ADD COLUMN activity TEXT NOT NULL DEFAULT 'ruck';
          ALTER TABLE ruck_session ADD COLUMN record_status TEXT NOT NULL DEFAULT 'counted';
          UPDATE ruck_session SET record_status = 'unconfirmed'
          WHERE moving_s > 0 AND distance_m > 0 AND moving_s / (distance_m / 1000) < 180;
          """)
    }
    migrator.registerMigration("ruck-4-flag-implausibly-long") { db in
      // On foot over 250 km in one session (RuckSession.longestPlausibleMeters when this landed).
      try db.execute(
        sql: """
          UPDATE ruck_session SET record_status = 'unconfirmed'
          WHERE record_status = 'counted' AND activity IN ('ruck', 'hike', 'walk', 'run')
            AND distance_m > 250000
          """)
    }
    migrator.registerMigration("ruck-5-heart-rate") { db in
      try db.execute(sql: "ALTER TABLE track_point ADD COLUMN heart_rate_bpm INTEGER")
    }
    migrator.registerMigration("ruck-6-planned-route-day", migrate: plannedRouteDay)
    migrator.registerMigration("ruck-7-packed-track-points", migrate: packedTrackPoints)
    migrator.registerMigration("ruck-8-no-calorie-estimate-when-too-fast") { db in
      // Pandolf estimates of sessions faster than 3:00 /km (RuckSession.fastestPlausiblePace
      // when this landed) are dropped, as `estimateCalories` no longer makes them.
      try db.execute(
        sql: """
          UPDATE ruck_session SET calories = NULL, calories_source = 'none'
          WHERE calories_source = 'pandolf' AND moving_s > 0 AND distance_m > 0
            AND moving_s / (distance_m / 1000) < 180
          """)
    }
    migrator.registerMigration("ruck-9-flag-slow-long-heavy") { db in
      // On foot: slower than 60:00 /km, moving over 48 hours, or a load over 100 kg
      // (RuckSession.slowestPlausiblePace, longestPlausibleSeconds, heaviestPlausibleLoadKg when
      // this landed) are flagged as new sessions are: every 'counted' one, so a session the user
      // confirmed for another reason (too fast) is asked about again. No implausible session
      // keeps a Pandolf estimate, over 250 km included, as `estimateCalories` makes none.
      let onFoot = "activity IN ('ruck', 'hike', 'walk', 'run')"
      let slowLongHeavy = """
        ((moving_s > 0 AND distance_m > 0 AND moving_s / (distance_m / 1000) > 3600)
          OR moving_s > 172800 OR load_kg > 100)
        """
      try db.execute(
        sql: """
          UPDATE ruck_session SET record_status = 'unconfirmed'
          WHERE record_status = 'counted' AND \(onFoot) AND \(slowLongHeavy);
          UPDATE ruck_session SET calories = NULL, calories_source = 'none'
          WHERE calories_source = 'pandolf' AND \(onFoot)
            AND (\(slowLongHeavy) OR distance_m > 250000);
          """)
    }
    migrator.registerMigration("ruck-10-heart-rate-profile") { db in
      // The profile's heart rates for zones (issue 36 §2): a maximum (else 220 − age from the
      // birth year) and a resting rate (zones of the reserve).
      try db.execute(
        sql: """
          ALTER TABLE ruck_profile ADD COLUMN max_hr INTEGER;
          ALTER TABLE ruck_profile ADD COLUMN resting_hr INTEGER;
          ALTER TABLE ruck_profile ADD COLUMN birth_year INTEGER;
          """)
    }
    migrator.registerMigration("ruck-11-best-efforts") { db in
      // Each session's fastest 1 km, mile, 5 km and 10 km in moving time (`BestEfforts`, issue
      // 36 §2), kept when the track is written; the stored tracks' are made here.
      try db.execute(
        sql: """
          CREATE TABLE best_effort (
            session_id INTEGER NOT NULL REFERENCES ruck_session (id) ON DELETE CASCADE,
            distance_m REAL NOT NULL, seconds REAL NOT NULL,
            PRIMARY KEY (session_id, distance_m)
          ) WITHOUT ROWID
          """)
      for id in try Int64.fetchAll(db, sql: "SELECT DISTINCT session_id FROM track_chunk") {
        try RuckStore.insertBestEfforts(db, sessionId: id)
      }
    }
    migrator.registerMigration("ruck-12-training-load") { db in
      // Each session's seconds at each heart rate (`HeartRateClock`), from which training load
      // is Banister's TRIMP for whatever the profile's rates are; the profile's sex picks TRIMP's
      // coefficients (issue 36 §2). The stored tracks' seconds are made here.
      try db.execute(
        sql: """
          CREATE TABLE heart_rate_time (
            session_id INTEGER NOT NULL REFERENCES ruck_session (id) ON DELETE CASCADE,
            bpm INTEGER NOT NULL, seconds REAL NOT NULL,
            PRIMARY KEY (session_id, bpm)
          ) WITHOUT ROWID;
          ALTER TABLE ruck_profile ADD COLUMN sex TEXT CHECK (sex IN ('female', 'male'));
          """)
      for id in try Int64.fetchAll(db, sql: "SELECT DISTINCT session_id FROM track_chunk") {
        try RuckStore.insertHeartRateTime(
          db, RuckStore.storedSegments(db, sessionId: id), sessionId: id)
      }
    }
    migrator.registerMigration("ruck-13-goals") { db in
      // Weekly and monthly goals of distance, weight moved and elevation (issue 36 §3), in SI
      // units, one per period and measure.
      try db.execute(
        sql: """
          CREATE TABLE ruck_goal (
            period TEXT NOT NULL CHECK (period IN ('week', 'month')),
            measure TEXT NOT NULL CHECK (measure IN ('distance', 'weight_moved', 'elevation')),
            target REAL NOT NULL CHECK (target > 0),
            PRIMARY KEY (period, measure)
          ) WITHOUT ROWID
          """)
    }
    migrator.registerMigration("ruck-14-gear") { db in
      // Packs, boots and vests with their sessions (issue 36 §3): distance and weight moved per
      // item, a retire distance, one default per kind for new rucks.
      try db.execute(
        sql: """
          CREATE TABLE gear (
            id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK (kind IN ('pack', 'boots', 'vest', 'other')),
            retire_at_m REAL CHECK (retire_at_m > 0), retired_on TEXT,
            is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
          );
          CREATE TABLE session_gear (
            session_id INTEGER NOT NULL REFERENCES ruck_session (id) ON DELETE CASCADE,
            gear_id INTEGER NOT NULL REFERENCES gear (id) ON DELETE CASCADE,
            PRIMARY KEY (session_id, gear_id)
          ) WITHOUT ROWID;
          CREATE INDEX session_gear_item ON session_gear (gear_id);
          """)
    }
    migrator.registerMigration("ruck-15-plausible-best-efforts") { db in
      // A session's best efforts are its fastest plausible stretches now (not faster than
      // 3:00 /km): Cerknica's stored 1 km was a 99.9 s GPS jump, which records left out, so the
      // session had no 1 km record beside its mile. The stored tracks' are made again.
      try db.execute(sql: "DELETE FROM best_effort")
      for id in try Int64.fetchAll(db, sql: "SELECT DISTINCT session_id FROM track_chunk") {
        try RuckStore.insertBestEfforts(db, sessionId: id)
      }
    }
    return migrator
  }

  /// Rebuilds the three tables holding instants with INTEGER millisecond columns (SQLite cannot
  /// change a column's type in place: a REAL column would turn the integers back into reals) and
  /// converts every row. Foreign keys are checked once at the end, as GRDB runs migrations with
  /// deferred checks; ids and the AUTOINCREMENT counters are kept, so a deleted id is never
  /// reused.
  static func instantsAsMilliseconds(_ db: Database) throws {
    let sequences = try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence")
    try db.execute(
      sql: """
        CREATE TABLE new_source_file (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          sha256 TEXT NOT NULL UNIQUE,
          format TEXT NOT NULL,
          imported_at INTEGER NOT NULL
        );
        INSERT INTO new_source_file (id, name, sha256, format, imported_at)
        SELECT id, name, sha256, format,
               CAST(strftime('%s', imported_at) AS INTEGER) * 1000
                 + CAST(substr(strftime('%f', imported_at), 4) AS INTEGER)
        FROM source_file;
        CREATE TABLE new_ruck_session (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          started_at INTEGER NOT NULL,
          ended_at INTEGER NOT NULL,
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
          created_at INTEGER NOT NULL
        );
        INSERT INTO new_ruck_session
        SELECT id, CAST(round(started_at * 1000) AS INTEGER),
               CAST(round(ended_at * 1000) AS INTEGER), elapsed_s, moving_s, distance_m,
               elevation_gain_m, elevation_loss_m, load_kg, body_weight_kg, calories,
               calories_source, terrain, temperature_c, conditions, notes, source_file_id,
               CAST(round(created_at * 1000) AS INTEGER)
        FROM ruck_session;
        CREATE TABLE new_track_point (
          session_id INTEGER NOT NULL REFERENCES ruck_session(id) ON DELETE CASCADE,
          seq INTEGER NOT NULL,
          segment INTEGER NOT NULL,
          time_ms INTEGER,
          lat REAL NOT NULL,
          lon REAL NOT NULL,
          elevation_m REAL,
          PRIMARY KEY (session_id, seq)
        ) WITHOUT ROWID;
        INSERT INTO new_track_point
        SELECT session_id, seq, segment, CAST(round(time_s * 1000) AS INTEGER), lat, lon,
               elevation_m
        FROM track_point;
        DROP TABLE track_point;
        DROP TABLE ruck_session;
        DROP TABLE source_file;
        ALTER TABLE new_source_file RENAME TO source_file;
        ALTER TABLE new_ruck_session RENAME TO ruck_session;
        ALTER TABLE new_track_point RENAME TO track_point;
        CREATE INDEX ruck_session_started ON ruck_session (started_at);
        """)
    for row in sequences {
      let name: String = row["name"]
      guard name == "source_file" || name == "ruck_session" else { continue }
      let copied =
        try Int64.fetchOne(
          db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [name])
        ?? 0
      try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [name])
      try db.execute(
        sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
        arguments: [name, max(copied, row["seq"] as Int64)])
    }
  }

  /// A file without times (a planned route) is walked on the day the user gives, and may be
  /// walked again another day: its content alone no longer makes it a duplicate, its content and
  /// that day do. `source_file` is rebuilt (SQLite cannot drop the column's UNIQUE constraint)
  /// with `planned_day` (NULL for a file with times) and one unique index over both, keeping
  /// ids and the AUTOINCREMENT counter; sessions keep pointing at their file by id.
  static func plannedRouteDay(_ db: Database) throws {
    let sequence = try Int64.fetchOne(
      db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'source_file'")
    try db.execute(
      sql: """
        CREATE TABLE new_source_file (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          sha256 TEXT NOT NULL,
          format TEXT NOT NULL,
          imported_at INTEGER NOT NULL,
          planned_day TEXT
        );
        INSERT INTO new_source_file (id, name, sha256, format, imported_at)
        SELECT id, name, sha256, format, imported_at FROM source_file;
        DROP TABLE source_file;
        ALTER TABLE new_source_file RENAME TO source_file;
        CREATE UNIQUE INDEX source_file_content ON source_file (sha256, ifnull(planned_day, ''));
        """)
    if let sequence {
      try db.execute(
        sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'source_file'",
        arguments: [sequence])
    }
  }

  /// Moves every stored point from `track_point` (one row per point) into `track_chunk` (a
  /// segment's points packed `TrackChunk.capacity` to a row; see `PackedPoint`) and drops
  /// `track_point`. Points keep their order and segments; `seq` is renumbered from 0 per session
  /// in that order, as imports wrote it. The packing is `PackedPoint`'s, whose layout is part of
  /// the schema (a new layout would be a new migration).
  static func packedTrackPoints(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE track_chunk (
          session_id INTEGER NOT NULL REFERENCES ruck_session(id) ON DELETE CASCADE,
          first_seq INTEGER NOT NULL,
          segment INTEGER NOT NULL,
          point_count INTEGER NOT NULL CHECK (point_count > 0),
          points BLOB NOT NULL,
          PRIMARY KEY (session_id, first_seq)
        )
        """)
    var session: Int64?
    var segments: [[TrackPoint]] = []
    func flush() throws {
      guard let session else { return }
      for chunk in TrackChunk.chunks(segments, sessionId: session) {
        try db.execute(
          sql: """
            INSERT INTO track_chunk (session_id, first_seq, segment, point_count, points)
            VALUES (?, ?, ?, ?, ?)
            """,
          arguments: [
            chunk.sessionId, chunk.firstSeq, chunk.segment, chunk.pointCount, chunk.points,
          ])
      }
    }
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT session_id, segment, time_ms, lat, lon, elevation_m, heart_rate_bpm
        FROM track_point ORDER BY session_id, seq
        """)
    var segment: Int64 = -1
    while let row = try rows.next() {
      let owner: Int64 = row[0]
      if owner != session {
        try flush()
        (session, segments, segment) = (owner, [], -1)
      }
      let pointSegment: Int64 = row[1]
      if pointSegment != segment {
        segments.append([])
        segment = pointSegment
      }
      segments[segments.count - 1].append(
        TrackPoint(
          time: row[2], latitude: row[3], longitude: row[4], elevation: row[5],
          heartRate: row[6]))
    }
    try flush()
    try db.execute(sql: "DROP TABLE track_point")
  }
}
