import AnalyticsCore
import DataFormats
import Foundation
import Testing

/// `../shared/data/fit`, beside the repository: python-fitparse's test files (MIT).
let fitData = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("shared/data/fit")
let hasFITData = FileManager.default.fileExists(
  atPath: fitData.appendingPathComponent("activity-small-fenix2-run.fit").path)

func fitFile(_ name: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: fitData.appendingPathComponent(name)))
}

private func instant(_ text: String) -> Instant { try! Instant(parsing: text) }

/// FIT seconds (since 1989-12-31T00:00:00Z = 631,065,600 s after 1970) as an instant: for the
/// device-relative times fitparse prints as plain numbers.
private func fitInstant(_ seconds: Int64) -> Instant {
  Instant(secondsSinceEpoch: seconds + 631_065_600)
}

/// What python-fitparse 1.2.0 decodes from a file (`pip install fitparse`, then
/// `FitFile(path, check_crc=True).get_messages()`; degrees = semicircles × 180 / 2^31 computed in
/// python; counts are of records whose value is not None).
struct FITExpectation: Sendable, CustomTestStringConvertible {
  var file: String
  var records: Int
  var withPosition: Int
  var withHeartRate: Int
  var withAltitude: Int
  var heartRateSum: Int
  var first: FITRecord
  var last: FITRecord
  var sessions: [FITSummary]
  var laps: Int
  var testDescription: String { file }
}

private let expectations: [FITExpectation] = [
  FITExpectation(
    file: "activity-small-fenix2-run.fit", records: 2809, withPosition: 2809,
    withHeartRate: 2808, withAltitude: 2809, heartRateSum: 432_366,
    first: FITRecord(
      time: instant("2015-08-15T14:45:08Z"), latitude: 58.95918281748891,
      longitude: 5.728839039802551, altitude: 55.0, distance: 0.0, heartRate: 69),
    last: FITRecord(
      time: instant("2015-08-15T15:32:21Z"), latitude: 58.95881451666355,
      longitude: 5.729834055528045, altitude: 58.60000000000002, distance: 9007.07,
      heartRate: 117),
    sessions: [
      FITSummary(
        startTime: instant("2015-08-15T14:45:08Z"), timestamp: instant("2015-08-15T15:32:46Z"),
        totalElapsedTime: 2832.0, totalTimerTime: 2832.0, totalDistance: 9008.22,
        sport: .running)
    ], laps: 4),
  FITExpectation(
    file: "developer-types-sample.fit", records: 3424, withPosition: 3424, withHeartRate: 3424,
    withAltitude: 3424, heartRateSum: 447_994,
    first: FITRecord(
      time: instant("2017-01-17T17:06:47Z"), latitude: 38.75335782766342,
      longitude: -9.260590821504593, altitude: 100.60000000000002, distance: 1.0, heartRate: 94),
    last: FITRecord(
      time: instant("2017-01-17T18:03:50Z"), latitude: 38.75339537858963,
      longitude: -9.260536506772041, altitude: 101.39999999999998, distance: 6753.99,
      heartRate: 139),
    sessions: [
      FITSummary(
        startTime: instant("2017-01-17T17:06:47Z"), timestamp: instant("2017-01-17T18:03:50Z"),
        totalElapsedTime: 3424.0, totalTimerTime: 3424.0, totalDistance: 6753.99,
        sport: .running)
    ], laps: 1),
  FITExpectation(
    file: "garmin-fenix-5-run.fit", records: 21, withPosition: 21, withHeartRate: 21,
    withAltitude: 21, heartRateSum: 1784,
    first: FITRecord(
      time: instant("2017-06-11T14:34:09Z"), latitude: 38.22978727519512,
      longitude: -122.63370391912758, altitude: 2.1999999999999886, distance: 0.0,
      heartRate: 61),
    last: FITRecord(
      time: instant("2017-06-11T14:35:06Z"), latitude: 38.228525295853615,
      longitude: -122.63454345054924, altitude: 4.199999999999989, distance: 157.56,
      heartRate: 112),
    sessions: [
      FITSummary(
        startTime: instant("2017-06-11T14:34:09Z"), timestamp: instant("2017-06-11T14:35:24Z"),
        totalElapsedTime: 56.887, totalTimerTime: 56.887, totalDistance: 157.56, sport: .running)
    ], laps: 1),
  // Four chained FIT files (a triathlon): one session per leg.
  FITExpectation(
    file: "sample_mulitple_header.fit", records: 1773, withPosition: 1462, withHeartRate: 1430,
    withAltitude: 1424, heartRateSum: 247_666,
    first: FITRecord(
      time: instant("2018-05-27T07:33:01Z"), latitude: 45.180750377476215,
      longitude: -1.085221515968442, altitude: nil, distance: 0.0, heartRate: 138),
    last: FITRecord(
      time: instant("2018-05-27T10:11:12Z"), latitude: 45.1813003141433,
      longitude: -1.085149347782135, altitude: 35.0, distance: 52533.68, heartRate: 186),
    sessions: [
      FITSummary(
        startTime: instant("2018-05-27T07:33:01Z"), timestamp: instant("2018-05-27T08:06:08Z"),
        totalElapsedTime: 1987.521, totalTimerTime: 1987.521, totalDistance: 1644.71,
        sport: FITSport(rawValue: 5)),
      FITSummary(
        startTime: instant("2018-05-27T08:06:08Z"), timestamp: instant("2018-05-27T08:08:58Z"),
        totalElapsedTime: 170.269, totalTimerTime: 170.269, totalDistance: 141.7,
        sport: FITSport(rawValue: 3)),
      FITSummary(
        startTime: instant("2018-05-27T08:08:58Z"), timestamp: instant("2018-05-27T09:22:40Z"),
        totalElapsedTime: 4422.14, totalTimerTime: 4422.14, totalDistance: 40909.42,
        sport: FITSport(rawValue: 2)),
      FITSummary(
        startTime: instant("2018-05-27T09:22:40Z"), timestamp: instant("2018-05-27T09:23:41Z"),
        totalElapsedTime: 60.724, totalTimerTime: 60.724, totalDistance: 31.93,
        sport: FITSport(rawValue: 3)),
      FITSummary(
        startTime: instant("2018-05-27T09:23:41Z"), timestamp: instant("2018-05-27T10:11:31Z"),
        totalElapsedTime: 2850.694, totalTimerTime: 2850.694, totalDistance: 9805.92,
        sport: .running),
    ], laps: 5),
  // Compressed-timestamp headers and compressed speed/distance; the device had no clock, so
  // fitparse prints its times as FIT seconds.
  FITExpectation(
    file: "compressed-speed-distance.fit", records: 755, withPosition: 0, withHeartRate: 754,
    withAltitude: 0, heartRateSum: 128_573,
    first: FITRecord(time: fitInstant(17_217_864)),
    last: FITRecord(time: fitInstant(17_221_744), distance: 10248.6875, heartRate: 118),
    sessions: [
      FITSummary(
        startTime: fitInstant(17_217_864), timestamp: fitInstant(17_221_751),
        totalElapsedTime: 3883.273, totalTimerTime: 3772.75, totalDistance: 10248.67,
        sport: .running)
    ], laps: 11),
]

