import AnalyticsCore
import Foundation
import RuckAnalytics
import Testing

/// A planned route of two points 0.01° of longitude apart on the equator, without times:
/// 0.01 × π/180 × 6,371,008.8 m = 1111.95 m.
let untimedRoute = gpx(
  "<trk><trkseg><trkpt lat=\"0\" lon=\"0\"/><trkpt lat=\"0\" lon=\"0.01\"/></trkseg></trk>")

private func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

@Suite("Pace only from sessions with a moving time")
struct UntimedPaceTests {
  @Test("an untimed route adds distance but not to pace, and is counted as left out")
  func handWorked() throws {
    let store = try RuckStore.inMemory()
    _ = try store.logSession(
      start: Zone.utc.instant(of: try LocalDateTime(parsing: "2026-02-02 07:00")), duration: 3600,
      distance: 5000)
    _ = try store.importFile(
      untimedRoute, fileName: "plan.gpx",
      options: SessionOptions(
        start: Zone.utc.instant(of: try LocalDateTime(parsing: "2026-02-03 07:00"))))
    let report = try store.analytics(period: .allTime, asOf: day("2026-02-08"), zone: .utc)
    #expect(report.totals.sessions == 2)
    #expect(abs(report.totals.distanceMeters - 6111.95) < 0.01)
    // 3600 s over the timed 5 km = 720 s/km (mixing in the route would give 589 s/km).
    #expect(report.totals.averagePaceSecondsPerKm == 720)
    #expect(report.totals.sessionsWithoutMovingTime == 1)
    let insights = try store.insights(asOf: day("2026-02-08"), zone: .utc)
    #expect(insights.sessionsWithoutMovingTime == 1)
    #expect(insights.paceDistribution.map(\.sessions) == [1])  // only the 720 s/km session
    let unspecified = try #require(insights.terrainImpact.first { $0.terrain == nil })
    #expect(unspecified.averagePaceSecondsPerKm == 720)
    #expect(unspecified.sessionsWithoutMovingTime == 1)
    let weekly = try store.weekly(weeks: 1, asOf: day("2026-02-08"), zone: .utc)
    #expect(weekly.weeks[0].averagePaceSecondsPerKm == 720)
  }

  @Test(
    "the shared GPX files: the untimed ones are left out of pace",
    .enabled(if: hasTracks, "../shared/data/gpx is missing"))
  func sharedFiles() throws {
    let store = try RuckStore.inMemory()
    let start = SessionOptions(start: Instant(millisecondsSinceEpoch: 1_281_000_000_000))
    var timed: RuckSession?
    for name in ["cerknicko-jezero.gpx", "cerknicko-without-times.gpx", "route.gpx"] {
      let outcome = try store.importFile(
        try shared("gpx/" + name), fileName: name, options: start)
      if name == "cerknicko-jezero.gpx" { timed = outcome.sessions.first }
    }
    let session = try #require(timed)
    let report = try store.analytics(period: .allTime, asOf: day("2026-02-08"), zone: .utc)
    #expect(report.totals.sessions == 3)
    // Pace is the one timed session's own: its moving time over its own distance.
    let pace = try #require(report.totals.averagePaceSecondsPerKm)
    #expect(abs(pace - session.movingSeconds / (session.distanceMeters / 1000)) < 1e-9)
    #expect(report.totals.sessionsWithoutMovingTime == 2)
  }
}
