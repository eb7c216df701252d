import AnalyticsCore
import Foundation
import GRDB
import Testing

@testable import RuckAnalytics

@Suite("Ruck migrations")
struct RuckMigrationTests {
  /// 10 km in 1,000 s is 1:40 /km (dropped); 5 km in 3,600 s is 12:00 /km (kept); a given
  /// figure stays whatever the speed.
  @Test("ruck-8 drops Pandolf estimates of sessions faster than 3:00 /km")
  func noEstimateWhenTooFast() throws {
    let queue = try DatabaseQueue()
    let migrator = RuckAnalyticsModule.migrator
    try migrator.migrate(queue, upTo: "ruck-7-packed-track-points")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO ruck_session (id, started_at, ended_at, elapsed_s, moving_s, distance_m,
            load_kg, calories, calories_source, created_at)
          VALUES (1, 0, 1000000, 1000, 1000, 10000, 0, 9999, 'pandolf', 0),
                 (2, 0, 3600000, 3600, 3600, 5000, 0, 300, 'pandolf', 0),
                 (3, 0, 1000000, 1000, 1000, 10000, 0, 700, 'manual', 0)
          """)
    }
    try migrator.migrate(queue)
    let rows = try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT calories, calories_source FROM ruck_session ORDER BY id")
    }
    #expect(rows.map { $0[0] as Double? } == [nil, 300, 700])
    #expect(rows.map { $0[1] as String } == ["none", "pandolf", "manual"])
  }

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
    // Up to ruck-6: ruck-7 packs the points into `track_chunk`, so their column types are
    // checked before it.
    try migrator.migrate(queue, upTo: "ruck-6-planned-route-day")
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

  /// A database written by ruck-6 with one row per point, packed by `ruck-7-packed-track-points`:
  /// 2,503 points in two segments (1,500 and 1,003) become chunks of 1,000, 500, 1,000 and 3
  /// (`TrackChunk.capacity` = 1,000; a chunk never spans two segments).
  @Test("ruck-7 packs every stored point into track_chunk, keeping order, segments and values")
  func packedTrackPoints() throws {
    let queue = try DatabaseQueue()
    let migrator = RuckAnalyticsModule.migrator
    try migrator.migrate(queue, upTo: "ruck-6-planned-route-day")
    // Point i: lon i/1000°, time i s from 0 except every 7th (none), elevation i/10 m except
    // every 5th (none), heart rate 100 + i % 50 except every 3rd (none); session 2 has 2 points.
    let points = 2503
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO ruck_session (id, started_at, ended_at, elapsed_s, moving_s, distance_m,
            load_kg, calories_source, created_at)
          VALUES (1, 0, 2502000, 2502, 2502, 1000, 0, 'none', 0),
                 (2, 0, 60000, 60, 60, 100, 0, 'none', 0);
          """)
      for i in 0..<points {
        try db.execute(
          sql: """
            INSERT INTO track_point
              (session_id, seq, segment, time_ms, lat, lon, elevation_m, heart_rate_bpm)
            VALUES (1, ?, ?, ?, 45.5, ?, ?, ?)
            """,
          arguments: [
            i, i < 1500 ? 0 : 1, i % 7 == 0 ? nil : i * 1000, Double(i) / 1000,
            i % 5 == 0 ? nil : Double(i) / 10, i % 3 == 0 ? nil : 100 + i % 50,
          ])
      }
      try db.execute(
        sql: """
          INSERT INTO track_point (session_id, seq, segment, time_ms, lat, lon, elevation_m)
          VALUES (2, 0, 0, 0, -33.9, 151.2, NULL), (2, 1, 0, 60000, -33.91, 151.21, 3);
          """)
    }
    try migrator.migrate(queue)
    let store = RuckStore(writer: queue)
    let stored = try store.trackPoints(sessionId: 1)
    #expect(stored.count == points)
    #expect(stored.map(\.seq) == Array(0..<points))
    #expect(stored.map(\.segment) == (0..<points).map { $0 < 1500 ? 0 : 1 })
    #expect(stored.allSatisfy { $0.latitude == 45.5 && $0.sessionId == 1 })
    let longitudes: [Double] = (0..<points).map { Double($0) / 1000 }
    let times: [Instant?] = (0..<points).map { (i: Int) -> Instant? in
      i % 7 == 0 ? nil : Instant(millisecondsSinceEpoch: Int64(i) * 1000)
    }
    let elevations: [Double?] = (0..<points).map { (i: Int) -> Double? in
      i % 5 == 0 ? nil : Double(i) / 10
    }
    let rates: [Int?] = (0..<points).map { (i: Int) -> Int? in i % 3 == 0 ? nil : 100 + i % 50 }
    #expect(stored.map(\.longitude) == longitudes)
    #expect(stored.map(\.time) == times)
    #expect(stored.map(\.elevation) == elevations)
    #expect(stored.map(\.heartRate) == rates)
    let other = try store.trackPoints(sessionId: 2)
    #expect(other.map(\.latitude) == [-33.9, -33.91] && other.map(\.elevation) == [nil, 3])
    let chunks = try queue.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT session_id, first_seq, segment, point_count, length(points) FROM track_chunk
          ORDER BY session_id, first_seq
          """
      ).map { [$0[0], $0[1], $0[2], $0[3], $0[4]] as [Int] }
    }
    // 34 bytes a point (PackedPoint).
    #expect(
      chunks == [
        [1, 0, 0, 1000, 34_000], [1, 1000, 0, 500, 17_000], [1, 1500, 1, 1000, 34_000],
        [1, 2500, 1, 3, 102], [2, 0, 0, 2, 68],
      ])
    #expect(try queue.read { try $0.tableExists("track_point") } == false)
    // Deleting a session deletes its chunks (the foreign key cascades).
    try store.deleteSession(id: 1)
    #expect(try store.trackPoints(sessionId: 1).isEmpty)
    #expect(try store.trackPoints(sessionId: 2).count == 2)
  }

  /// The packed layout, byte for byte as python's `struct.pack('<qdddH', …)` writes it:
  /// `1770553800500, 45.1, 13.9, 210.5, 120` and `-2**63, 45.2, 13.8, nan, 0` (no time, no
  /// elevation, no heart rate).
  @Test("a packed point is 34 little-endian bytes, absent fields as their markers")
  func packedLayout() throws {
    let points = [
      TrackPoint(
        time: Instant(millisecondsSinceEpoch: 1_770_553_800_500), latitude: 45.1, longitude: 13.9,
        elevation: 210.5, heartRate: 120),
      TrackPoint(time: nil, latitude: 45.2, longitude: 13.8, elevation: nil),
    ]
    let packed = PackedPoint.pack(points[...])
    let hex = packed.map { String(format: "%02x", $0) }.joined()
    #expect(
      hex
        == "34f73a3d9c010000cdcccccccc8c4640cdcccccccccc2b400000000000506a407800"
        + "00000000000000809a999999999946409a99999999992b40000000000000f87f0000")
    let read = packed.withUnsafeBytes { bytes in
      [PackedPoint.unpack(bytes, at: 0), PackedPoint.unpack(bytes, at: PackedPoint.size)]
    }
    #expect(read == points)
  }
}
