import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

/// `ruck-cli export` / `import` of a whole database (issue 36 §4): real files from
/// ../shared/data, a hand-logged session and a profile; the point counts are the files' own
/// (`<trkpt` elements; python-fitparse's records with a position and with a heart rate).
@Suite(
  "Backup: export, import into an empty database, export again",
  .enabled(if: hasTracks, "../shared/data/gpx is missing"))
struct BackupTests {
  private let files = [
    "gpx/cerknicko-jezero.gpx", "gpx/track-with-empty-segment.gpx",
    "fit/activity-small-fenix2-run.fit", "tcx/no_hr.tcx",
  ]

  private func filled() throws -> RuckStore {
    let store = try RuckStore.inMemory(
      clock: .fixed(Instant(millisecondsSinceEpoch: 1_795_000_000_123)))
    _ = try store.updateProfile(
      bodyWeightKg: 82.5, units: .imperial, minRucksPerWeek: 3, maxHeartRate: 186,
      restingHeartRate: 52, birthYear: 1984)
    try store.setGoal(.week, .distance, target: 25_000)
    try store.setGoal(.month, .elevation, target: 2_000.5)
    _ = try store.addGear(name: "GR1 26L", kind: .pack, retireAtMeters: 1_000_000, isDefault: true)
    _ = try store.addGear(name: "Old boots", kind: .boots)
    _ = try store.retireGear(name: "Old boots", on: try LocalDate(parsing: "2026-01-01"))
    for file in files {
      _ = try store.importFile(
        shared(file), fileName: String(file.split(separator: "/").last!),
        options: SessionOptions(loadKg: 15.5, terrain: .trail, zone: .utc))
    }
    _ = try store.logSession(
      start: Instant(millisecondsSinceEpoch: 1_794_900_000_000), duration: 5_400,
      distance: 8_000.25,
      options: SessionOptions(loadKg: 20, notes: "by hand, \"quoted\"", zone: .utc))
    return store
  }

  @Test("the same bytes again, every point and every field kept")
  func roundTrip() throws {
    let backup = try filled().exportBackup()
    let restored = try RuckStore.inMemory()
    let summary = try restored.restoreBackup(backup, name: "all.json")
    #expect(summary.keptIds && summary.profileRestored)
    #expect(summary.sessionsRestored == 5 && summary.filesRestored == 4)
    #expect(summary.goalsRestored == 2 && summary.gearRestored == 2)
    // The pack went on the rucks among them (the Fenix run and the TCX run got none).
    let restoredGear = try restored.gear()
    #expect(restoredGear.map(\.item.name) == ["GR1 26L", "Old boots"])
    #expect(restoredGear.map(\.sessions) == (try filled().gear().map(\.sessions)))
    #expect(restoredGear[0].sessions > 0 && restoredGear[1].item.retiredOn != nil)
    #expect(try restored.exportBackup() == backup)

    // Read back independently of the code that wrote it.
    let json = try #require(try JSONSerialization.jsonObject(with: backup) as? [String: Any])
    let sessions = try #require(json["sessions"] as? [[String: Any]])
    let tracks = sessions.map { ($0["track"] as? [[[String: Any]]]) ?? [] }
    let counts = tracks.map { $0.reduce(0) { $0 + $1.count } }
    // Cerknica 296 <trkpt>, the empty-segment file 9, the Fenix 2,809 records with a position.
    #expect(counts.contains(296) && counts.contains(9) && counts.contains(2_809))
    let fenix = try #require(tracks.first { $0.reduce(0) { $0 + $1.count } == 2_809 })
    #expect(fenix.joined().filter { $0["hr"] is Int }.count == 2_808)
    let byHand = try #require(sessions.first { $0["source_file_id"] is NSNull })
    #expect(byHand["notes"] as? String == "by hand, \"quoted\"")
    #expect(byHand["distance_m"] as? Double == 8_000.25)
    let profile = try #require(json["profile"] as? [String: Any])
    #expect(
      profile["units"] as? String == "imperial" && profile["body_weight_kg"] as? Double == 82.5)

