import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

/// Grade-adjusted pace (issue 36 §1). The energy costs are Minetti et al., "Energy cost of
/// walking and running at extreme uphill and downhill slopes", J Appl Physiol 93: 1039–1046
/// (2002): walking Cw = 280.5i⁵ − 58.7i⁴ − 76.8i³ + 51.9i² + 19.6i + 2.5, running
/// Cr = 155.4i⁵ − 30.4i⁴ − 43.3i³ + 46.3i² + 19.5i + 3.6 (J/kg/m, i the grade).
@Suite("Grade-adjusted pace")
struct GradeAdjustedPaceTests {
  @Test("Minetti's costs, worked by hand") func costs() {
    // Cw(0.1) = 0.002805 − 0.00587 − 0.0768 + 0.519 + 1.96 + 2.5 = 4.899135
    #expect(abs(GradeAdjustment.cost(grade: 0.1, gait: .walking) - 4.899135) < 1e-9)
    // Cw(−0.1) = −0.002805 − 0.00587 + 0.0768 + 0.519 − 1.96 + 2.5 = 1.127125
    #expect(abs(GradeAdjustment.cost(grade: -0.1, gait: .walking) - 1.127125) < 1e-9)
    // Cr(0.1) = 0.001554 − 0.00304 − 0.0433 + 0.463 + 1.95 + 3.6 = 5.968214
    #expect(abs(GradeAdjustment.cost(grade: 0.1, gait: .running) - 5.968214) < 1e-9)
    #expect(GradeAdjustment.cost(grade: 0, gait: .running) == 3.6)
    // Past the measured ±45% the cost is the one at ±45%.
    #expect(
      GradeAdjustment.cost(grade: 0.8, gait: .walking)
        == GradeAdjustment.cost(grade: 0.45, gait: .walking))
    #expect(Gait(.ruck) == .walking && Gait(.hike) == .walking && Gait(.run) == .running)
    #expect(Gait(.bike) == nil && Gait(.other) == nil)
  }

  /// 181 points along the equator 0.0001° apart (11.1195 m: 0.0001 × π/180 × 6,371,008.8),
  /// 6 s apart, climbing `grade` × the distance walked: 2001.5 m at 1.853 m/s (539.59 s/km).
  static func steady(grade: Double) -> Data {
    let step = 0.0001 * .pi / 180 * 6_371_008.8
    let body = (0..<181).map { index -> String in
      let (minute, second) = (index * 6 / 60, index * 6 % 60)
      let time = "2026-02-08T10:" + String(format: "%02d:%02d", minute, second) + "Z"
      return """
        <trkpt lat="0" lon="\(Double(index) * 0.0001)"><ele>\(grade * Double(index) * step)</ele>\
        <time>\(time)</time></trkpt>
        """
    }.joined(separator: "\n")
    return gpx("<trk><trkseg>\n\(body)\n</trkseg></trk>")
  }

  @Test(
    "a steady grade: every split and the session at pace × C(0)/C(grade)",
    arguments: [
      // grade, the activity, C(0)/C(grade) worked above
      (0.1, Activity.ruck, 2.5 / 4.899135),
      (-0.1, Activity.walk, 2.5 / 1.127125),
      (0.1, Activity.run, 3.6 / 5.968214),
      (0, Activity.hike, 1),
    ])
  func steadyGrade(grade: Double, activity: Activity, ratio: Double) throws {
    let store = try RuckStore.inMemory()
    let session = try #require(
      try store.importFile(
        Self.steady(grade: grade), fileName: "hill.gpx", options: SessionOptions(activity: activity)
      ).sessions.first)
    let detail = try store.sessionDetail(id: session.id!, splitMeters: 1000)
    let pace = 6 / (0.0001 * .pi / 180 * 6_371_008.8) * 1000  // 539.59 s/km
    #expect(detail.splits.count == 3)
    for split in detail.splits {
      #expect(abs(split.paceSecondsPerKm! - pace) < 1e-6)
      #expect(abs(split.gradeAdjustedPaceSecondsPerKm! - pace * ratio) < 1e-6)
    }
    #expect(abs(detail.gradeAdjustedPaceSecondsPerKm! - pace * ratio) < 1e-6)
  }

  @Test("no grade across a gap between segments, nor on a ride, nor without elevations")
  func noGrade() throws {
    let store = try RuckStore.inMemory()
    // Two flat segments, the second 500 m higher (a second device, say): no climb between.
    let data = gpx(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"><ele>0</ele><time>2026-02-08T10:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.01"><ele>0</ele><time>2026-02-08T10:10:00Z</time></trkpt>
      </trkseg><trkseg>
      <trkpt lat="0" lon="0.01"><ele>500</ele><time>2026-02-08T10:10:00Z</time></trkpt>
      <trkpt lat="0" lon="0.02"><ele>500</ele><time>2026-02-08T10:20:00Z</time></trkpt>
      </trkseg></trk>
      """)
    let flat = try #require(try store.importFile(data, fileName: "two.gpx").sessions.first)
    let detail = try store.sessionDetail(id: flat.id!, splitMeters: 1000)
    #expect(detail.gradeAdjustedPaceSecondsPerKm == detail.session.paceSecondsPerKm)
    #expect(detail.splits.allSatisfy { $0.gradeAdjustedPaceSecondsPerKm == $0.paceSecondsPerKm })

    let ride = try #require(
      try store.importFile(
        Self.steady(grade: 0.1), fileName: "ride.gpx", options: SessionOptions(activity: .bike)
      ).sessions.first)
    let rode = try store.sessionDetail(id: ride.id!, splitMeters: 1000)
    #expect(rode.gradeAdjustedPaceSecondsPerKm == nil)
    #expect(rode.splits.allSatisfy { $0.gradeAdjustedPaceSecondsPerKm == nil })

    let noElevation = gpx(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"><time>2026-02-08T12:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.01"><time>2026-02-08T12:10:00Z</time></trkpt>
      </trkseg></trk>
      """)
    let plain = try #require(try store.importFile(noElevation, fileName: "p.gpx").sessions.first)
    #expect(
      try store.sessionDetail(id: plain.id!, splitMeters: 1000).gradeAdjustedPaceSecondsPerKm == nil
    )
    let logged = try store.logSession(
      start: Instant(millisecondsSinceEpoch: 0), duration: 3600, distance: 5000)
    #expect(
      try store.sessionDetail(id: logged.id!, splitMeters: 1000).gradeAdjustedPaceSecondsPerKm
        == nil)
  }

  /// The flat metres of equal cost per kilometre split, from a Python recount on the points as
  /// gpxpy and python-fitparse read them (haversine, the 0.3/0.4/0.3 smoothing, stretches of at
  /// least 100 m, the polynomials above), in outline:
  ///
  ///     prof = [(along, ele) for each point with an elevation]; s = smoothed(ele)
  ///     for each stretch (from a point to the first ≥ 100 m on; a shorter tail at the
  ///     segment's end joins the stretch before it):
  ///         extra += overlap(stretch, split) × (C((s_end − s_start) / length) / C(0) − 1)
  @Test(
    "the real files against a Python recount",
    .enabled(if: hasTracks && hasFIT, "../shared/data is missing"),
    arguments: [
      // file, the activity it is imported as, total along, total adjusted, split adjusted
      (
        "gpx/cerknicko-jezero.gpx", Activity.ruck, 4575.0190, 5948.7169,
        [1077.946, 993.708, 1266.326, 993.878, 1616.859]
      ),
      (
        "fit/activity-small-fenix2-run.fit", Activity.run, 8996.1722, 9084.9725,
        [922.108, 1005.634, 998.884, 991.638, 998.806, 1010.138, 991.867, 1015.273, 1150.625]
      ),
    ])
  func recount(
    file: String, activity: Activity, along: Double, adjusted: Double, splits: [Double]
  ) throws {
    let store = try RuckStore.inMemory()
    let name = String(file.split(separator: "/").last!)
    let session = try #require(try store.importFile(shared(file), fileName: name).sessions.first)
    #expect(session.activity == activity)
    let detail = try store.sessionDetail(id: session.id!, splitMeters: 1000)
    #expect(detail.splits.count == splits.count)
    for (split, meters) in zip(detail.splits, splits) {
      #expect(abs(split.gradeAdjustedMeters! - meters) < 0.001)
    }
    let pace = try #require(session.paceSecondsPerKm)
    #expect(abs(detail.gradeAdjustedPaceSecondsPerKm! - pace * along / adjusted) < 1e-3)
  }
}
