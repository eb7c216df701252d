import AnalyticsCore
import GRDB

/// One split of a session's track: a whole distance unit (the last one shorter).
public struct Split: Sendable, Equatable {
  /// 1, 2, 3…
  public let number: Int
  /// Metres: the split length, or what is left for the last one.
  public let distanceMeters: Double
  /// Moving seconds on it (intervals at 1 km/h or faster, the headline moving time's rule), so
  /// its pace is the headline pace's kind; `nil` when a point on it has no time.
  public let seconds: Double?
  /// Seconds from its start to its end, stops included; `nil` without times.
  public let elapsedSeconds: Double?
  /// The flat metres that cost as much as the split's grades (`GradeAdjustment`); `nil` without
  /// elevations, or for an activity not on foot.
  public let gradeAdjustedMeters: Double?

  /// Seconds per kilometre of moving time; `nil` without a time.
  public var paceSecondsPerKm: Double? {
    seconds.flatMap { Pace.secondsPerKm(moving: $0, distance: distanceMeters) }
  }

  /// The moving time over the flat distance of equal cost: the pace this effort would have
  /// been on the flat.
  public var gradeAdjustedPaceSecondsPerKm: Double? {
    guard let seconds, let gradeAdjustedMeters else { return nil }
    return Pace.secondsPerKm(moving: seconds, distance: gradeAdjustedMeters)
  }
}

/// Heart rate over a track's samples, beats per minute.
public struct HeartRateSummary: Sendable, Equatable {
  /// The mean of the samples (devices record them at a steady rate, so this is the time mean).
  public let average: Double
  public let lowest: Int
  public let highest: Int
  public let samples: Int
}

/// What a session's track adds to its measures, for showing one session.
public struct SessionDetail: Sendable, Equatable {
  public let session: RuckSession
  public let trackPointCount: Int
  /// Per distance unit along the track (none without a track).
  public let splits: [Split]
  /// The lowest and highest recorded elevation, metres (`nil` without elevations).
  public let lowestElevationMeters: Double?
  public let highestElevationMeters: Double?
  /// The heart rate over the points that recorded one (`nil` when none did).
  public let heartRate: HeartRateSummary?
  /// Time in each heart-rate zone; `nil` without heart rates or without zones in the profile.
  public let heartRateZones: HeartRateZoneTimes?
  /// The session's pace on the flat at equal cost (`GradeAdjustment`): its pace times the
  /// track's distance over the flat distance of equal cost (so a device's distance and moving
  /// time stay the headline's); `nil` without a timed track with elevations, or not on foot.
  public let gradeAdjustedPaceSecondsPerKm: Double?

  /// Splits every `length` metres along a track's points: distance within segments only (never
  /// across a gap), and each step's time shared between the splits it crosses in proportion to
  /// its distance (a step without distance gives its time to the split it is on).
  ///
  /// A track with a point without a time (a planned route, a partly timed track) has no split
  /// times at all, as it has no moving time: times on some splits only would be uneven. A point
  /// whose time goes back within its segment counts as recorded when the latest time before it
  /// was (as `TrackMeasures` leaves it out of time sums), so no split gets a negative time.
  public static func splits(_ points: [StoredTrackPoint], every length: Double) -> [Split] {
    var builder = TrackDetailBuilder(splitMeters: length)
    for point in points {
      _ = builder.add(
        segment: point.segment,
        TrackPoint(
          time: point.time, latitude: point.latitude, longitude: point.longitude,
          elevation: point.elevation, heartRate: point.heartRate))
    }
    return builder.splits
  }
}

/// What a session's detail needs from its track, gathered in one pass over the points in order
/// (straight from the stored chunks): the splits, the elevation range, the heart rate, the
/// grades and each point's distance along the track. A 400,000-point track is then never held as a list of
/// points, nor walked once per figure.
struct TrackDetailBuilder {
  /// Metres per split; none when not positive.
  let splitMeters: Double
  private(set) var pointCount = 0
  private var walk = GreatCircleWalk()
  private var segment: Int?
  /// Metres along the track so far, within segments only.
  private var along = 0.0
  /// The latest time so far in the segment.
  private var latest: Instant?
  private var untimed = false
  private var parts: [(distance: Double, seconds: Double, elapsed: Double)] = []
  private var current = (distance: 0.0, seconds: 0.0, elapsed: 0.0)
  private var lowest: Double?
  private var highest: Double?
  private var rates = (sum: 0, count: 0, lowest: Int.max, highest: Int.min)
  /// The zones to time, from the seconds at each rate (`HeartRateClock`).
  private let zones: HeartRateZones?
  private var clock = HeartRateClock()
  /// The gait whose cost adjusts pace for grade; none: no grade-adjusted pace.
  private let gait: Gait?
  private var grades = GradeProfile()

  init(splitMeters: Double, zones: HeartRateZones? = nil, gait: Gait? = nil) {
    self.splitMeters = splitMeters
    self.zones = zones
    self.gait = gait
  }

