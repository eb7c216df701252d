import AnalyticsCore
import Foundation
import GRDB
import Testing

@testable import RuckAnalytics

/// Issue 16: every number read from a user or a file is range-checked; nothing traps or runs for
/// ever.
@Suite("ruck limits")
struct LimitsTests {
  static func tcx(lat: String, lon: String, alt: String = "100") -> Data {
    Data(
      """
      <TrainingCenterDatabase><Activities><Activity Sport="Other"><Lap><Track>
      <Trackpoint><Time>2026-02-08T10:00:00Z</Time><Position><LatitudeDegrees>0</LatitudeDegrees>\
      <LongitudeDegrees>0</LongitudeDegrees></Position></Trackpoint>
      <Trackpoint><Time>2026-02-08T10:10:00Z</Time><Position>\
      <LatitudeDegrees>\(lat)</LatitudeDegrees><LongitudeDegrees>\(lon)</LongitudeDegrees>\
      </Position><AltitudeMeters>\(alt)</AltitudeMeters></Trackpoint>
      </Track></Lap></Activity></Activities></TrainingCenterDatabase>
      """.utf8)
  }

  @Test(
    "TCX points out of range are refused naming the file, the line and the point",
    arguments: [
      (tcx(lat: "NaN", lon: "0.01"), "lat=nan"),
      (tcx(lat: "inf", lon: "0.01"), "lat=inf"),
      (tcx(lat: "0", lon: "-181"), "lon=-181.0"),
      (tcx(lat: "0", lon: "1e308"), "lon=1e+308"),
      (tcx(lat: "0", lon: "0.01", alt: "-1e308"), "elevation"),
      (tcx(lat: "0", lon: "0.01", alt: "nan"), "elevation"),
    ])
  func tcxPoints(data: Data, named: String) throws {
    let store = try storeOnFeb8()
    #expect {
      try store.importFile(data, fileName: "bad.tcx")
    } throws: { error in
      let error = error as! TallyError
      // The second Trackpoint starts on line 3 of the file (the first on line 2).
      return error.category == .badData && error.source == .init("bad.tcx", line: 3)
        && error.field?.hasPrefix("Trackpoint") == true && error.description.contains(named)
    }
    #expect(try store.sessions().isEmpty)
  }

  @Test(
    "GPX points: the same validation",
    arguments: ["lat=\"inf\" lon=\"0\"", "lat=\"0\" lon=\"181\""])
  func gpxPoints(attributes: String) throws {
    let store = try storeOnFeb8()
    let data = gpx(
      "<trk><trkseg><trkpt lat=\"0\" lon=\"0\"/>\n<trkpt \(attributes)/></trkseg></trk>")
    #expect {
      try store.importFile(data, fileName: "bad.gpx", options: .init(start: noonFeb8))
    } throws: { error in
      let error = error as! TallyError
      return error.category == .badData && error.source == .init("bad.gpx", line: 2)
        && error.field == "trkpt"
    }
  }

  @Test("a one-point GPX imports as a session of no distance")
  func onePoint() throws {
    let store = try storeOnFeb8()
    let data = gpx(
      "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2026-02-08T10:00:00Z</time></trkpt></trkseg></trk>"
    )
    let session = try #require(try store.importFile(data, fileName: "one.gpx").sessions.first)
    #expect(session.distanceMeters == 0 && session.elapsedSeconds == 0)
  }

  @Test(
    "log and edit: values outside their documented ranges are usage errors",
    arguments: [
      (SessionOptions(loadKg: 1e308), "load"),
      (SessionOptions(loadKg: 201), "load"),
      (SessionOptions(bodyWeightKg: 1e308), "body weight"),
      (SessionOptions(temperatureC: 1e308), "temperature"),
      (SessionOptions(temperatureC: -91), "temperature"),
    ])
  func options(options: SessionOptions, field: String) throws {
    let store = try storeOnFeb8()
    #expect {
      _ = try store.logSession(start: noonFeb8, duration: 3600, distance: 5000, options: options)
    } throws: { ($0 as! TallyError).category == .usage && ($0 as! TallyError).field == field }
    let session = try store.logSession(start: noonFeb8, duration: 3600, distance: 5000)
    #expect {
      _ = try store.editSession(id: session.id!, options: options)
    } throws: { ($0 as! TallyError).field == field }
    #expect(try store.session(id: session.id!).loadKg == 0)
  }

  @Test(
    "log and edit: duration, distance and calories",
    arguments: [
      (1e308, 5000.0, nil as Double?, "duration"),
      // 1000 h + 1 s: TimeSpan.maximum is 3,600,000 s.
      (3_600_001, 5000, nil, "duration"),
      (3600, 1e308, nil, "distance"),
      (3600, 40_075_001, nil, "distance"),
      (3600, 5000, 1e308, "calories"),
    ])
  func measures(duration: Double, distance: Double, calories: Double?, field: String) throws {
    let store = try storeOnFeb8()
    #expect {
      _ = try store.logSession(
        start: noonFeb8, duration: duration, distance: distance, calories: calories)
    } throws: { ($0 as! TallyError).category == .usage && ($0 as! TallyError).field == field }
  }

  @Test(
    "CSV and JSON rows out of range are bad data naming the row and field",
    arguments: [
      ("date,duration,distance,load_kg\n2026-02-08,1h,5km,1e308\n", "s.csv", "load_kg"),
      ("date,duration,distance,calories\n2026-02-08,1h,5km,1e308\n", "s.csv", "calories"),
      (
        "date,duration,distance,temperature_c\n2026-02-08,1h,5km,-1e308\n", "s.csv", "temperature_c"
      ),
      (
        "date,duration,distance,body_weight_kg\n2026-02-08,1h,5km,1e308\n", "s.csv",
        "body_weight_kg"
      ),
      ("date,duration,distance\n2026-02-08,1h,1e308km\n", "s.csv", "distance"),
      (
        "[{\"date\": \"2026-02-08\", \"duration\": 1e308, \"distance\": \"5km\"}]", "s.json",
        ".[0].duration"
      ),
      (
        "[{\"date\": \"2026-02-08\", \"duration\": 60, \"distance\": \"5km\", \"load_kg\": 1e308}]",
        "s.json", ".[0].load_kg"
      ),
    ])
  func rows(text: String, file: String, field: String) throws {
    let store = try storeOnFeb8()
    #expect {
      try store.importFile(Data(text.utf8), fileName: file)
    } throws: { error in
      let error = error as! TallyError
      return error.category == .badData && error.field == field && error.source?.name == file
    }
    #expect(try store.sessions().isEmpty)
  }

  @Test("insights over a 300,000-hour session stored before the limits finish at once")
  func hugeSession() throws {
    let store = try storeOnFeb8()
    let session = try store.logSession(start: noonFeb8, duration: 3600, distance: 5000)
    _ = try store.logSession(start: noonFeb8, duration: 600, distance: 2000)
    // 300,000 h = 1,080,000,000 s over 5 km: 216,000,000 s/km, as an old database may hold.
    try store.writer.write { db in
      try db.execute(
        sql: "UPDATE ruck_session SET moving_s = 1080000000, elapsed_s = 1080000000 WHERE id = ?",
        arguments: [session.id!])
    }
    let clock = ContinuousClock()
    let start = clock.now
    let insights = try store.insights(asOf: try LocalDate(parsing: "2026-02-08"), zone: .utc)
    #expect(clock.now - start < .seconds(2))
    // 2 km in 600 s = 300 s/km (5:00) sets the first bin; 60 one-minute bins, the last reaching to
    // 216,000,000 s/km.
    #expect(insights.paceDistribution.count == RuckInsights.maximumPaceBins)
    #expect(insights.paceDistribution.first?.from == 300)
    #expect(insights.paceDistribution.last?.to == 216_000_000)
    #expect(insights.paceDistribution.map(\.sessions).reduce(0, +) == 2)
  }

  @Test("splits: a partly timed track has no split times; a time going back is never negative")
  func splits() throws {
    func point(_ seq: Int, _ lon: Double, _ seconds: Int64?) -> StoredTrackPoint {
      StoredTrackPoint(
        sessionId: 1, seq: seq, segment: 0,
        time: seconds.map { Instant(millisecondsSinceEpoch: $0 * 1000) }, latitude: 0,
        longitude: lon, elevation: nil, heartRate: nil)
    }
    // 0.01° at the equator = 1111.9508 m per step.
    let partly = [point(0, 0, 0), point(1, 0.01, nil), point(2, 0.02, 1200)]
    #expect(SessionDetail.splits(partly, every: 1000).allSatisfy { $0.seconds == nil })
    // 0 s, 600 s, back to 300 s, 1200 s: the third point counts at 600 s, so the steps take 600,
    // 0 and 600 s.
    let back = [point(0, 0, 0), point(1, 0.01, 600), point(2, 0.02, 300), point(3, 0.03, 1200)]
    let splits = SessionDetail.splits(back, every: 1000)
    #expect(splits.allSatisfy { ($0.seconds ?? -1) >= 0 })
    // Σ split times = 1200 s, all of it.
    #expect(abs(splits.compactMap(\.seconds).reduce(0, +) - 1200) < 1e-9)
  }

  @Test("weekly covers 1 to 520 weeks: its loop is sized by the option", arguments: [0, 521, -1])
  func weeklyBound(weeks: Int) throws {
    let store = try storeOnFeb8()
    #expect {
      _ = try store.weekly(weeks: weeks, asOf: try LocalDate(parsing: "2026-02-08"), zone: .utc)
    } throws: { ($0 as! TallyError).category == .usage && ($0 as! TallyError).field == "weeks" }
    #expect(
      try store.weekly(weeks: 520, asOf: try LocalDate(parsing: "2026-02-08"), zone: .utc).weeks
        .count == 520)
  }
}

