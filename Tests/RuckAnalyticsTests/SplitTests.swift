import AnalyticsCore
import Foundation
import RuckAnalytics
import Testing

@Suite("Splits and elevation of one session")
struct SplitTests {
  /// Three points on the equator 0.01° of longitude apart (1111.95 m each: 0.01 × π/180 ×
  /// 6,371,008.8), 600 s apart, at 100, 130 and 90 m.
  static let steady = gpx(
    """
    <trk><trkseg>
    <trkpt lat="0" lon="0"><ele>100</ele><time>2026-02-08T10:00:00Z</time></trkpt>
    <trkpt lat="0" lon="0.01"><ele>130</ele><time>2026-02-08T10:10:00Z</time></trkpt>
    <trkpt lat="0" lon="0.02"><ele>90</ele><time>2026-02-08T10:20:00Z</time></trkpt>
    </trkseg></trk>
    """)

  @Test("per km: whole kilometres at a steady speed, then the rest") func perKilometre() throws {
    let store = try RuckStore.inMemory()
    let session = try #require(try store.importFile(Self.steady, fileName: "s.gpx").sessions.first)
    let detail = try store.sessionDetail(id: session.id!, splitMeters: 1000)
    let step = 0.01 * .pi / 180 * 6_371_008.8  // 1111.9508 m in 600 s
    #expect(detail.splits.map(\.number) == [1, 2, 3])
    #expect(detail.splits.map(\.distanceMeters).prefix(2) == [1000, 1000])
    #expect(abs(detail.splits[2].distanceMeters - (2 * step - 2000)) < 1e-6)  // 223.90 m
    // 1000 m at 1111.95 m per 600 s = 539.59 s; the last 223.90 m = 120.82 s.
    #expect(abs(detail.splits[0].seconds! - 600_000 / step) < 1e-6)
    #expect(abs(detail.splits[1].seconds! - 600_000 / step) < 1e-6)
    #expect(abs(detail.splits[2].seconds! - 600 * (2 * step - 2000) / step) < 1e-6)
    #expect(abs(detail.splits[0].paceSecondsPerKm! - 539.5926) < 1e-3)
    #expect(detail.lowestElevationMeters == 90 && detail.highestElevationMeters == 130)
    #expect(detail.trackPointCount == 3)
  }

