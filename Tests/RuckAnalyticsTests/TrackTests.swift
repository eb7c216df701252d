import AnalyticsCore
import Foundation
import RuckAnalytics
import Testing

let sharedData = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("shared/data")
let hasTracks = FileManager.default.fileExists(
  atPath: sharedData.appendingPathComponent("gpx").path)

func shared(_ path: String) throws -> Data {
  try Data(contentsOf: sharedData.appendingPathComponent(path))
}

func gpx(_ body: String) -> Data {
  Data(
    ("<?xml version=\"1.0\"?><gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
      + body + "</gpx>").utf8)
}

@Suite("GPX and TCX import", .enabled(if: hasTracks, "../shared/data/gpx is missing"))
struct SharedTrackTests {
  // Reference lengths from gpxpy 1.6 `length_2d()` (run here with `pip install gpxpy`).
  @Test(
    "distances agree with gpxpy within 0.5%",
    arguments: [
      ("gpx/cerknicko-jezero.gpx", 4580.137), ("gpx/cerknicko-without-times.gpx", 4580.137),
      ("gpx/around-visnjan-with-car.gpx", 2736.300), ("gpx/track-with-empty-segment.gpx", 85.949),
      ("gpx/route.gpx", 6690.394),
    ])
  func distances(path: String, gpxpy: Double) throws {
    let store = try RuckStore.inMemory()
    // route.gpx is a planned route without times: the day is given, as with --date.
    let outcome = try store.importFile(
      try shared(path), fileName: (path as NSString).lastPathComponent,
      options: SessionOptions(start: Instant(millisecondsSinceEpoch: 1_770_000_000_000)))
    guard case .imported(let sessions) = outcome else {
      Issue.record("not imported")
      return
    }
    #expect(
      abs(sessions[0].distanceMeters - gpxpy) / gpxpy < 0.005, "\(sessions[0].distanceMeters)")
  }

  @Test("cerknicko-jezero: 8 tracks as segments, elapsed time, moving time, climb") func cerknicko()
    throws
  {
    let store = try RuckStore.inMemory()
    guard
      case .imported(let sessions) = try store.importFile(
        try shared("gpx/cerknicko-jezero.gpx"), fileName: "cerknicko-jezero.gpx")
    else {
      Issue.record("not imported")
      return
    }
    let session = sessions[0]
    // gpxpy time bounds: 14:23:59 to 16:23:49 = 7190 s.
    #expect(session.elapsedSeconds == 7190)
    // 2010-08-05T14:23:59Z is 1,281,018,239 s after the epoch (python's datetime).
    #expect(session.startedAt == Instant(millisecondsSinceEpoch: 1_281_018_239_000))
    #expect(session.movingSeconds > 0 && session.movingSeconds < session.elapsedSeconds)
    #expect(try store.trackPoints(sessionId: session.id!).count == 296)
    // 8 tracks of one segment each; the first segment is empty (gpxpy: 0, 173, 52, 2, 44, 2, 2, 21).
    #expect(Set(try store.trackPoints(sessionId: session.id!).map(\.segment)).count == 7)
    // gpxpy (smoothing only) reports 223.46 m up; the 2 m dead band may only remove noise.
    let gain = try #require(session.elevationGainMeters)
    #expect(gain <= 223.46 + 0.01 && gain > 150)
  }

  @Test("TCX: the device's lap distance and calories") func tcx() throws {
    let store = try RuckStore.inMemory()
    guard
      case .imported(let sessions) = try store.importFile(
        try shared("tcx/no_hr.tcx"), fileName: "no_hr.tcx")
    else {
      Issue.record("not imported")
      return
    }
    // Laps: 1609.34399414 + 1609.34399414 + 1470.5546875 m; 94 + 151 + 134 kcal.
    #expect(abs(sessions[0].distanceMeters - 4689.24267578) < 1e-6)
    #expect(sessions[0].calories == 379)
    #expect(sessions[0].caloriesSource == .device)
    #expect(sessions[0].elapsedSeconds == 1992)  // 21:29:53 to 22:03:05
    // 384 trackpoints, one of them without a position.
    #expect(try store.trackPoints(sessionId: sessions[0].id!).count == 383)
  }

  @Test("a partly timed track has unknown durations, pace and calories") func partlyTimed() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(bodyWeightKg: 80)
    guard
      case .imported(let sessions) = try store.importFile(
        try shared("gpx/cerknicko-without-times.gpx"), fileName: "c.gpx",
        options: SessionOptions(loadKg: 20))
    else {
      Issue.record("not imported")
      return
    }
    // Only the last points carry times (gpxpy's bounds: 16:22:52 to 16:23:49);
    // 2010-08-05T16:22:52Z is 1,281,025,372 s after the epoch (python's datetime).
    #expect(sessions[0].startedAt == Instant(millisecondsSinceEpoch: 1_281_025_372_000))
    #expect(sessions[0].elapsedSeconds == 0 && sessions[0].movingSeconds == 0)
    // Its end is its start: the elapsed time is unknown, not the 57 s its timed points span.
    #expect(sessions[0].endedAt == sessions[0].startedAt)
    #expect(sessions[0].paceSecondsPerKm == nil)
    #expect(sessions[0].calories == nil)
  }

  @Test("a one-point track falls back to the file's route") func routeFallback() throws {
    let store = try RuckStore.inMemory()
    guard
      case .imported(let sessions) = try store.importFile(
        try shared("gpx/gpx1.0_with_all_fields.gpx"), fileName: "g.gpx")
    else {
      Issue.record("not imported")
      return
    }
    // gpxpy: the route's length is 467,240.795 m; only some route points have times.
    #expect(abs(sessions[0].distanceMeters - 467_240.795) / 467_240.795 < 0.005)
    #expect(try store.trackPoints(sessionId: sessions[0].id!).count == 5)
    #expect(sessions[0].movingSeconds == 0)
  }

  @Test(
    "files without track or route points are refused",
    arguments: ["gpx/unicode_with_bom.gpx", "gpx/gpx_with_garmin_extension.gpx"])
  func noPoints(path: String) throws {
    let store = try RuckStore.inMemory()
    #expect {
      try store.importFile(try shared(path), fileName: "x.gpx")
    } throws: { "\($0)".contains("no track or route points") }
  }

  @Test("a truncated GPX is refused and nothing is stored") func truncated() throws {
    let store = try RuckStore.inMemory()
    let data = try shared("gpx/cerknicko-jezero.gpx").prefix(10_000)
    #expect {
      try store.importFile(Data(data), fileName: "cut.gpx")
    } throws: { error in
      let error = error as! TallyError
      return error.category == .badData && error.source?.name == "cut.gpx"
        && error.description.contains("truncated")
    }
    #expect(try store.sessions().isEmpty)
  }

  @Test("the same file twice adds nothing") func duplicate() throws {
    let store = try RuckStore.inMemory()
    let data = try shared("gpx/around-visnjan-with-car.gpx")
    _ = try store.importFile(data, fileName: "a.gpx")
    #expect(try store.importFile(data, fileName: "copy.gpx") == .duplicate(previousName: "a.gpx"))
    #expect(try store.sessions().count == 1)
    // Deleting its session forgets the file, so it can come back.
    try store.deleteSession(id: store.sessions()[0].id!)
    guard case .imported = try store.importFile(data, fileName: "a.gpx") else {
      Issue.record("not re-imported")
      return
    }
  }
}

