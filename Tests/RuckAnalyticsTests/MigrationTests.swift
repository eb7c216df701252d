import AnalyticsCore
import GRDB
import Testing

@testable import RuckAnalytics

@Suite("Ruck migrations")
struct RuckMigrationTests {
  /// A database written by the first migration, with the REAL seconds and GRDB date text it
  /// stored, converted by `ruck-2-instants-as-milliseconds`.
  @Test("ruck-2 turns REAL seconds and date text into INTEGER milliseconds, keeping ids")
  func instantsAsMilliseconds() throws {
    let queue = try DatabaseQueue()
    let migrator = RuckAnalyticsModule.migrator
    try migrator.migrate(queue, upTo: "ruck-1-sessions-tracks-profile")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO source_file (id, name, sha256, format, imported_at)
          VALUES (4, 'walk.gpx', 'abc', 'gpx', '2026-02-08 12:30:00.123');
          INSERT INTO ruck_session (id, started_at, ended_at, elapsed_s, moving_s, distance_m,
            load_kg, calories_source, source_file_id, created_at)
          VALUES (1, 1770553800.5, 1770557400.5, 3600, 3000, 5000, 20, 'none', 4, 1770560000.25),
                 (2, 1770640200, 1770643800, 3600, 3600, 6000, 0, 'none', NULL, 1770643900);
          INSERT INTO track_point (session_id, seq, segment, time_s, lat, lon, elevation_m)
          VALUES (1, 0, 0, 1770553800.5, 45.1, 13.9, 210.5), (1, 1, 0, NULL, 45.2, 13.8, NULL);
          DELETE FROM ruck_session WHERE id = 2;
          """)
    }
    try migrator.migrate(queue)
    let store = RuckStore(writer: queue)
    let session = try store.session(id: 1)
    // 1770553800.5 s = 2026-02-08T12:30:00.500Z (python: datetime.fromtimestamp(…, utc)).
    #expect(session.startedAt == Instant(millisecondsSinceEpoch: 1_770_553_800_500))
    #expect(session.endedAt == Instant(millisecondsSinceEpoch: 1_770_557_400_500))
    #expect(session.createdAt == Instant(millisecondsSinceEpoch: 1_770_560_000_250))
    #expect(session.sourceFileId == 4)
    #expect(session.movingSeconds == 3000 && session.distanceMeters == 5000)
    let points = try store.trackPoints(sessionId: 1)
    #expect(points.map(\.time) == [Instant(millisecondsSinceEpoch: 1_770_553_800_500), nil])
    #expect(points.map(\.latitude) == [45.1, 45.2])
    let types = try queue.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT typeof(started_at) || typeof(ended_at) || typeof(created_at) FROM ruck_session
          UNION ALL SELECT typeof(imported_at) FROM source_file
          UNION ALL SELECT typeof(time_ms) FROM track_point WHERE seq = 0
          """)
    }
    #expect(types == ["integerintegerinteger", "integer", "integer"])
    let file = try queue.read { db in try SourceFile.fetchOne(db, key: 4) }
    // 2026-02-08 12:30:00.123 UTC, GRDB's date text, = 1770553800 s + 123 ms.
    #expect(file?.importedAt == Instant(millisecondsSinceEpoch: 1_770_553_800_123))
    #expect(file?.format == .gpx)
    // The AUTOINCREMENT counter is kept: deleted session 2's id is not given out again.
    let next = try store.logSession(
      start: Instant(millisecondsSinceEpoch: 1_770_700_000_000), duration: 60, distance: 100)
    #expect(next.id == 3)
    // Deleting the session forgets its file (foreign keys still hold after the rebuild).
    try store.deleteSession(id: 1)
    #expect(try store.sourceFileNames().isEmpty)
    #expect(try store.trackPoints(sessionId: 1).isEmpty)
  }

  @Test("ruck-5 adds heart rates to stored points, none for those stored before")
  func heartRate() throws {
    let queue = try DatabaseQueue()
    let migrator = RuckAnalyticsModule.migrator
    try migrator.migrate(queue, upTo: "ruck-4-flag-implausibly-long")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO ruck_session (id, started_at, ended_at, elapsed_s, moving_s, distance_m,
            load_kg, calories_source, created_at)
          VALUES (1, 0, 60000, 60, 60, 111, 0, 'none', 0);
          INSERT INTO track_point (session_id, seq, segment, time_ms, lat, lon, elevation_m)
          VALUES (1, 0, 0, 0, 0, 0, 5), (1, 1, 0, 60000, 0, 0.001, 6);
          """)
    }
    try migrator.migrate(queue)
    let store = RuckStore(writer: queue)
    #expect(try store.trackPoints(sessionId: 1).map(\.heartRate) == [nil, nil])
    #expect(try store.trackPoints(sessionId: 1).map(\.elevation) == [5, 6])
    #expect(try store.sessionDetail(id: 1, splitMeters: 1000).heartRate == nil)
  }
}
