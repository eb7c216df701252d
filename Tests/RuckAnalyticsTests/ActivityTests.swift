import AnalyticsCore
import Foundation
import GRDB
import Testing

@testable import RuckAnalytics

private func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }
private func at(_ text: String) -> Instant {
  Zone.utc.instant(of: try! LocalDateTime(parsing: text))
}

@Suite("Activity types and what reports count")
struct ActivityTests {
  @Test(
    "a file's sport",
    arguments: [
      ("Running", Activity.run), ("running", .run), ("Hiking", .hike), ("walking", .walk),
      ("Biking", .bike), ("cycling", .bike), ("ruck", .ruck), ("example type t", .other),
      ("9", .other),
    ])
  func fileSport(text: String, activity: Activity) {
    #expect(Activity(fileSport: text) == activity)
  }

  @Test("TCX Other and an empty type say nothing") func noSport() {
    #expect(Activity(fileSport: "Other") == nil)
    #expect(Activity(fileSport: "") == nil)
  }

  @Test("reports count rucks, and hikes and walks under load") func counted() throws {
    let store = try RuckStore.inMemory()
    // Mon 2026-02-02 … Sat 02-07, one a day, 1 h each:
    // ruck 5 km 10 kg ✓, run 12 km ✗, bike 30 km ✗, walk 4 km no load ✗, walk 4 km 5 kg ✓,
    // hike 8 km 0 kg ✗.
    let sessions: [(String, Double, Double, Activity)] = [
      ("2026-02-02", 5000, 10, .ruck), ("2026-02-03", 12_000, 0, .run),
      ("2026-02-04", 30_000, 0, .bike), ("2026-02-05", 4000, 0, .walk),
      ("2026-02-06", 4000, 5, .walk), ("2026-02-07", 8000, 0, .hike),
    ]
    for (date, metres, load, activity) in sessions {
      _ = try store.logSession(
        start: at(date + " 07:00"), duration: 3600, distance: metres,
        options: SessionOptions(loadKg: load, activity: activity))
    }
    let asOf = day("2026-02-08")
    let report = try store.analytics(period: .lastWeek, asOf: day("2026-02-09"), zone: .utc)
    #expect(report.totals.sessions == 2)
    #expect(report.totals.distanceMeters == 9000)  // 5 km + 4 km
    #expect(report.totals.weightMovedKgKm == 70)  // 10 × 5 + 5 × 4
    let records = try store.records(asOf: asOf, zone: .utc)
    #expect(records.longestDistance?.sessionId == 1)  // not the 30 km ride or the 12 km run
    #expect(records.fastestPace?.value == 720)  // 3600 s / 5 km
    let streak = try store.streak(asOf: asOf, zone: .utc)
    #expect(streak.thisWeekSessions == 2)
    #expect(try store.sessions().count == 6)  // all kept and listed
  }

  @Test(
    "the car drive is flagged, kept, and sets no record until confirmed",
    .enabled(if: hasTracks, "../shared/data/gpx is missing"))
  func carDrive() throws {
    let store = try RuckStore.inMemory()
    let walk = try store.logSession(
      start: at("2026-02-02 07:00"), duration: 3600, distance: 5000)
    let outcome = try store.importFile(
      try shared("gpx/around-visnjan-with-car.gpx"), fileName: "around-visnjan-with-car.gpx")
    let car = try #require(outcome.sessions.first)
    // gpxpy: 2736.3 m; the drive lasts minutes, far under 3:00 /km.
    #expect(car.activity == .ruck)
    #expect(car.implausibility == .tooFast)
    #expect(car.recordStatus == .unconfirmed)
    let asOf = day("2026-02-08")
    var records = try store.records(asOf: asOf, zone: .utc)
    #expect(records.fastestPace?.sessionId == walk.id)
    #expect(records.highestCalories?.sessionId != car.id)
    // Nor does it skew insights: one pace bin, the walk's 3600 s / 5 km = 720 s/km.
    let insights = try store.insights(asOf: asOf, zone: .utc)
    #expect(insights.paceDistribution.map(\.sessions).reduce(0, +) == 1)
    #expect(insights.paceDistribution.first?.from == 720)
    let confirmed = try store.editSession(
      id: car.id!, options: SessionOptions(), changes: SessionChanges(recordStatus: .counted))
    #expect(confirmed.session.recordStatus == .counted)
    records = try store.records(asOf: asOf, zone: .utc)
    #expect(records.fastestPace?.sessionId == car.id)
    // Excluding it, or calling it what it was, takes it out again.
    _ = try store.editSession(
      id: car.id!, options: SessionOptions(activity: .other),
      changes: SessionChanges(recordStatus: .excluded))
    records = try store.records(asOf: asOf, zone: .utc)
    #expect(records.fastestPace?.sessionId == walk.id)
  }