  /// Takes the next point of the track (of `segment`) and returns its distance along the track.
  mutating func add(segment: Int, _ point: TrackPoint) -> Double {
    pointCount += 1
    if let elevation = point.elevation {
      lowest = min(lowest ?? elevation, elevation)
      highest = max(highest ?? elevation, elevation)
    }
    if let rate = point.heartRate {
      rates = (rates.sum + rate, rates.count + 1, min(rates.lowest, rate), max(rates.highest, rate))
    }
    if point.time == nil { untimed = true }
    clock.add(point, newSegment: segment != self.segment)
    guard segment == self.segment else {
      if self.segment != nil { grades.endSegment() }
      self.segment = segment
      walk = GreatCircleWalk()
      _ = walk.step(to: point.latitude, point.longitude)
      latest = point.time
      if let elevation = point.elevation { grades.add(along: along, elevation: elevation) }
      return along
    }
    let total = walk.step(to: point.latitude, point.longitude)
    along += total
    if let elevation = point.elevation { grades.add(along: along, elevation: elevation) }
    guard splitMeters > 0 else { return along }
    var elapsed = 0.0
    if let start = latest, let time = point.time {
      elapsed = max(0, time.seconds(since: start))
      latest = max(start, time)
    }
    // A stop (no distance, or slower than 1 km/h) is elapsed time, not moving time: as the
    // session's moving time counts it (`TrackMeasures.movingSpeed`).
    let moving = elapsed > 0 && total / elapsed >= TrackMeasures.movingSpeed
    if total == 0 { current.elapsed += elapsed }
    var left = total
    while left > 0 {
      let taken = min(splitMeters - current.distance, left)
      current.distance += taken
      current.elapsed += elapsed * taken / total
      if moving { current.seconds += elapsed * taken / total }
      left -= taken
      if current.distance >= splitMeters {
        parts.append(current)
        current = (0, 0, 0)
      }
    }
    return along
  }

  /// The splits so far (the last one shorter); without times when any point had none.
  var splits: [Split] { splits(grades: closedGrades) }

  /// The grades so far, the last segment's included.
  private var closedGrades: GradeProfile {
    var grades = self.grades
    grades.endSegment()
    return grades
  }

  /// Whether grades adjust the pace: on foot, with elevations.
  private func adjusting(_ grades: GradeProfile) -> Gait? {
    grades.stretches.isEmpty ? nil : gait
  }

  private func splits(grades: GradeProfile) -> [Split] {
    let all = current.distance > 0 ? parts + [current] : parts
    let gait = adjusting(grades)
    var from = 0.0
    return all.enumerated().map { index, part in
      defer { from += part.distance }
      return Split(
        number: index + 1, distanceMeters: part.distance, seconds: untimed ? nil : part.seconds,
        elapsedSeconds: untimed ? nil : part.elapsed,
        gradeAdjustedMeters: gait.map {
          grades.adjustedMeters(from: from, to: from + part.distance, gait: $0)
        })
    }
  }

  func detail(of session: RuckSession) -> SessionDetail {
    let grades = closedGrades
    var gradeAdjustedPace: Double?
    if let gait = adjusting(grades), let pace = session.paceSecondsPerKm, along > 0 {
      gradeAdjustedPace = pace * along / grades.adjustedMeters(from: 0, to: along, gait: gait)
    }
    return SessionDetail(
      session: session, trackPointCount: pointCount, splits: splits(grades: grades),
      lowestElevationMeters: lowest, highestElevationMeters: highest,
      heartRate: rates.count == 0
        ? nil
        : HeartRateSummary(
          average: Double(rates.sum) / Double(rates.count), lowest: rates.lowest,
          highest: rates.highest, samples: rates.count),
      heartRateZones: rates.count == 0
        ? nil
        : zones.map { zones in
          var seconds = [Double](repeating: 0, count: 6)
          for (rate, time) in clock.seconds { seconds[zones.zone(of: rate)] += time }
          return HeartRateZoneTimes(zones: zones, seconds: seconds)
        },
      gradeAdjustedPaceSecondsPerKm: gradeAdjustedPace)
  }
}

extension RuckStore {
  /// A session with its track's splits (every `splitMeters`: a kilometre or a mile), elevation
  /// range and heart rate.
  ///
  /// - throws: `TallyError` (missing input) when there is no such session.
  public func sessionDetail(id: Int64, splitMeters: Double) throws -> SessionDetail {
    try writer.read { db in
      let session = try Self.existingSession(db, id: id)
      var builder = try Self.detailBuilder(db, for: session, splitMeters: splitMeters)
      try TrackChunk.forEachPoint(ofSession: id, in: db) { _ = builder.add(segment: $0, $1) }
      return builder.detail(of: session)
    }
  }

  /// The builder of a session's detail, with the profile's heart-rate zones for its year (its
  /// start's in UTC).
  static func detailBuilder(_ db: Database, for session: RuckSession, splitMeters: Double)
    throws -> TrackDetailBuilder
  {
    TrackDetailBuilder(
      splitMeters: splitMeters,
      zones: HeartRateZones(
        profile: try RuckProfile.current(db), year: Zone.utc.localDate(of: session.startedAt).year),
      gait: Gait(session.activity))
  }
}
