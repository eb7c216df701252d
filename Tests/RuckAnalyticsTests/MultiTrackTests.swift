import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

/// Issue 13: GPX files as devices write them — several tracks and segments in any time order,
/// points whose time goes back.
@Suite("GPX with several tracks and segments")
struct MultiTrackTests {
  /// Two tracks of one walk (a watch and a phone), the phone's starting earlier; the phone's
  /// second segment has one point (10:45) recorded after 10:50.
  static let overlapping = gpx(
    """
    <trk><name>watch</name><trkseg>
    <trkpt lat="45.0" lon="14.0"><time>2026-02-08T10:10:00Z</time></trkpt>
    <trkpt lat="45.0" lon="14.01"><time>2026-02-08T10:20:00Z</time></trkpt>
    <trkpt lat="45.0" lon="14.02"><time>2026-02-08T10:30:00Z</time></trkpt>
    </trkseg></trk>
    <trk><name>phone</name><trkseg>
    <trkpt lat="45.001" lon="14.0"><time>2026-02-08T10:00:00Z</time></trkpt>
    <trkpt lat="45.001" lon="14.01"><time>2026-02-08T10:15:00Z</time></trkpt>
    </trkseg><trkseg>
    <trkpt lat="45.002" lon="14.0"><time>2026-02-08T10:40:00Z</time></trkpt>
    <trkpt lat="45.002" lon="14.01"><time>2026-02-08T10:50:00Z</time></trkpt>
    <trkpt lat="45.002" lon="14.02"><time>2026-02-08T10:45:00Z</time></trkpt>
    <trkpt lat="45.002" lon="14.03"><time>2026-02-08T11:00:00Z</time></trkpt>
    </trkseg></trk>
    """)

  @Test("two overlapping tracks: one session, distance summed, earliest start, latest end")
  func overlappingTracks() throws {
    let store = try RuckStore.inMemory()
    var warnings: [ImportWarning] = []
    let outcome = try store.importFile(Self.overlapping, fileName: "two.gpx") {
      warnings.append($0)
    }
    let session = try #require(outcome.sessions.first)
    #expect(outcome.sessions.count == 1)
    // Haversine steps of 0.01° of longitude (python, R = 6,371,008.8 m): 786.26795 m at 45.000°,
    // 786.25423 m at 45.001°, 786.24051 m at 45.002°; 2 + 1 + 3 steps = 4717.5117 m.
    #expect(abs(session.distanceMeters - 4717.5117) < 0.001, "\(session.distanceMeters)")
    // gpxpy 1.6.2 length_2d() of the same file: 4722.79 m (its flat-earth steps, 0.11% longer).
    #expect(abs(session.distanceMeters - 4722.79) / 4722.79 < 0.002)
    // Start: the phone's 10:00, before the watch's first point (gpxpy's time bounds take the first
    // track's 10:10); end: 11:00. 2026-02-08T10:00:00Z = 1,770,544,800 s (python).
    #expect(session.startedAt == Instant(millisecondsSinceEpoch: 1_770_544_800_000))
    #expect(session.endedAt == Instant(millisecondsSinceEpoch: 1_770_548_400_000))
    #expect(session.elapsedSeconds == 3600)
    // Moving, per segment: watch 600 + 600; phone 900; then 10:40→10:50 600 and, skipping the
    // 10:45 point, 10:50→11:00 600 (1572.48 m in 600 s) = 3300 s (gpxpy's get_duration(), the
    // sum of the segments' own spans, is 3300 too).
    #expect(session.movingSeconds == 3300)
    #expect(warnings == [.timesGoBack(points: 1)])
    // Segments are stored as read, never joined: 3 + 2 + 4 points in 3 segments.
    let points = try store.trackPoints(sessionId: session.id!)
    #expect(points.count == 9)
    #expect(points.map(\.segment) == [0, 0, 0, 1, 1, 2, 2, 2, 2])
  }

  @Test("a time going back is kept for distance and left out of time sums")
  func timeGoingBack() throws {
    let track = ParsedTrack(segments: [
      [
        TrackPoint(
          time: Instant(millisecondsSinceEpoch: 0), latitude: 0, longitude: 0, elevation: nil),
        TrackPoint(
          time: Instant(millisecondsSinceEpoch: 600_000), latitude: 0, longitude: 0.01,
          elevation: nil),
        TrackPoint(
          time: Instant(millisecondsSinceEpoch: 300_000), latitude: 0, longitude: 0.02,
          elevation: nil),
        TrackPoint(
          time: Instant(millisecondsSinceEpoch: 1_200_000), latitude: 0, longitude: 0.03,
          elevation: nil),
      ]
    ])
    let measures = TrackMeasures(track)
    // 3 steps of 0.01° at the equator: 3 × 1111.9508 m = 3335.852 m (python haversine).
    #expect(abs(measures.distance - 3335.852) < 0.001)
    // 0 → 600 s and 600 → 1200 s (the 300 s point skipped): 1200 s moving, 1200 s elapsed.
    #expect(measures.moving == 1200 && measures.elapsed == 1200)
    #expect(measures.timesGoingBack == 1)
  }