  @Test("per mile: one partial split; untimed tracks have splits without times")
  func perMileAndUntimed() throws {
    let store = try RuckStore.inMemory()
    let timed = try #require(try store.importFile(Self.steady, fileName: "s.gpx").sessions.first)
    let miles = try store.sessionDetail(id: timed.id!, splitMeters: Quantities.metresPerMile)
    #expect(miles.splits.count == 2)  // 1609.344 m, then 2223.90 − 1609.344 = 614.56 m
    #expect(miles.splits[0].distanceMeters == Quantities.metresPerMile)
    let untimed = try #require(
      try store.importFile(
        untimedRoute, fileName: "plan.gpx",
        options: SessionOptions(start: Instant(millisecondsSinceEpoch: 0))
      ).sessions.first)
    let detail = try store.sessionDetail(id: untimed.id!, splitMeters: 1000)
    #expect(detail.splits.map(\.seconds) == [nil, nil])  // 1000 m and 111.95 m
    #expect(detail.lowestElevationMeters == nil)
  }

  @Test("a session without a track has no splits") func noTrack() throws {
    let store = try RuckStore.inMemory()
    let session = try store.logSession(
      start: Instant(millisecondsSinceEpoch: 0), duration: 3600, distance: 5000)
    #expect(try store.sessionDetail(id: session.id!, splitMeters: 1000).splits.isEmpty)
  }

  @Test("no distance across a segment gap, nor its time") func segmentGap() throws {
    let points: [StoredTrackPoint] = []
    #expect(SessionDetail.splits(points, every: 1000).isEmpty)
    let store = try RuckStore.inMemory()
    let data = gpx(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"><time>2026-02-08T10:00:00Z</time></trkpt>
      <trkpt lat="0" lon="0.005"><time>2026-02-08T10:05:00Z</time></trkpt>
      </trkseg><trkseg>
      <trkpt lat="0" lon="1"><time>2026-02-08T11:00:00Z</time></trkpt>
      <trkpt lat="0" lon="1.005"><time>2026-02-08T11:05:00Z</time></trkpt>
      </trkseg></trk>
      """)
    let session = try #require(try store.importFile(data, fileName: "g.gpx").sessions.first)
    let detail = try store.sessionDetail(id: session.id!, splitMeters: 1000)
    // 2 × 555.98 m = 1111.95 m in 2 × 300 s; the hour between segments counts for neither.
    #expect(detail.splits.count == 2)
    let step: Double = 0.01 * .pi / 180 * 6_371_008.8
    let expected = 600_000 / step
    #expect(abs(try #require(detail.splits[0].seconds) - expected) < 1e-6)
  }
}

@Suite("GPX export")
struct GPXExportTests {
  @Test("the exported track reads back as the same track") func roundTrip() throws {
    let store = try RuckStore.inMemory()
    let data = gpx(
      """
      <trk><trkseg>
      <trkpt lat="0.00001" lon="-0.5"><ele>100.25</ele><time>2026-02-08T10:00:00.5Z</time></trkpt>
      <trkpt lat="0" lon="-0.49"><time>2026-02-08T10:10:00Z</time></trkpt>
      </trkseg><trkseg>
      <trkpt lat="1" lon="1"><time>2026-02-08T11:00:00Z</time></trkpt>
      <trkpt lat="1" lon="1.01"><time>2026-02-08T11:10:00Z</time></trkpt>
      </trkseg></trk>
      """)
    let original = try #require(try store.importFile(data, fileName: "a&b.gpx").sessions.first)
    let exported = try store.exportGPX(sessionId: original.id!)
    #expect(exported.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\""))
    #expect(exported.contains("xmlns=\"http://www.topografix.com/GPX/1/1\""))
    #expect(exported.contains("<name>a&amp;b.gpx</name>"))
    #expect(exported.contains("lat=\"0.00001\""))  // no exponent
    #expect(exported.contains("<time>2026-02-08T10:00:00.500Z</time>"))
    let copy = try #require(
      try RuckStore.inMemory().importFile(Data(exported.utf8), fileName: "copy.gpx").sessions
        .first)
    #expect(copy.distanceMeters == original.distanceMeters)
    #expect(copy.startedAt == original.startedAt && copy.endedAt == original.endedAt)
    #expect(copy.movingSeconds == original.movingSeconds)
    #expect(copy.elevationGainMeters == original.elevationGainMeters)
  }

  @Test("a session without a track cannot be exported") func noTrack() throws {
    let store = try RuckStore.inMemory()
    let session = try store.logSession(
      start: Instant(millisecondsSinceEpoch: 0), duration: 3600, distance: 5000)
    #expect { try store.exportGPX(sessionId: session.id!) } throws: {
      "\($0)".contains("has no track")
    }
    #expect(throws: TallyError.self) { try store.exportGPX(sessionId: 99) }
  }
}

@Suite("Heart rate")
struct HeartRateTests {
  @Test("GPX gpxtpx:hr and TCX HeartRateBpm are stored, summed up and exported") func rates() throws
  {
    let store = try RuckStore.inMemory()
    let data = Data(
      """
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>
      <trkpt lat="0" lon="0"><time>2026-02-08T10:00:00Z</time><extensions>
        <gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension>
      </extensions></trkpt>
      <trkpt lat="0" lon="0.001"><time>2026-02-08T10:01:00Z</time></trkpt>
      <trkpt lat="0" lon="0.002"><time>2026-02-08T10:02:00Z</time><extensions>
        <gpxtpx:TrackPointExtension><gpxtpx:hr>141</gpxtpx:hr></gpxtpx:TrackPointExtension>
      </extensions></trkpt>
      </trkseg></trk></gpx>
      """.utf8)
    let session = try #require(try store.importFile(data, fileName: "hr.gpx").sessions.first)
    #expect(try store.trackPoints(sessionId: session.id!).map(\.heartRate) == [120, nil, 141])
    let summary = try #require(
      try store.sessionDetail(id: session.id!, splitMeters: 1000).heartRate)
    #expect(summary.average == 130.5)  // (120 + 141) / 2 samples
    #expect(summary.lowest == 120 && summary.highest == 141 && summary.samples == 2)
    let exported = try store.exportGPX(sessionId: session.id!)
    let copy = try RuckStore.inMemory()
    let again = try #require(
      try copy.importFile(Data(exported.utf8), fileName: "copy.gpx").sessions.first)
    #expect(try copy.trackPoints(sessionId: again.id!).map(\.heartRate) == [120, nil, 141])

    let tcx = """
      <TrainingCenterDatabase><Activities><Activity Sport="Other"><Lap StartTime="2026-02-08T10:00:00Z">
      <AverageHeartRateBpm><Value>99</Value></AverageHeartRateBpm><Track>
      <Trackpoint><Time>2026-02-08T10:00:00Z</Time><Position><LatitudeDegrees>0</LatitudeDegrees><LongitudeDegrees>0</LongitudeDegrees></Position><HeartRateBpm><Value>100</Value></HeartRateBpm></Trackpoint>
      <Trackpoint><Time>2026-02-08T10:01:00Z</Time><Position><LatitudeDegrees>0</LatitudeDegrees><LongitudeDegrees>0.001</LongitudeDegrees></Position><HeartRateBpm><Value>110</Value></HeartRateBpm></Trackpoint>
      </Track></Lap></Activity></Activities></TrainingCenterDatabase>
      """
    let lap = try #require(
      try store.importFile(Data(tcx.utf8), fileName: "hr.tcx").sessions.first)
    #expect(lap.activity == .ruck)  // Sport="Other" says nothing
    // The lap's average (99) is not a sample.
    #expect(try store.sessionDetail(id: lap.id!, splitMeters: 1000).heartRate?.average == 105)
  }
}
