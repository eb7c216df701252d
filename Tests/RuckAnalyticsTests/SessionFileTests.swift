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
    // 2026-02-08T12:30:00Z = 1,770,553,800 s after the epoch (python's datetime).
    #expect(sessions[0].startedAt == Instant(millisecondsSinceEpoch: 1_770_553_800_000))
    #expect(sessions[0].distanceMeters == 8046.72)
    #expect(sessions[0].movingSeconds == 5400)
    #expect(sessions[0].terrain == .trail)
    #expect(sessions[0].temperatureC == -2)
    #expect(sessions[0].notes == "cold, windy")
    #expect(sessions[0].calories == nil)  // no body weight known
    // Defaults: 12:00 UTC, no load; given calories are kept.
    // 2026-02-10T12:00:00Z = 1,770,724,800 s after the epoch.
    #expect(sessions[1].startedAt == Instant(millisecondsSinceEpoch: 1_770_724_800_000))
    #expect(sessions[1].loadKg == 0)
    #expect(sessions[1].calories == 512)
    #expect(sessions[1].caloriesSource == .manual)
  }

  @Test("every bad session of a CSV or JSON file is named in one run; nothing is written")
  func allProblems() throws {
    let store = try RuckStore.inMemory()
    let csv = """
      date,duration,distance,load_kg
      2026-02-08,1h,5km,20
      2026-02-09,soon,5km,20
      2026-02-10,1h,far,20
      """
    let error = try #require(throws: TallyError.self) {
      try store.importFile(Data(csv.utf8), fileName: "log.csv")
    }
    #expect(error.source?.line == 3)
    #expect(error.furtherProblems.map(\.source?.line) == [4])
    #expect(error.problemCount == 2)
    let json =
      #"[{"date": "2026-02-08", "duration": "x", "distance": "4km"},"#
      + #" {"date": "2026-02-09", "duration": "1h", "distance": "4km", "lod_kg": 3}]"#
    let jsonError = try #require(throws: TallyError.self) {
      try store.importFile(Data(json.utf8), fileName: "log.json")
    }
    #expect(jsonError.problemCount == 2)
    #expect(try store.sessions().isEmpty)
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
    "bad session records name the file, the record and the field; nothing is stored",
    arguments: [
      ("date,duration,distance\n2026-02-30,1h,5km\n", 2, "date"),
      ("date,duration,distance\n2026-02-08,1x,5km\n", 2, "duration"),
      ("date,duration,distance\n2026-02-08,1h,abc\n", 2, "distance"),
      ("date,duration,distance,terrain\n2026-02-08,1h,5km,lava\n", 2, "terrain"),
      ("date,duration,distance,load_kg\n2026-02-08,1h,5km,-5\n", 2, "load_kg"),
      ("date,duration,distance\n\n2026-02-08,,5km\n", 3, "duration"),
    ] as [(String, Int, String)])
  func bad(text: String, line: Int, field: String) throws {
    let store = try RuckStore.inMemory()
    #expect {
      try store.importFile(Data(text.utf8), fileName: "log.csv")
    } throws: { error in
      let error = error as! TallyError
      return error.source == TallyError.Source("log.csv", line: line) && error.field == field
        && error.category == .badData
    }
    #expect(try store.sessions().isEmpty)
  }

  @Test(
    "bad session files are refused whole",
    arguments: [
      ("log.csv", "date,duration\n2026-02-08,1h\n", "distance is missing: expected the columns"),
      ("log.csv", "date,duration,distance\n", "no sessions"),
      // A column or key Tally does not read is refused, never skipped (issue 30).
      (
        "log.csv", "date,duration,distnce\n2026-02-08,1h,5km\n",
        #"log.csv line 1: column "distnce" is not valid: expected one of date, duration"#
      ),
      ("log.csv", "date,duration,distnce\n2026-02-08,1h,5km\n", "did you mean 'distance'?"),
      (
        "log.json", #"[{"date": "2026-02-08", "duration": "1h", "distance": "5km", "note": "x"}]"#,
        #"key ".[0].note" is not valid: expected one of date, duration, distance, start_time"#
      ),
      ("log.csv", "", "empty"),
      ("log.json", "{}", "JSON array"),
      (
        "log.json", #"[{"date": "2026-02-08", "duration": "1h", "distance": 5}]"#,
        #".[0].distance "5" is not valid: expected a distance with a unit such as 8.2km, in quotes"#
      ),
      (
        "log.json", #"[{"date": "2026-02-08", "duration": -5, "distance": "5km"}]"#, ".[0].duration"
      ),
      ("log.json", #"[{"date": "2026-02-08", "distance": "5km"}]"#, ".[0].duration is missing"),
    ])
  func badFiles(name: String, text: String, named: String) throws {
    let store = try RuckStore.inMemory()
    #expect {
      try store.importFile(Data(text.utf8), fileName: name)
    } throws: { "\($0)".contains(named) && ($0 as? TallyError)?.source?.name == name }
    #expect(try store.sessions().isEmpty)
  }

  @Test("editing re-estimates Pandolf calories; unknown ids are errors") func edit() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(bodyWeightKg: 80)
    let session = try store.logSession(
      start: Instant(millisecondsSinceEpoch: 1_770_000_000_000), duration: 3600, distance: 6000,
      options: SessionOptions(loadKg: 10))
    let heavier = try store.editSession(
      id: session.id!, options: SessionOptions(loadKg: 25, terrain: .sand, notes: "beach")
    ).session
    #expect(heavier.loadKg == 25)
    #expect(heavier.notes == "beach")
    #expect(heavier.caloriesSource == .pandolf)
    #expect(heavier.calories! > session.calories!)
    let unknown = TallyError.notFound("session", "99", expected: "the id of a stored session")
    #expect(throws: unknown) { try store.editSession(id: 99, options: SessionOptions()) }
    #expect(throws: unknown) { try store.deleteSession(id: 99) }
    #expect(throws: unknown) { try store.session(id: 99) }
    #expect(throws: TallyError.self) {
      try store.logSession(start: session.startedAt, duration: 0, distance: 1000)
    }
  }

  /// 3:00 /km is the boundary: 10 km in 1,800 s is 3:00 /km (estimated), in 1,799 s faster
  /// (none). Given calories are kept whatever the speed.
  @Test(
    "no Pandolf estimate faster than 3:00 /km; given calories stay",
    arguments: [(1800.0, nil as Double?, true), (1799, nil, false), (60, 500, true)])
  func fastSessionCalories(seconds: Double, given: Double?, hasCalories: Bool) throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(bodyWeightKg: 80)
    let session = try store.logSession(
      start: Instant(millisecondsSinceEpoch: 1_770_000_000_000), duration: seconds,
      distance: 10_000, calories: given)
    #expect((session.calories != nil) == hasCalories)
    if let given { #expect(session.calories == given) }
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