  @Test("only a file without a usable point is refused")
  func noUsablePoint() throws {
    let store = try RuckStore.inMemory()
    #expect(throws: TallyError.self) {
      try store.importFile(gpx("<trk><trkseg></trkseg></trk>"), fileName: "empty.gpx")
    }
  }

  @Test("TCX: several activities and laps, a lap without DistanceMeters, any sport")
  func tcxActivities() throws {
    let tcx = Data(
      """
      <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
      <Activities>
      <Activity Sport="Biking"><Lap StartTime="2026-02-08T11:00:00Z"><Track>
      <Trackpoint><Time>2026-02-08T11:00:00Z</Time><Position><LatitudeDegrees>0</LatitudeDegrees>\
      <LongitudeDegrees>0.02</LongitudeDegrees></Position></Trackpoint>
      <Trackpoint><Time>2026-02-08T11:10:00Z</Time><Position><LatitudeDegrees>0</LatitudeDegrees>\
      <LongitudeDegrees>0.03</LongitudeDegrees></Position></Trackpoint>
      </Track></Lap></Activity>
      <Activity Sport="Running"><Lap StartTime="2026-02-08T10:00:00Z">\
      <DistanceMeters>1200</DistanceMeters><Track>
      <Trackpoint><Time>2026-02-08T10:00:00Z</Time><Position><LatitudeDegrees>0</LatitudeDegrees>\
      <LongitudeDegrees>0</LongitudeDegrees></Position></Trackpoint>
      <Trackpoint><Time>2026-02-08T10:10:00Z</Time><Position><LatitudeDegrees>0</LatitudeDegrees>\
      <LongitudeDegrees>0.01</LongitudeDegrees></Position></Trackpoint>
      </Track></Lap></Activity>
      </Activities></TrainingCenterDatabase>
      """.utf8)
    let store = try RuckStore.inMemory()
    let session = try #require(try store.importFile(tcx, fileName: "two.tcx").sessions.first)
    // One lap has no DistanceMeters: the distance is the points', 2 × 1111.9508 m (python).
    #expect(abs(session.distanceMeters - 2223.9016) < 0.001, "\(session.distanceMeters)")
    // Earliest 10:00 (the second activity), latest 11:10: 4200 s; moving 600 + 600.
    #expect(session.elapsedSeconds == 4200 && session.movingSeconds == 1200)
    #expect(session.activity == .bike)  // the first activity's sport
  }

  @Test("points are stored 100 to a statement and the rest one by one, in order")
  func batchedInsert() throws {
    // 3 segments of 70, 70 and 65 points = 205: two statements of 100, then 5 single rows.
    var body = "<trk>"
    var second = 0
    for count in [70, 70, 65] {
      body += "<trkseg>"
      for index in 0..<count {
        body +=
          "<trkpt lat=\"0\" lon=\"\(Double(second) / 10_000)\"><ele>\(index)</ele>"
          + "<time>2026-02-08T10:\(String(format: "%02d:%02d", second / 60, second % 60))Z</time>"
          + "</trkpt>"
        second += 1
      }
      body += "</trkseg>"
    }
    let store = try storeOnFeb8()
    let session = try #require(
      try store.importFile(gpx(body + "</trk>"), fileName: "many.gpx").sessions.first)
    let points = try store.trackPoints(sessionId: session.id!)
    #expect(points.count == 205)
    #expect(points.map(\.seq) == Array(0..<205))
    #expect(
      points.map(\.segment) == Array(repeating: 0, count: 70) + Array(repeating: 1, count: 70)
        + Array(repeating: 2, count: 65))
    #expect(points.map(\.longitude) == (0..<205).map { Double($0) / 10_000 })
    #expect(points.last?.elevation == 64)
    // 10:00:00 + 204 s = 10:03:24.
    #expect(points.last?.time == Instant(millisecondsSinceEpoch: 1_770_544_800_000 + 204_000))
  }
}