/// A minimal FIT activity: `file_id` (type 4, activity) and `record`s of timestamp, latitude and
/// longitude, with the file CRC (the FIT SDK's nibble-table CRC-16), written by hand here so that a
/// record out of range can be made.
func fitActivity(_ records: [(seconds: UInt32, lat: Double, lon: Double)]) -> Data {
  func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }
  // Degrees to semicircles: × 2^31 / 180.
  func semicircles(_ degrees: Double) -> [UInt8] {
    le(Int32(clamping: Int64((degrees * 2_147_483_648 / 180).rounded())))
  }
  var body: [UInt8] = [0x40, 0, 0] + le(UInt16(0)) + [1, 0, 1, 0x00] + [0x00, 4]
  body += [0x41, 0, 0] + le(UInt16(20)) + [3, 253, 4, 0x86, 0, 4, 0x85, 1, 4, 0x85]
  for record in records {
    body += [0x01] + le(record.seconds) + semicircles(record.lat) + semicircles(record.lon)
  }
  var file: [UInt8] = [14, 0x10] + le(UInt16(2093)) + le(UInt32(body.count)) + Array(".FIT".utf8)
  file += [0, 0]  // header CRC 0: not set
  file += body
  let table: [UInt16] = [
    0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
    0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
  ]
  var crc: UInt16 = 0
  for byte in file {
    for nibble in [byte & 0x0F, byte >> 4] {
      let low = table[Int(crc & 0x0F)]
      crc = (crc >> 4) & 0x0FFF
      crc = crc ^ low ^ table[Int(nibble)]
    }
  }
  return Data(file + le(crc))
}