  @Test(
    "the type comes from the file: TCX Sport, GPX <type>; the user's option wins",
    .enabled(if: hasTracks, "../shared/data/gpx is missing"))
  func fromFile() throws {
    let store = try RuckStore.inMemory()
    let tcx = try store.importFile(try shared("tcx/no_hr.tcx"), fileName: "no_hr.tcx")
    #expect(tcx.sessions.first?.activity == .run)  // Sport="Running"
    let hike = gpx(
      """
      <trk><name>x</name><type>Hiking</type><trkseg>
      <trkpt lat="0" lon="0"><time>2026-02-08T10:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.01"><time>2026-02-08T10:15:00Z</time></trkpt>
      </trkseg></trk>
      """)
    #expect(try store.importFile(hike, fileName: "h.gpx").sessions.first?.activity == .hike)
    let again = try RuckStore.inMemory().importFile(
      hike, fileName: "h.gpx", options: SessionOptions(activity: .ruck))
    #expect(again.sessions.first?.activity == .ruck)
  }

  @Test(
    "the 466 km route is flagged too long, kept, and sets no record",
    .enabled(if: hasTracks, "../shared/data/gpx is missing"))
  func longRoute() throws {
    let store = try RuckStore.inMemory()
    let walk = try store.logSession(start: at("2026-02-02 07:00"), duration: 3600, distance: 5000)
    let outcome = try store.importFile(
      try shared("gpx/gpx1.0_with_all_fields.gpx"), fileName: "g.gpx",
      options: SessionOptions(start: at("2026-02-03 07:00")))
    let route = try #require(outcome.sessions.first)
    #expect(route.implausibility == .tooLong)  // gpxpy: 467,240.8 m > 250,000 m
    #expect(route.recordStatus == .unconfirmed)
    let records = try store.records(asOf: day("2026-02-08"), zone: .utc)
    #expect(records.longestDistance?.sessionId == walk.id)
  }