@Suite("Track rules")
struct TrackRuleTests {
  @Test("distance never jumps across a segment gap") func segmentGap() throws {
    // Two segments 1° of longitude apart at the equator; each 0.001° long.
    let store = try RuckStore.inMemory()
    let data = gpx(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"><time>2026-02-08T10:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.001"><time>2026-02-08T10:01:00Z</time></trkpt>
      </trkseg><trkseg>
      <trkpt lat="0" lon="1"><time>2026-02-08T11:00:00Z</time></trkpt>
      <trkpt lat="0" lon="1.001"><time>2026-02-08T11:01:00Z</time></trkpt>
      </trkseg></trk>
      """)
    guard case .imported(let sessions) = try store.importFile(data, fileName: "gap.gpx") else {
      Issue.record("not imported")
      return
    }
    // 2 × (0.001° × π/180 × 6,371,008.8 m) = 2 × 111.195 m.
    #expect(abs(sessions[0].distanceMeters - 2 * 0.001 * .pi / 180 * 6_371_008.8) < 0.001)
    #expect(sessions[0].elapsedSeconds == 3660)
    #expect(sessions[0].movingSeconds == 120)  // the gap between segments is not moving time
  }

  @Test("intervals under 1 km/h are not moving") func moving() throws {
    // 111.2 m in 60 s (6.7 km/h) then 0.11 m in 60 s (0.007 km/h).
    let store = try RuckStore.inMemory()
    let data = gpx(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"><time>2026-02-08T10:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.001"><time>2026-02-08T10:01:00Z</time></trkpt>
      <trkpt lat="0" lon="0.001001"><time>2026-02-08T10:02:00.5Z</time></trkpt>
      </trkseg></trk>
      """)
    guard case .imported(let sessions) = try store.importFile(data, fileName: "m.gpx") else {
      Issue.record("not imported")
      return
    }
    #expect(sessions[0].movingSeconds == 60)
    #expect(sessions[0].elapsedSeconds == 120.5)
  }