    // The same backup again adds nothing and says what was there; a file of it is still known.
    let again = try restored.restoreBackup(backup, name: "all.json")
    #expect(again.sessionsRestored == 0 && again.sessionsPresent == 5)
    #expect(again.filesPresent == 4 && !again.profileRestored && !again.keptIds)
    let gpx = try restored.importFile(shared(files[0]), fileName: "cerknicko-jezero.gpx")
    guard case .duplicate = gpx else {
      Issue.record("the restored file's record did not recognise its GPX")
      return
    }
  }

  @Test("into a database with sessions: new ones get new ids, the profile there is kept")
  func intoAnother() throws {
    let backup = try filled().exportBackup()
    let other = try RuckStore.inMemory()
    _ = try other.updateProfile(bodyWeightKg: 70)
    _ = try other.logSession(
      start: Instant(millisecondsSinceEpoch: 1_700_000_000_000), duration: 3_600, distance: 5_000)
    let summary = try other.restoreBackup(backup, name: "all.json")
    #expect(summary.sessionsRestored == 5 && !summary.keptIds && !summary.profileRestored)
    #expect(summary.sessionIds == [2, 3, 4, 5, 6])
    #expect(try other.profile().bodyWeightKg == 70)
    #expect(try other.sessions().count == 6)

    // A database holding only gear of the same name: that item is the same, the rest restored.
    let geared = try RuckStore.inMemory()
    _ = try geared.addGear(name: "GR1 26L", kind: .pack)
    let onto = try geared.restoreBackup(backup, name: "all.json")
    #expect(!onto.keptIds && onto.gearPresent == 1 && onto.gearRestored == 1)
    #expect(onto.sessionsRestored == 5 && onto.goalsRestored == 2)
    // The pack is the database's own item, which is no default there.
    #expect(try geared.gear().filter(\.item.isDefault).map(\.item.name) == [])
  }

  /// The trial of 2026-11-28: "present" meant the same start and distance, so a 5 km run
  /// logged at 12:00 hid the 5 km ruck logged at 12:00 that day from a restore; and a backup
  /// holding the same hand log twice lost the second, found "present" as the first went in.
  @Test("present means the same session: type, duration and load too; twins both restored")
  func presentIsTheSameSession() throws {
    let noon = Instant(millisecondsSinceEpoch: 1_770_638_400_000)  // 2026-02-09T12:00:00Z
    let source = try RuckStore.inMemory()
    _ = try source.logSession(
      start: noon, duration: 3_600, distance: 5_000, options: SessionOptions(loadKg: 20))
    for _ in 0..<2 {
      _ = try source.logSession(
        start: noon.adding(seconds: 86_400), duration: 1_800, distance: 3_000)
    }
    let backup = try source.exportBackup()
    let other = try RuckStore.inMemory()
    _ = try other.logSession(
      start: noon, duration: 2_700, distance: 5_000, options: SessionOptions(activity: .run))
    let summary = try other.restoreBackup(backup, name: "all.json")
    #expect(summary.sessionsRestored == 3 && summary.sessionsPresent == 0)
    #expect(try other.sessions().count == 4)
    // Restored again: the three are present, the run untouched.
    let again = try other.restoreBackup(backup, name: "all.json")
    #expect(again.sessionsRestored == 0 && again.sessionsPresent == 3)
    #expect(try other.sessions().count == 4)
    // A database holding one of the twins: it stands for one of them, the other is restored.
    let oneTwin = try RuckStore.inMemory()
    _ = try oneTwin.logSession(
      start: noon.adding(seconds: 86_400), duration: 1_800, distance: 3_000)
    let twins = try oneTwin.restoreBackup(backup, name: "all.json")
    #expect(twins.sessionsPresent == 1 && twins.sessionsRestored == 2)
    #expect(try oneTwin.sessions().count == 3)
    // An imported session edited since the backup is still the file's session: present.
    let imported = try RuckStore.inMemory()
    let walk = try #require(
      try imported.importFile(
        shared("gpx/cerknicko-jezero.gpx"), fileName: "cerknicko-jezero.gpx"
      ).sessions.first)
    let before = try imported.exportBackup()
    _ = try imported.editSession(
      id: walk.id!, options: SessionOptions(loadKg: 12, activity: .hike))
    let edited = try imported.restoreBackup(before, name: "all.json")
    #expect(edited.sessionsPresent == 1 && edited.sessionsRestored == 0)
    #expect(try imported.sessions().count == 1)
    // A database with goals keeps them and says the backup's were not restored.
    try source.setGoal(.week, .distance, target: 20_000)
    try other.setGoal(.month, .distance, target: 80_000)
    let goals = try other.restoreBackup(try source.exportBackup(), name: "all.json")
    #expect(goals.goalsRestored == 0 && goals.goalsNotRestored == 1)
  }

  @Test("a bad backup is refused whole, every bad record named; nothing is written")
  func refused() throws {
    var json = try #require(
      try JSONSerialization.jsonObject(with: try filled().exportBackup()) as? [String: Any])
    var sessions = try #require(json["sessions"] as? [[String: Any]])
    sessions[0]["activity"] = "rukk"
    sessions[1]["started_at"] = "yesterday"
    json["sessions"] = sessions
    let bad = try JSONSerialization.data(withJSONObject: json)
    let store = try RuckStore.inMemory()
    let error = try #require(throws: TallyError.self) {
      try store.restoreBackup(bad, name: "bad.json")
    }
    #expect(error.problemCount == 2)
    #expect(error.description.contains("sessions[0] (id 1): activity 'rukk'"))
    #expect(try store.sessions().isEmpty)

    let misspelt = Data(
      String(decoding: try filled().exportBackup(), as: UTF8.self)
        .replacingOccurrences(of: "\"load_kg\"", with: "\"load_kgs\"").utf8)
    let unknown = try #require(throws: TallyError.self) {
      try store.restoreBackup(misspelt, name: "bad.json")
    }
    #expect(unknown.description.contains("load_kgs"))
    #expect(try store.sessions().isEmpty)
  }
}
