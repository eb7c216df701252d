import AnalyticsCore
import Foundation
import GRDB
import Testing

@testable import RuckAnalytics

/// Best efforts (issue 36 §2): the fastest 1 km, mile, 5 km and 10 km inside a track, in moving
/// time. Expected values from a Python recount (haversine on R = 6,371,008.8 m, steps at
/// 1 km/h or faster moving, the start interpolated by distance) over python-fitparse's records
/// and gpxpy's points.
@Suite("Best efforts", .enabled(if: hasTracks, "../shared/data/gpx is missing"))
struct BestEffortTests {
  private func efforts(_ file: String, type: Activity? = nil) throws -> (
    RuckStore, [Double: Double]
  ) {
    let store = try RuckStore.inMemory()
    _ = try store.importFile(
      shared(file), fileName: String(file.split(separator: "/").last!),
      options: SessionOptions(loadKg: 15, activity: type))
    let rows = try store.writer.read { db in
      try Row.fetchAll(db, sql: "SELECT distance_m, seconds FROM best_effort")
    }
    return (
      store, Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as Double, $0[1] as Double) })
    )
  }

  @Test("the Fenix 2 run and Cerknica, as the recount gives them")
  func recount() throws {
    let (_, fenix) = try efforts("fit/activity-small-fenix2-run.fit")
    #expect(Set(fenix.keys) == [1_000, 1_609.344, 5_000])  // 9.01 km: no 10 km
    #expect(abs(fenix[1_000]! - 246.561_496) < 1e-3)
    #expect(abs(fenix[1_609.344]! - 400.098_675) < 1e-3)
    #expect(abs(fenix[5_000]! - 1_305.653_960) < 1e-3)
    let (_, cerknica) = try efforts("gpx/cerknicko-jezero.gpx")
    #expect(Set(cerknica.keys) == [1_000, 1_609.344])
    // Its fastest 1 km is a 99.9 s GPS jump (36 km/h); the fastest not faster than 3:00 /km,
    // the session's best effort, is 705.67 s (the recount leaving out faster stretches).
    #expect(abs(cerknica[1_000]! - 705.674_969) < 1e-3)
    #expect(abs(cerknica[1_609.344]! - 1_358.164_369) < 1e-3)
  }

  @Test("a track without times has none; records name the session and the most elevation")
  func records() throws {
    let (untimed, none) = try efforts("gpx/cerknicko-without-times.gpx")
    #expect(none.isEmpty)
    _ = untimed
    // Imported as a ruck, the Fenix run's efforts are records of their own.
    let (store, _) = try efforts("fit/activity-small-fenix2-run.fit", type: .ruck)
    let records = try store.records(asOf: try LocalDate(parsing: "2026-11-28"), zone: .utc)
    #expect(records.bestEfforts.map(\.name) == ["1 km", "1 mi", "5 km", "10 km"])
    #expect(records.bestEfforts[0].record?.sessionId == 1)
    #expect(abs((records.bestEfforts[2].record?.value ?? 0) - 1_305.653_960) < 1e-3)
    #expect(records.bestEfforts[3].record == nil)
    #expect(records.mostElevationGain?.sessionId == 1)
    // Cerknica's 1 km in 99.9 s (36 km/h, faster than 3:00 /km) is no record; its plausible
    // 705.67 s is slower than the Fenix run's.
    _ = try store.importFile(
      shared("gpx/cerknicko-jezero.gpx"), fileName: "cerknicko-jezero.gpx",
      options: SessionOptions(loadKg: 15, activity: .ruck))
    let both = try store.records(asOf: try LocalDate(parsing: "2026-11-28"), zone: .utc)
    #expect(abs((both.bestEfforts[0].record?.value ?? 0) - 246.561_496) < 1e-3)
    #expect(both.bestEfforts[0].record?.sessionId == 1)
    // Alone, Cerknica has a 1 km record beside its mile (the trial of 2026-11-28 found "fastest
    // 1 km -" beside "fastest 1 mi 0:22:38").
    let (alone, _) = try efforts("gpx/cerknicko-jezero.gpx", type: .ruck)
    let its = try alone.records(asOf: try LocalDate(parsing: "2026-11-28"), zone: .utc)
    #expect(abs((its.bestEfforts[0].record?.value ?? 0) - 705.674_969) < 1e-3)
    #expect(abs((its.bestEfforts[1].record?.value ?? 0) - 1_358.164_369) < 1e-3)
  }

  @Test("ruck-15 makes the stored efforts again, the implausible ones left out")
  func remade() throws {
    let queue = try DatabaseQueue()
    try RuckSchema.migrator.migrate(queue)
    let store = RuckStore(writer: queue)
    _ = try store.importFile(
      shared("gpx/cerknicko-jezero.gpx"), fileName: "cerknicko-jezero.gpx")
    // As a database before ruck-15 holds it: the 99.9 s jump as the 1 km.
    try queue.write { db in
      try db.execute(
        sql: """
          UPDATE best_effort SET seconds = 99.870779 WHERE distance_m = 1000;
          DELETE FROM grdb_migrations WHERE identifier = 'ruck-15-plausible-best-efforts'
          """)
    }
    try RuckSchema.migrator.migrate(queue)
    let seconds = try queue.read { db in
      try Double.fetchOne(db, sql: "SELECT seconds FROM best_effort WHERE distance_m = 1000")
    }
    #expect(abs((seconds ?? 0) - 705.674_969) < 1e-3)
  }

  @Test("ruck-11 makes the efforts of tracks stored before it")
  func migration() throws {
    let queue = try DatabaseQueue()
    try RuckSchema.migrator.migrate(queue)
    let store = RuckStore(writer: queue)
    _ = try store.importFile(
      shared("fit/activity-small-fenix2-run.fit"), fileName: "activity-small-fenix2-run.fit")
    // As a database of ruck-10 holds it: the track, no efforts.
    try queue.write { db in
      try db.execute(
        sql: """
          DROP TABLE best_effort;
          DELETE FROM grdb_migrations WHERE identifier = 'ruck-11-best-efforts'
          """)
    }
    try RuckSchema.migrator.migrate(queue)
    let seconds = try queue.read { db in
      try Double.fetchAll(db, sql: "SELECT seconds FROM best_effort ORDER BY distance_m")
    }
    #expect(seconds.count == 3 && abs(seconds[0] - 246.561_496) < 1e-3)
  }
}