  @Test(
    "bad tracks are refused, naming the file",
    arguments: [
      ("not xml at all", "well-formed XML"),
      // Issue 13: a time going back no longer refuses the file (MultiTrackTests); a point out
      // of range still does, in every format (LimitsTests).
      (
        "<gpx><trk><trkseg><trkpt lat=\"0\" lon=\"0\"><ele>-1e308</ele></trkpt><trkpt lat=\"0\" lon=\"0.1\"/></trkseg></trk></gpx>",
        "trkpt elevation"
      ),
      ("<gpx></gpx>", "no track or route points"),
      ("<kml></kml>", "expected a GPX file"),
      ("<gpx><trk><trkseg><trkpt lat=\"91\" lon=\"0\"/></trkseg></trk></gpx>", "valid lat/lon"),
      (
        "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"0\"><time>yesterday</time></trkpt></trkseg></trk></gpx>",
        "ISO 8601"
      ),
      (
        "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"0\"/><trkpt lat=\"2\" lon=\"0\"/></trkseg></trk></gpx>",
        "has no times"
      ),
    ])
  func refuses(text: String, problem: String) throws {
    let store = try RuckStore.inMemory()
    #expect {
      try store.importFile(Data(text.utf8), fileName: "bad.gpx")
    } throws: { error in
      let error = error as! TallyError
      return error.source?.name == "bad.gpx" && error.category == .badData
        && error.description.contains(problem)
    }
    #expect(try store.sessions().isEmpty)
  }

  @Test("a TCX without positions or distance is refused; with lap distance only it imports")
  func tcxWithoutPositions() throws {
    let store = try RuckStore.inMemory()
    let empty = """
      <TrainingCenterDatabase><Activities><Activity><Lap StartTime="2026-02-08T10:00:00Z">
      <TotalTimeSeconds>600</TotalTimeSeconds><Track><Trackpoint><Time>2026-02-08T10:00:00Z</Time></Trackpoint>
      </Track></Lap></Activity></Activities></TrainingCenterDatabase>
      """
    #expect {
      try store.importFile(Data(empty.utf8), fileName: "e.tcx")
    } throws: { "\($0)".contains("neither positions nor a distance") }
    let distanceOnly = empty.replacingOccurrences(
      of: "<Track>", with: "<DistanceMeters>1500</DistanceMeters><Track>"
    ).replacingOccurrences(
      of: "</Track>", with: "<Trackpoint><Time>2026-02-08T10:10:00Z</Time></Trackpoint></Track>")
    guard
      case .imported(let sessions) = try store.importFile(
        Data(distanceOnly.utf8), fileName: "d.tcx")
    else {
      Issue.record("not imported")
      return
    }
    #expect(sessions[0].distanceMeters == 1500)
    #expect(sessions[0].elapsedSeconds == 600)
    #expect(sessions[0].movingSeconds == 600)
  }

  @Test(
    "elevation: smoothing and a 2 m dead band",
    arguments: [
      // Smoothed: 100, 100, 101.5, 103.5, 105, 105 → +3.5 at 103.5, +1.5 left at the end.
      ([100.0, 100, 100, 105, 105, 105], 5.0, 0.0),
      // ±1 m of noise: smoothed 100, 100.4, 100.6, 100.4, 100 never leaves the band.
      ([100, 101, 100, 101, 100], 0, 0),
      // Up 10 then down 10 in 5 m steps: smoothed 100, 105, 107, 105, 101.5, 100 →
      // +5, +2, then −2, −3.5, and −1.5 left at the end.
      ([100, 105, 110, 105, 100, 100], 7, 7),
      ([100], 0, 0),
    ])
  func climb(elevations: [Double], gain: Double, loss: Double) {
    let result = TrackMeasures.climb(elevations)
    #expect(abs(result.gain - gain) < 1e-9)
    #expect(abs(result.loss - loss) < 1e-9)
  }
}