@Suite("ruck limits: FIT points")
struct FITLimitsTests {
  // FIT time 1,138,000,000 s after 1989-12-31T00:00:00Z (631,065,600 s after 1970) =
  // 1,769,065,600 s = 2026-01-22T07:06:40Z (python).
  static let t0: UInt32 = 1_138_000_000

  @Test("a FIT record within range imports; one out of range is refused naming the record")
  func fitRecords() throws {
    let store = try storeOnFeb8()
    let good = fitActivity([(Self.t0, 45, 14), (Self.t0 + 600, 45, 14.01)])
    let session = try #require(try store.importFile(good, fileName: "ok.fit").sessions.first)
    #expect(session.startedAt == Instant(millisecondsSinceEpoch: 1_769_065_600_000))
    // 0.01° of longitude at 45°: 786.27 m (python haversine, as in MultiTrackTests).
    #expect(abs(session.distanceMeters - 786.268) < 0.01, "\(session.distanceMeters)")
    let bad = fitActivity([(Self.t0, 45, 14), (Self.t0 + 600, 100, 14.01)])
    #expect {
      try store.importFile(bad, fileName: "bad.fit")
    } throws: { error in
      let error = error as! TallyError
      // 100° comes back from semicircles as 99.99999999…
      return error.category == .badData && error.source?.name == "bad.fit"
        && error.field == "record 2" && error.description.contains("lat=99.99")
    }
    #expect(try store.sessions().count == 1)
  }
}
