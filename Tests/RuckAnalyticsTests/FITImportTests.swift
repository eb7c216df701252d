import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

private let fitFolder = sharedData.appendingPathComponent("fit")
let hasFIT = FileManager.default.fileExists(
  atPath: fitFolder.appendingPathComponent("activity-small-fenix2-run.fit").path)

/// Importing FIT files: the device's totals become the session's distance and moving time. The
/// expected figures are python-fitparse 1.2.0's decoding of each file's `session` message
/// (`total_distance`, `total_timer_time`, `sport`), the same values `DataFormatsTests` checks.
@Suite("FIT import", .enabled(if: hasFIT, "../shared/data/fit is missing"))
struct FITImportTests {
  @Test(
    "sessions carry the device's distance, moving time and sport",
    arguments: [
      ("activity-small-fenix2-run.fit", 9008.22, 2832.0, Activity.run, true),
      ("garmin-fenix-5-run.fit", 157.56, 56.887, .run, true),
      ("compressed-speed-distance.fit", 10248.67, 3772.75, .run, false),
    ])
  func imports(
    file: String, distance: Double, moving: Double, activity: Activity, hasTrack: Bool
  ) throws {
    let store = try RuckStore.inMemory()
    let data = try Data(contentsOf: fitFolder.appendingPathComponent(file))
    guard case .imported(let sessions) = try store.importFile(data, fileName: file) else {
      Issue.record("\(file) was not imported")
      return
    }
    #expect(sessions.count == 1)
    let session = try #require(sessions.first)
    #expect(abs(session.distanceMeters - distance) < 0.01)
    #expect(abs(session.movingSeconds - moving) < 0.001)
    #expect(session.activity == activity)
    let points = try store.writer.read { db in
      try Int.fetchOne(db, sql: "SELECT ifnull(sum(point_count), 0) FROM track_chunk") ?? 0
    }
    #expect((points > 0) == hasTrack)
  }

  @Test(
    "settings, truncated and corrupted files are refused and store nothing",
    arguments: [
      ("Settings.fit", "not an activity file"),
      ("activity-unexpected-eof.fit", "ends inside a data message"),
      ("activity-filecrc.fit", "does not match"),
    ])
  func refuses(file: String, problem: String) throws {
    let store = try RuckStore.inMemory()
    let data = try Data(contentsOf: fitFolder.appendingPathComponent(file))
    #expect {
      try store.importFile(data, fileName: file)
    } throws: { error in
      let error = error as? TallyError
      return error?.category == .badData && "\(error!)".contains(file)
        && "\(error!)".contains(problem)
    }
    let sessions = try store.writer.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM ruck_session") ?? 0
    }
    #expect(sessions == 0)
  }

  /// Issue 36: a Fenix 2 run showed 1,427 kcal "from pandolf" while the watch counted 516.
  /// python-fitparse 1.2.0 reads `total_calories` 516 from its session message, and 5 from the
  /// Fenix 5's.
  @Test(
    "the device's calories are the session's, said as the device's",
    arguments: [("activity-small-fenix2-run.fit", 516.0), ("garmin-fenix-5-run.fit", 5.0)])
  func deviceCalories(file: String, kilocalories: Double) throws {
    let store = try RuckStore.inMemory()
    let data = try Data(contentsOf: fitFolder.appendingPathComponent(file))
    guard case .imported(let sessions) = try store.importFile(data, fileName: file) else {
      Issue.record("\(file) was not imported")
      return
    }
    let session = try #require(sessions.first)
    #expect(session.calories == kilocalories)
    #expect(session.caloriesSource == .device)
  }

  @Test("a FIT file saved without its extension is recognised") func sniffed() throws {
    let data = try Data(contentsOf: fitFolder.appendingPathComponent("garmin-fenix-5-run.fit"))
    #expect(SessionFileFormat.of(data, fileName: "download") == .fit)
  }
}

/// Issue 36: split times counted stops while the headline pace did not. A track of 1,500 m in
/// 15 minutes, a 5-minute stop on one spot, then 500 m in 5 minutes: with 1 km splits, each
/// split moves 600 s; the stop (0 m in 300 s) is elapsed time of the second split only.
@Suite("Splits in moving time")
struct MovingSplitTests {
  @Test("a stop is elapsed time, not moving time, in the split it falls in")
  func stops() throws {
    let start = Instant(millisecondsSinceEpoch: 1_767_225_600_000)  // 2026-01-01T00:00:00Z
    // Along a meridian: 1,000 m is 1000 / 111,195 degrees of latitude (a sphere of 6,371 km).
    let step = 1000.0 / (6_371_008.8 * .pi / 180)
    let points = [
      (0.0, 0), (1.5 * step, 900), (1.5 * step, 1200), (2 * step, 1500),
    ].map { latitude, seconds in
      try! TrackPoint(
        time: Instant(millisecondsSinceEpoch: start.millisecondsSinceEpoch + Int64(seconds) * 1000),
        latitude: latitude, longitude: 0, elevation: nil, heartRate: nil)
    }
    var builder = TrackDetailBuilder(splitMeters: 1000)
    for point in points { _ = builder.add(segment: 0, point) }
    let splits = builder.splits
    #expect(splits.count == 2)
    // The stop lies at 1,500 m, inside the second split.
    #expect(splits.map { $0.seconds.map { ($0 * 10).rounded() / 10 } } == [600, 600])
    #expect(splits.map { $0.elapsedSeconds.map { ($0 * 10).rounded() / 10 } } == [600, 900])
    #expect(splits.allSatisfy { abs(($0.paceSecondsPerKm ?? 0) - 600) < 1 })
  }
}
