import AnalyticsCore
import Foundation
import RuckAnalytics
import Testing

@Suite("Sessions without tracks, editing and the profile")
struct SessionFileTests {
  @Test("CSV sessions: units, defaults, local start times") func csv() throws {
    let store = try RuckStore.inMemory()
    let text = """
      date,start_time,duration,distance,load_kg,terrain,temperature_c,calories,notes,time_zone
      2026-02-08,06:30,1h30m,5mi,20,trail,-2,,"cold, windy",America/Chicago
      2026-02-10,,90,8km,,,,512,,
      """
    guard case .imported(let sessions) = try store.importFile(Data(text.utf8), fileName: "log.csv")
    else {
      Issue.record("not imported")
      return
    }
    #expect(sessions.count == 2)
    // 06:30 in Chicago (UTC−6) is 12:30 UTC.
    #expect(sessions[0].startedAt == ISO8601DateFormatter().date(from: "2026-02-08T12:30:00Z"))
    #expect(sessions[0].distanceMeters == 8046.72)
    #expect(sessions[0].movingSeconds == 5400)
    #expect(sessions[0].terrain == .trail)
    #expect(sessions[0].temperatureC == -2)
    #expect(sessions[0].notes == "cold, windy")
    #expect(sessions[0].calories == nil)  // no body weight known
    // Defaults: 12:00 UTC, no load; given calories are kept.
    #expect(sessions[1].startedAt == ISO8601DateFormatter().date(from: "2026-02-10T12:00:00Z"))
    #expect(sessions[1].loadKg == 0)
    #expect(sessions[1].calories == 512)
    #expect(sessions[1].caloriesSource == .manual)
  }

  @Test("JSON sessions") func json() throws {
    let store = try RuckStore.inMemory()
    let text = #"[{"date": "2026-02-08", "duration": "45m", "distance": "4km", "load_kg": 15}]"#
    guard case .imported(let sessions) = try store.importFile(Data(text.utf8), fileName: "log.json")
    else {
      Issue.record("not imported")
      return
    }
    #expect(sessions[0].loadKg == 15)
    #expect(sessions[0].paceSecondsPerKm == 675)  // 2700 s / 4 km
  }

  @Test(
    "bad session records name the record and field; nothing is stored",
    arguments: [
      ("date,duration,distance\n2026-02-30,1h,5km\n", "line 2, field date"),
      ("date,duration,distance\n2026-02-08,1x,5km\n", "line 2, field duration"),
      ("date,duration,distance\n2026-02-08,1h,abc\n", "line 2, field distance"),
      ("date,duration,distance,terrain\n2026-02-08,1h,5km,lava\n", "line 2, field terrain"),
      ("date,duration,distance,load_kg\n2026-02-08,1h,5km,-5\n", "line 2, field load_kg"),
      ("date,duration\n2026-02-08,1h\n", "line 2, field distance: missing"),
      ("date,duration,distance\n", "no sessions"),
      ("", "empty"),
    ])
  func bad(text: String, named: String) throws {
    let store = try RuckStore.inMemory()
    #expect {
      try store.importFile(Data(text.utf8), fileName: "log.csv")
    } throws: { "\($0)".contains(named) }
    #expect(try store.sessions().isEmpty)
    #expect {
      try store.importFile(Data("{}".utf8), fileName: "log.json")
    } throws: { "\($0)".contains("JSON array") }
  }

  @Test("editing re-estimates Pandolf calories; unknown ids are errors") func edit() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(bodyWeightKg: 80)
    let session = try store.logSession(
      start: Date(timeIntervalSince1970: 1_770_000_000), duration: 3600, distance: 6000,
      options: SessionOptions(loadKg: 10))
    let heavier = try store.editSession(
      id: session.id!, options: SessionOptions(loadKg: 25, terrain: .sand, notes: "beach"))
    #expect(heavier.loadKg == 25)
    #expect(heavier.notes == "beach")
    #expect(heavier.caloriesSource == .pandolf)
    #expect(heavier.calories! > session.calories!)
    #expect(throws: RuckError.self) { try store.editSession(id: 99, options: SessionOptions()) }
    #expect(throws: RuckError.self) { try store.deleteSession(id: 99) }
    #expect(throws: RuckError.self) { try store.session(id: 99) }
    #expect(throws: TallyError.self) {
      try store.logSession(start: Date(), duration: 0, distance: 1000)
    }
  }

  @Test("profile bounds") func profile() throws {
    let store = try RuckStore.inMemory()
    #expect(try store.profile() == RuckProfile())
    #expect(throws: TallyError.self) { try store.updateProfile(bodyWeightKg: 5) }
    #expect(throws: TallyError.self) { try store.updateProfile(minRucksPerWeek: 0) }
    let updated = try store.updateProfile(units: .imperial)
    #expect(updated.units == .imperial)
    #expect(updated.minRucksPerWeek == 2)
  }
}
