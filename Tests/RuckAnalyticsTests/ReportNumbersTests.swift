import AnalyticsCore
import Foundation
import RuckAnalytics
import Testing

private func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

@Suite("Figures of the report pages")
struct ReportNumbersTests {
  @Test("Calendar: sessions per weekday and week; days after the as-of day are nil")
  func calendar() throws {
    let store = try RuckStore.inMemory()
    // Two on Mon 2026-02-02, one on Wed 02-04, one on Tue 02-10; a run (not counted) on 02-11.
    for (date, activity) in [
      ("2026-02-02 07:00", Activity.ruck), ("2026-02-02 18:00", .ruck), ("2026-02-04 07:00", .ruck),
      ("2026-02-10 07:00", .ruck), ("2026-02-11 07:00", .run),
    ] {
      _ = try store.logSession(
        start: Zone.utc.instant(of: try LocalDateTime(parsing: date)), duration: 3600,
        distance: 5000, options: SessionOptions(loadKg: 20, activity: activity))
    }
    // As of Wed 02-11, 3 weeks: Mondays 01-26, 02-02, 02-09.
    let calendar = try store.calendar(weeks: 3, asOf: day("2026-02-11"), zone: .utc)
    #expect(calendar.weeks == [day("2026-01-26"), day("2026-02-02"), day("2026-02-09")])
    #expect(calendar.sessions.count == 7)
    #expect(calendar.sessions[0] == [0, 2, 0])  // Mondays
    #expect(calendar.sessions[1] == [0, 0, 1])  // Tuesdays
    #expect(calendar.sessions[2] == [0, 1, 0])  // Wednesdays: the run on 02-11 does not count
    #expect(calendar.sessions[3] == [0, 0, nil])  // Thursday 02-12 is after the as-of day
    #expect(calendar.sessions[6] == [0, 0, nil])
    #expect(calendar.minRucksPerWeek == 2)
    #expect(throws: TallyError.self) {
      try store.calendar(weeks: 0, asOf: day("2026-02-11"), zone: .utc)
    }
    #expect(RuckCalendar.yearOfWeeks == 52)
  }

  @Test("Route: one position per point, distance along the track, none across a segment gap")
  func route() throws {
    let store = try RuckStore.inMemory()
    let data = gpx(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"><ele>100</ele><time>2026-02-08T10:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.01"><ele>130</ele><time>2026-02-08T10:10:00Z</time></trkpt>
      </trkseg><trkseg>
      <trkpt lat="0" lon="1"><time>2026-02-08T11:00:00Z</time></trkpt>
      <trkpt lat="0" lon="1.01"><ele>90</ele><time>2026-02-08T11:10:00Z</time></trkpt>
      </trkseg></trk>
      """)
    let session = try #require(try store.importFile(data, fileName: "r.gpx").sessions.first)
    let (detail, thinned) = try store.sessionDetailWithRoute(
      id: session.id!, splitMeters: 1000, routeResolution: 10)
    #expect(detail == (try store.sessionDetail(id: session.id!, splitMeters: 1000)))
    // 4 points, fewer than the resolution: every one, nothing left out.
    #expect(thinned.spacingMeters == 0)
    let route = thinned.positions
    let step = 0.01 * .pi / 180 * 6_371_008.8  // 1111.95 m along the equator
    #expect(route.count == 4)
    #expect(route.map(\.longitude) == [0, 0.01, 1, 1.01])
    #expect(route.map(\.elevationMeters) == [100, 130, nil, 90])
    #expect(route[0].distanceMeters == 0)
    #expect(abs(route[1].distanceMeters - step) < 1e-6)
    #expect(abs(route[2].distanceMeters - step) < 1e-6)  // the gap adds nothing
    #expect(abs(route[3].distanceMeters - 2 * step) < 1e-6)
  }

  @Test("Pace per unit: 600 s/km is 600 s/km and 965.61 s/mi")
  func pacePerUnit() {
    #expect(UnitSystem.metric.pace(secondsPerKm: 600) == 600)
    // 600 s/km × 1.609344 km/mi = 965.6064 s/mi.
    #expect(abs(UnitSystem.imperial.pace(secondsPerKm: 600) - 965.6064) < 1e-9)
  }
}