  @Test("ruck-4 flags stored sessions on foot longer than 250 km") func longMigration() throws {
    let queue = try DatabaseQueue()
    let migrator = RuckAnalyticsModule.migrator
    try migrator.migrate(queue, upTo: "ruck-3-activity-and-record-status")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO ruck_session (id, started_at, ended_at, elapsed_s, moving_s, distance_m,
            load_kg, calories_source, created_at, activity)
          VALUES (1, 0, 0, 0, 0, 466000, 0, 'none', 0, 'ruck'),
                 (2, 0, 0, 0, 0, 466000, 0, 'none', 0, 'bike'),
                 (3, 0, 0, 0, 0, 250000, 0, 'none', 0, 'walk')
          """)
    }
    try migrator.migrate(queue)
    let sessions = try RuckStore(writer: queue).sessions()
    // A ride may go that far; exactly 250 km is not over the line.
    #expect(sessions.map(\.recordStatus) == [.unconfirmed, .counted, .counted])
  }

  @Test("ruck-3 flags the stored sessions faster than 3:00 /km and calls every one a ruck")
  func migration() throws {
    let queue = try DatabaseQueue()
    let migrator = RuckAnalyticsModule.migrator
    try migrator.migrate(queue, upTo: "ruck-2-instants-as-milliseconds")
    try queue.write { db in
      // 2736 m in 300 s = 109.6 s/km (flagged); 5000 m in 3600 s = 720 s/km; untimed.
      try db.execute(
        sql: """
          INSERT INTO ruck_session (id, started_at, ended_at, elapsed_s, moving_s, distance_m,
            load_kg, calories_source, created_at)
          VALUES (1, 0, 300000, 300, 300, 2736, 0, 'none', 0),
                 (2, 0, 3600000, 3600, 3600, 5000, 0, 'none', 0),
                 (3, 0, 0, 0, 0, 4000, 0, 'none', 0)
          """)
    }
    try migrator.migrate(queue)
    let sessions = try RuckStore(writer: queue).sessions()
    #expect(sessions.map(\.recordStatus) == [.unconfirmed, .counted, .counted])
    #expect(sessions.map(\.activity) == [.ruck, .ruck, .ruck])
  }
}

@Suite("Editing a session's measures")
struct SessionEditTests {
  @Test("day, start, duration and distance; the session moves whole") func measures() throws {
    let store = try RuckStore.inMemory()
    let session = try store.logSession(
      start: at("2026-02-08 07:00"), duration: 3600, distance: 5000)
    var edited = try store.editSession(
      id: session.id!, options: SessionOptions(), changes: SessionChanges(date: day("2026-02-07")))
    #expect(edited.session.startedAt == at("2026-02-07 07:00"))
    #expect(edited.session.endedAt == at("2026-02-07 08:00"))  // the hour stays
    #expect(edited.trackMeasuresOverridden.isEmpty)  // no track
    let chicago = try Zone(identifier: "America/Chicago")
    // 06:15 in Chicago (UTC−6) on the session's Chicago day (02-07, as 07:00Z is 01:00 there).
    edited = try store.editSession(
      id: session.id!, options: SessionOptions(),
      changes: SessionChanges(time: TimeOfDay(hour: 6, minute: 15)!, zone: chicago))
    #expect(edited.session.startedAt == at("2026-02-07 12:15"))
    edited = try store.editSession(
      id: session.id!, options: SessionOptions(),
      changes: SessionChanges(duration: 5400, distance: 6000))
    #expect(edited.session.elapsedSeconds == 5400 && edited.session.movingSeconds == 5400)
    #expect(edited.session.endedAt == at("2026-02-07 13:45"))  // 12:15 + 1 h 30 min
    #expect(edited.session.paceSecondsPerKm == 900)  // 5400 s / 6 km
    #expect(throws: TallyError.self) {
      try store.editSession(
        id: session.id!, options: SessionOptions(), changes: SessionChanges(distance: 0))
    }
  }

  @Test("a tracked session keeps its track's measures unless overridden, and says which were")
  func tracked() throws {
    let store = try RuckStore.inMemory()
    let data = gpx(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"><time>2026-02-08T10:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.01"><time>2026-02-08T10:15:00Z</time></trkpt>
      </trkseg></trk>
      """)
    let session = try #require(try store.importFile(data, fileName: "t.gpx").sessions.first)
    let notes = try store.editSession(
      id: session.id!, options: SessionOptions(notes: "windy"))
    #expect(notes.trackMeasuresOverridden.isEmpty)
    #expect(notes.session.distanceMeters == session.distanceMeters)
    #expect(notes.session.elapsedSeconds == 900)
    let distance = try store.editSession(
      id: session.id!, options: SessionOptions(), changes: SessionChanges(distance: 1500))
    #expect(distance.trackMeasuresOverridden == [.distance])
    #expect(distance.session.distanceMeters == 1500)
    #expect(distance.session.elapsedSeconds == 900)  // the track's time stays
    #expect(try store.trackPoints(sessionId: session.id!).count == 2)
  }
}