/// Equal to within 1e-9 (fitparse's floats went through different arithmetic).
private func close(_ lhs: Double?, _ rhs: Double?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): return true
  case (let lhs?, let rhs?): return abs(lhs - rhs) <= 1e-9 * max(1, abs(rhs))
  default: return false
  }
}

private func same(_ lhs: FITRecord, _ rhs: FITRecord) -> Bool {
  lhs.time == rhs.time && close(lhs.latitude, rhs.latitude)
    && close(lhs.longitude, rhs.longitude) && close(lhs.altitude, rhs.altitude)
    && close(lhs.distance, rhs.distance) && lhs.heartRate == rhs.heartRate
}

private func same(_ lhs: FITSummary, _ rhs: FITSummary) -> Bool {
  lhs.startTime == rhs.startTime && lhs.timestamp == rhs.timestamp
    && close(lhs.totalElapsedTime, rhs.totalElapsedTime)
    && close(lhs.totalTimerTime, rhs.totalTimerTime)
    && close(lhs.totalDistance, rhs.totalDistance) && lhs.sport == rhs.sport
}

@Suite(
  "FIT activities (python-fitparse's files)",
  .enabled(if: hasFITData, "../shared/data/fit is missing"))
struct FITActivityTests {
  @Test("records, sessions and laps as fitparse decodes them", arguments: expectations)
  func decodes(_ expected: FITExpectation) throws {
    let activity = try FITActivity(decoding: try fitFile(expected.file))
    let records = activity.records
    #expect(records.count == expected.records)
    #expect(
      records.filter { $0.latitude != nil && $0.longitude != nil }.count == expected.withPosition)
    #expect(records.filter { $0.heartRate != nil }.count == expected.withHeartRate)
    #expect(records.filter { $0.altitude != nil }.count == expected.withAltitude)
    #expect(records.reduce(0) { $0 + ($1.heartRate ?? 0) } == expected.heartRateSum)
    let first = try #require(records.first)
    let last = try #require(records.last)
    #expect(same(first, expected.first), "\(first)")
    #expect(same(last, expected.last), "\(last)")
    #expect(activity.sessions.count == expected.sessions.count)
    for (session, want) in zip(activity.sessions, expected.sessions) {
      #expect(same(session, want), "\(session)")
    }
    #expect(activity.laps.count == expected.laps)
  }

  @Test("laps carry their own sport (lap field 25) and totals") func laps() throws {
    let activity = try FITActivity(decoding: try fitFile("activity-small-fenix2-run.fit"))
    // fitparse: lap 4 of the Fenix 2 run, which has no sport in its laps.
    let want = FITSummary(
      startTime: instant("2015-08-15T15:16:16Z"), timestamp: instant("2015-08-15T15:32:21Z"),
      totalElapsedTime: 965.0, totalTimerTime: 965.98, totalDistance: 2192.61, sport: nil)
    #expect(same(try #require(activity.laps.last), want))
    let compressed = try FITActivity(decoding: try fitFile("compressed-speed-distance.fit"))
    // fitparse: lap 2 paused for 779.891 − 669.367 = 110.524 s.
    let second = compressed.laps[1]
    #expect(close(second.totalElapsedTime, 779.891) && close(second.totalTimerTime, 669.367))
    #expect(second.sport == .running && second.sport?.name == "running")
  }

  /// `garmin-fenix-5-run-records.csv` (fitparse's own fixture) lists every record: heart rate,
  /// distance, raw semicircles and altitude.
  @Test("every record of the Fenix 5 run matches fitparse's CSV") func fenix5CSV() throws {
    let activity = try FITActivity(decoding: try fitFile("garmin-fenix-5-run.fit"))
    let csv = try CSVReader(
      data: Data(
        contentsOf: fitData.appendingPathComponent(
          "garmin-fenix-5-run-records.csv"))
    ).records().dropFirst()
    #expect(activity.records.count == csv.count)
    for (record, row) in zip(activity.records, csv) {
      let fields = row.fields
      #expect(record.heartRate == Int(fields[1]))
      #expect(close(record.distance, Double(fields[4])))
      #expect(close(record.latitude, Double(fields[5])! * 180 / 2_147_483_648))
      #expect(close(record.longitude, Double(fields[6])! * 180 / 2_147_483_648))
      #expect(close(record.altitude, Double(fields[7])))
    }
  }

  /// `compressed-speed-distance-records.csv` (fitparse's fixture): times in FIT seconds, heart
  /// rate and the distance accumulated from the 12-bit compressed field.
  @Test("every compressed record matches fitparse's CSV") func compressedCSV() throws {
    let activity = try FITActivity(decoding: try fitFile("compressed-speed-distance.fit"))
    let csv = try CSVReader(
      data: Data(
        contentsOf: fitData.appendingPathComponent(
          "compressed-speed-distance-records.csv"))
    ).records().dropFirst()
    // The file's first record has only a timestamp; the CSV starts at the second.
    let records = activity.records.dropFirst()
    #expect(records.count == csv.count)
    for (record, row) in zip(records, csv) {
      let fields = row.fields
      #expect(record.time == fitInstant(Int64(fields[0])!))
      #expect(record.heartRate == Int(fields[1]))
      #expect(close(record.distance, Double(fields[3])))
    }
  }

  @Test(
    "non-activity, truncated and corrupt files are refused, naming what is wrong",
    arguments: [
      // Settings.fit's file_id says type 2 (fitparse: "settings"); it is the first data message,
      // after the 14-byte header and a definition of 6 + 3 × 6 fields = 24 bytes: byte 38.
      ("Settings.fit", "byte 38: not an activity file (type 2: settings)"),
      // fitparse: "CRC Mismatch [computed: 0xA1D5, read: 0xB1D5]"; the CRC sits after the
      // 12-byte header and 757 data bytes.
      ("activity-filecrc.fit", "byte 769: file CRC 0xB1D5 does not match 0xA1D5 computed"),
      // 768 bytes where the header declares 12 + 757 + 2 = 771; walking the message sizes in
      // python, the last message starts at byte 751 and needs 18 bytes, 17 are left.
      ("activity-unexpected-eof.fit", "byte 751: the file ends inside a data message"),
    ])
  func refuses(_ file: String, _ message: String) throws {
    let error = try #require(throws: TallyError.self) {
      try FITActivity(decoding: try fitFile(file))
    }
    #expect(error.category == .badData)
    #expect(error.description == message)
  }
}