@Suite("Pandolf calories")
struct PandolfTests {
  // 180 lb = 81.6466 kg, 30 lb = 13.6078 kg, 3.5 mph = 1.56464 m/s, flat pavement (η 1):
  // 122.470 + 5.292 + 95.2544 × 1.5 × 2.44810 = 477.557 W → × 3600 / 4184 = 410.90 kcal/h.
  @Test("180 lb body, 30 lb load, 3.5 mph flat: about 410 kcal per hour") func checkValue() {
    let body = 180 * Quantities.kilogramsPerPound
    let load = 30 * Quantities.kilogramsPerPound
    let speed = 3.5 * Quantities.metresPerMile / 3600
    let kcal = Pandolf.kilocalories(
      bodyKg: body, loadKg: load, distance: speed * 3600, moving: 3600, elapsed: 3600, climb: 0,
      terrainFactor: Terrain.pavement.factor)
    #expect(abs(kcal - 410.90) < 0.05, "\(kcal)")
  }

  @Test("terrain factors") func factors() throws {
    #expect(Terrain.allCases.map(\.factor) == [1.0, 1.1, 1.2, 1.1, 2.1, 1.6])
    #expect(throws: TallyError.self) { try Terrain(parsing: "lava") }
    #expect(try Terrain(parsing: "Trail") == .trail)
  }
}

@Suite("Quantities")
struct QuantityTests {
  @Test(
    "distances with units",
    arguments: [("8.2km", 8200.0), ("5.1mi", 8207.6544), ("800m", 800), (" 3 KM", 3000)])
  func distances(text: String, metres: Double) throws {
    #expect(abs(try Quantities.distance(parsing: text) - metres) < 1e-6)
  }

  @Test("bad distances", arguments: ["abc", "-3km", "5", "0km", "km", "3furlongs", "nanmi"])
  func badDistances(text: String) {
    #expect {
      try Quantities.distance(parsing: text)
    } throws: { ($0 as! TallyError).value == text }
  }

  // 1 lb = 0.45359237 kg exactly: 30 lb = 13.6077711 kg, 176 lb = 79.83225712 kg.
  @Test(
    "weights with units",
    arguments: [
      ("30lb", 13.607_771_1), ("13.6kg", 13.6), ("30 lbs", 13.607_771_1),
      (" 176 LB", 79.832_257_12), ("0kg", 0),
    ])
  func weights(text: String, kg: Double) throws {
    #expect(abs(try Quantities.weight(parsing: text) - kg) < 1e-9)
  }

  @Test("bad weights", arguments: ["30", "-3kg", "abc", "kg", "3stone", "nankg"])
  func badWeights(text: String) {
    #expect {
      try Quantities.weight(parsing: text)
    } throws: { ($0 as! TallyError).value == text }
  }

  // 20 kg = 44.09 lb and 400 kg = 881.85 lb: the whole pounds inside are 45 to 881.
  @Test(
    "a weight outside its range names the text as typed and the range in kg and lb",
    arguments: [
      ("1000lb", false), ("44lb", false), ("45lb", true), ("881lb", true), ("882lb", false),
      ("19.9kg", false), ("400kg", true),
    ])
  func weightRange(text: String, accepted: Bool) throws {
    if accepted {
      #expect(try Quantities.weight(parsing: text, within: SessionLimits.bodyWeightKg) > 0)
      return
    }
    #expect {
      try Quantities.weight(parsing: text, within: SessionLimits.bodyWeightKg)
    } throws: { error in
      let error = error as! TallyError
      return error.value == text && error.expected == "a weight from 20 to 400 kg (45 to 881 lb)"
    }
  }

  // 40,075 km = 24,901.5 mi.
  @Test("a distance beyond once round the Earth names the text and the range in km and mi")
  func distanceRange() throws {
    #expect(try Quantities.distance(parsing: "24901mi", within: SessionLimits.metres) > 0)
    #expect {
      try Quantities.distance(parsing: "30000mi", within: SessionLimits.metres)
    } throws: { error in
      let error = error as! TallyError
      return error.value == "30000mi" && error.expected == "a distance up to 40075 km (24901 mi)"
    }
  }

  @Test("units") func units() throws {
    #expect(try UnitSystem(parsing: "imperial") == .imperial)
    #expect(throws: TallyError.self) { try UnitSystem(parsing: "furlongs") }
    #expect(throws: TallyError.self) { try Quantities.number(parsing: "-2", what: "kg") }
    #expect(try Quantities.number(parsing: "-2", what: "°C", allowNegative: true) == -2)
    #expect {
      try Quantities.number(parsing: "99", what: "°C", within: SessionLimits.temperatureC)
    } throws: { ($0 as! TallyError).expected == "°C from -90 to 60" }
  }
}
