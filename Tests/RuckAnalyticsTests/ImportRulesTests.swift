import AnalyticsCore
import Foundation
import GRDB
import Testing

@testable import RuckAnalytics

/// 2026-02-08T12:00:00Z (python: datetime(2026, 2, 8, 12, tzinfo=utc).timestamp() = 1770552000).
let noonFeb8 = Instant(millisecondsSinceEpoch: 1_770_552_000_000)
/// A store whose today is 2026-02-08.
func storeOnFeb8() throws -> RuckStore { try RuckStore.inMemory(clock: .fixed(noonFeb8)) }

/// An untimed route: 0.01° of longitude at the equator twice, 2 × 1111.9508 m (python haversine).
let plannedRoute = gpx(
  """
  <trk><trkseg><trkpt lat="0" lon="0"/><trkpt lat="0" lon="0.01"/><trkpt lat="0" lon="0.02"/>
  </trkseg></trk>
  """)

/// Issue 12 leftovers: export → import, the same route on another day, future days.
@Suite("ruck import rules")
struct ImportRulesTests {
  @Test("an exported untimed session imports into a new database as the same session")
  func untimedRoundTrip() throws {
    let store = try storeOnFeb8()
    // 2026-02-07 06:30 UTC = 1770445800 s (python).
    let start = Instant(millisecondsSinceEpoch: 1_770_445_800_000)
    let original = try #require(
      try store.importFile(plannedRoute, fileName: "plan.gpx", options: .init(start: start))
        .sessions.first)
    // Edited to 40 minutes, as a user who timed the walk by hand would.
    let edited = try store.editSession(
      id: original.id!, options: .init(), changes: .init(duration: 2400)
    ).session
    let exported = try store.exportGPX(sessionId: original.id!)
    let copy = try #require(
      try storeOnFeb8().importFile(Data(exported.utf8), fileName: "export.gpx").sessions.first)
    #expect(copy.startedAt == start)
    #expect(copy.endedAt == edited.endedAt)
    #expect(copy.distanceMeters == edited.distanceMeters)
    #expect(copy.elapsedSeconds == 2400 && copy.movingSeconds == 2400)
  }

  @Test("a session's own export imported into the same database is the same recording")
  func exportIntoSameDatabase() throws {
    let store = try storeOnFeb8()
    let start = Instant(millisecondsSinceEpoch: 1_770_445_800_000)  // 2026-02-07 06:30 UTC
    let original = try #require(
      try store.importFile(plannedRoute, fileName: "plan.gpx", options: .init(start: start))
        .sessions.first)
    let exported = try store.exportGPX(sessionId: original.id!)
    let again = try store.importFile(Data(exported.utf8), fileName: "export.gpx")
    #expect(again == .duplicate(previousName: "session \(original.id!)"))
    #expect(try store.sessions().count == 1)
  }

  @Test("an export keeps the session's load, body weight, terrain, weather and notes")
  func detailsRoundTrip() throws {
    let store = try storeOnFeb8()
    let start = Instant(millisecondsSinceEpoch: 1_770_445_800_000)  // 2026-02-07 06:30 UTC
    let combining = "\u{301}"  // a quote or ampersand with it is one Character
    let details = SessionOptions(
      loadKg: 20, bodyWeightKg: 81.5, terrain: .sand, temperatureC: -3.5,
      conditions: "snow & \"wind\"",
      notes: "Two laps.\r\nSecond \"" + combining + " <slower>.\tDone&" + combining + "\u{1}",
      start: start)
    let original = try #require(
      try store.importFile(plannedRoute, fileName: "plan.gpx", options: details).sessions.first)
    let exported = try store.exportGPX(sessionId: original.id!)
    let copy = try #require(
      try storeOnFeb8().importFile(Data(exported.utf8), fileName: "export.gpx").sessions.first)
    #expect(copy.loadKg == 20 && copy.bodyWeightKg == 81.5 && copy.terrain == .sand)
    #expect(copy.temperatureC == -3.5 && copy.conditions == "snow & \"wind\"")
    // A quote or ampersand with a combining mark stays text; a control character XML forbids
    // is left out.
    let notes = "Two laps.\r\nSecond \"" + combining + " <slower>.\tDone&" + combining
    #expect(copy.notes == notes)
    // An option given on import wins over the file's.
    let lighter = try #require(
      try storeOnFeb8().importFile(
        Data(exported.utf8), fileName: "export.gpx", options: .init(loadKg: 10)
      ).sessions.first)
    #expect(lighter.loadKg == 10 && lighter.terrain == .sand)
  }

  @Test("an exported TCX session keeps the device's distance")
  func deviceDistanceRoundTrip() throws {
    let tcx = Data(
      """
      <TrainingCenterDatabase><Activities><Activity Sport="Other"><Lap>\
      <DistanceMeters>1500</DistanceMeters><Calories>250</Calories><Track>
      <Trackpoint><Time>2026-02-08T10:00:00Z</Time><Position><LatitudeDegrees>0</LatitudeDegrees>\
      <LongitudeDegrees>0</LongitudeDegrees></Position></Trackpoint>
      <Trackpoint><Time>2026-02-08T10:10:00Z</Time><Position><LatitudeDegrees>0</LatitudeDegrees>\
      <LongitudeDegrees>0.01</LongitudeDegrees></Position></Trackpoint>
      </Track></Lap></Activity></Activities></TrainingCenterDatabase>
      """.utf8)
    let store = try storeOnFeb8()
    let original = try #require(try store.importFile(tcx, fileName: "w.tcx").sessions.first)
    #expect(original.distanceMeters == 1500)  // the lap's, not the points' 1111.95 m
    let exported = try store.exportGPX(sessionId: original.id!)
    let copy = try #require(
      try storeOnFeb8().importFile(Data(exported.utf8), fileName: "w.gpx").sessions.first)
    #expect(copy.distanceMeters == 1500)
    #expect(copy.startedAt == original.startedAt && copy.elapsedSeconds == 600)
    #expect(copy.movingSeconds == original.movingSeconds)
    // The device's calories too (an estimate would be made again).
    #expect(original.calories == 250 && copy.calories == 250 && copy.caloriesSource == .device)
  }

  @Test("the same untimed route on another day is a new session; on the same day a duplicate")
  func plannedRouteDays() throws {
    let store = try storeOnFeb8()
    let zone = try Zone(identifier: "Europe/Ljubljana")
    func start(_ day: String, _ hour: Int) throws -> Instant {
      zone.instant(
        of: LocalDateTime(
          date: try LocalDate(parsing: day), time: TimeOfDay(hour: hour, minute: 0)!))
    }
    func importing(_ day: String, _ hour: Int) throws -> ImportOutcome {
      try store.importFile(
        plannedRoute, fileName: "plan.gpx", options: .init(start: try start(day, hour), zone: zone))
    }
    #expect(try importing("2026-02-01", 7).sessions.count == 1)
    #expect(try importing("2026-02-02", 7).sessions.count == 1)
    // Same local day, another hour: the same walk imported again.
    #expect(try importing("2026-02-02", 18) == .duplicate(previousName: "plan.gpx"))
    #expect(try store.sessions().count == 2)
    // A timed file stays a duplicate whatever day is given.
    let timed = gpx(
      """
      <trk><trkseg><trkpt lat="0" lon="0"><time>2026-02-08T10:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.01"><time>2026-02-08T10:10:00Z</time></trkpt></trkseg></trk>
      """)
    _ = try store.importFile(timed, fileName: "t.gpx")
    #expect(
      try store.importFile(
        timed, fileName: "t.gpx", options: .init(start: try start("2026-02-03", 7)))
        == .duplicate(previousName: "t.gpx"))
  }

  @Test("a session after today is refused: 64 for what the user typed, 65 for a file's rows")
  func futureDays() throws {
    let store = try storeOnFeb8()
    let feb9 = noonFeb8.adding(seconds: 86_400)
    func refused(_ category: ErrorCategory, _ body: () throws -> Void) {
      #expect {
        try body()
      } throws: { error in
        let error = error as! TallyError
        return error.category == category && error.expected == "a day on or before 2026-02-08"
          && error.value == "2026-02-09"
      }
    }
    refused(.usage) { _ = try store.logSession(start: feb9, duration: 3600, distance: 5000) }
    refused(.usage) {
      _ = try store.importFile(plannedRoute, fileName: "plan.gpx", options: .init(start: feb9))
    }
    refused(.badData) {
      _ = try store.importFile(
        gpx(
          """
          <trk><trkseg><trkpt lat="0" lon="0"><time>2026-02-09T10:00:00Z</time></trkpt>
          <trkpt lat="0" lon="0.01"><time>2026-02-09T10:10:00Z</time></trkpt></trkseg></trk>
          """), fileName: "tomorrow.gpx")
    }
    refused(.badData) {
      _ = try store.importFile(
        Data("date,duration,distance\n2026-02-08,1h,5km\n2026-02-09,1h,5km\n".utf8),
        fileName: "s.csv")
    }
    let today = try store.logSession(start: noonFeb8, duration: 3600, distance: 5000)
    refused(.usage) {
      _ = try store.editSession(
        id: today.id!, options: .init(),
        changes: .init(date: try LocalDate(parsing: "2026-02-09")))
    }
    // The day is read in the session's zone, and so is today: 14:00Z is 23:00 on the 8th in
    // Tokyo (+09:00), where the clock's 12:00Z is the 8th too.
    let tokyo = try Zone(identifier: "Asia/Tokyo")
    #expect(throws: Never.self) {
      _ = try store.logSession(
        start: noonFeb8.adding(seconds: 2 * 3600), duration: 60, distance: 100,
        options: .init(zone: tokyo))
    }
    #expect(try store.sessions().count == 2)
  }

  @Test("runs and rides are kept and reports say how many they left out")
  func otherTypesLeftOut() throws {
    let store = try storeOnFeb8()
    _ = try store.logSession(start: noonFeb8, duration: 3600, distance: 5000)
    _ = try store.logSession(
      start: noonFeb8, duration: 1800, distance: 6000, options: .init(activity: .run))
    _ = try store.logSession(
      start: noonFeb8, duration: 3600, distance: 20000, options: .init(activity: .bike))
    // A walk without load is not a ruck either; with a load it is.
    _ = try store.logSession(
      start: noonFeb8, duration: 3600, distance: 4000, options: .init(activity: .walk))
    _ = try store.logSession(
      start: noonFeb8, duration: 3600, distance: 4000, options: .init(loadKg: 10, activity: .walk))
    let asOf = try LocalDate(parsing: "2026-02-08")
    let report = try store.analytics(period: .thisWeek, asOf: asOf, zone: .utc)
    #expect(report.totals.sessions == 2 && report.sessionsOfOtherTypes == 3)
    #expect(try store.records(asOf: asOf, zone: .utc).sessionsOfOtherTypes == 3)
    #expect(try store.insights(asOf: asOf, zone: .utc).sessionsOfOtherTypes == 3)
    #expect(try store.weekly(weeks: 1, asOf: asOf, zone: .utc).sessionsOfOtherTypes == 3)
    #expect(try store.sessions().map(\.countsAsRuck) == [true, false, false, false, true])
    // Not in the window: a run last month is not counted as left out of this week.
    let report2 = try store.analytics(
      period: .thisWeek, asOf: try LocalDate(parsing: "2026-03-20"), zone: .utc)
    #expect(report2.sessionsOfOtherTypes == 0)
    // All time starts with the first session of any type: a run a year before the first ruck
    // is left out of all time too, as records say (4 of 4 left out).
    _ = try store.logSession(
      start: noonFeb8.adding(seconds: -365 * 86_400), duration: 1800, distance: 6000,
      options: .init(activity: .run))
    let allTime = try store.analytics(period: .allTime, asOf: asOf, zone: .utc)
    #expect(allTime.sessionsOfOtherTypes == 4)
    #expect(allTime.range.start == (try LocalDate(parsing: "2025-02-08")))
    #expect(try store.records(asOf: asOf, zone: .utc).sessionsOfOtherTypes == 4)
  }

  @Test("ruck-6 keeps stored files and ids; the same route imports again on another day")
  func plannedRouteDayMigration() throws {
    let queue = try DatabaseQueue()
    let migrator = RuckAnalyticsModule.migrator
    try migrator.migrate(queue, upTo: "ruck-5-heart-rate")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO source_file (id, name, sha256, format, imported_at)
          VALUES (3, 'a.gpx', 'aaa', 'gpx', 1770552000000),
                 (7, 'b.gpx', 'bbb', 'gpx', 1770552000000);
          INSERT INTO ruck_session (id, started_at, ended_at, elapsed_s, moving_s, distance_m,
            load_kg, calories_source, source_file_id, created_at)
          VALUES (1, 0, 60000, 60, 60, 111, 0, 'none', 7, 0);
          DELETE FROM source_file WHERE id = 3;
          """)
    }
    try migrator.migrate(queue)
    let store = RuckStore(writer: queue, clock: .fixed(noonFeb8))
    #expect(try store.sourceFileNames() == [7: "b.gpx"])
    #expect(try store.session(id: 1).sourceFileId == 7)
    let file = try queue.read { db in try SourceFile.fetchOne(db, key: 7) }
    #expect(file?.sha256 == "bbb" && file?.plannedDay == nil)
    // The AUTOINCREMENT counter is kept: deleted file 3 is below it, the next file is 8.
    _ = try store.importFile(plannedRoute, fileName: "plan.gpx", options: .init(start: noonFeb8))
    let ids = try queue.read { db in
      try Int64.fetchAll(db, sql: "SELECT id FROM source_file ORDER BY id")
    }
    #expect(ids == [7, 8])
    // The unique index holds content and day together.
    #expect(throws: (any Error).self) {
      try queue.write { db in
        try db.execute(
          sql: """
            INSERT INTO source_file (name, sha256, format, imported_at, planned_day)
            SELECT name, sha256, format, imported_at, planned_day FROM source_file WHERE id = 8
            """)
      }
    }
  }
}
