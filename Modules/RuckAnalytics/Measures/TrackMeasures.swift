import AnalyticsCore
import Foundation

/// What a track measures, computed the documented way (see `Docs/Ruck.md`).
public struct TrackMeasures: Sendable, Equatable {
  /// Great-circle distance between consecutive points within each segment, in metres.
  public let distance: Double
  /// Last recorded time minus first, in seconds (0 without times).
  public let elapsed: Double
  /// Time spent in intervals of at least 1 km/h, in seconds.
  public let moving: Double
  /// Climb after smoothing and the 2 m dead band, in metres (`nil` without elevations).
  public let elevationGain: Double?
  /// Descent, the same way.
  public let elevationLoss: Double?
  /// The first recorded time.
  public let start: Instant?
  /// The last recorded time; the start when the track is only partly timed, whose elapsed time
  /// is unknown (an end 57 s after the start beside an elapsed time of 0 contradicted itself).
  public let end: Instant?

  /// Mean Earth radius (IUGG), metres.
  public static let earthRadius = 6_371_008.8
  /// Intervals slower than this (m/s) are not moving: 1 km/h, as gpxpy.
  public static let movingSpeed = 1000.0 / 3600.0
  /// Elevation changes smaller than this (metres) are treated as GPS noise.
  public static let elevationDeadBand = 2.0

  /// Points whose time goes back within their segment: kept for distance, left out of time sums
  /// (the import warns with this count).
  public let timesGoingBack: Int

  /// Measures a parsed track. Segments are measured each on their own and never joined (several
  /// `<trk>`s or `<trkseg>`s in any time order — two devices on one walk, a resumed recording):
  /// distance and moving time are sums over segments, the start the earliest time and the end the
  /// latest. Within a segment, a point whose time is earlier than one before it keeps its
  /// distance, but its time is ignored: the moving-time interval runs from the last point in
  /// order to the next one.
  public init(_ track: ParsedTrack) {
    var distance = 0.0
    var moving = 0.0
    var gain = 0.0
    var loss = 0.0
    var sawElevation = false
    var first: Instant?
    var last: Instant?
    var goingBack = 0
    for segment in track.segments {
      var along = 0.0
      // The last point whose time is in order, and the distance along the segment at it.
      var anchor: (time: Instant, along: Double)?
      for (point, step) in zip(segment, Self.steps(segment)) {
        along += step
        guard let time = point.time else { continue }
        if let anchor, time < anchor.time {
          goingBack += 1
          continue
        }
        if let anchor, time > anchor.time {
          let seconds = time.seconds(since: anchor.time)
          if (along - anchor.along) / seconds >= Self.movingSpeed { moving += seconds }
        }
        anchor = (time, along)
        first = min(first ?? time, time)
        last = max(last ?? time, time)
      }
      distance += along
      let elevations = segment.compactMap(\.elevation)
      if !elevations.isEmpty {
        sawElevation = true
        let (up, down) = Self.climb(elevations)
        gain += up
        loss += down
      }
    }
    timesGoingBack = goingBack
    // A track whose points are only partly timed (some devices stamp only a few) has no
    // trustworthy durations: its start is known, its elapsed and moving time are not (0).
    let timed = track.segments.reduce(0) { total, segment in
      segment.reduce(total) { $1.time == nil ? $0 : $0 + 1 }  // counted, not filtered: no copy
    }
    let partlyTimed = timed > 0 && timed < track.pointCount
    if partlyTimed { moving = 0 }
    self.distance = track.deviceDistance ?? distance
    // A TCX records times on trackpoints without a position too: its bounds cover them all.
    self.start = track.deviceStart ?? first
    self.end = track.deviceEnd ?? (partlyTimed ? first : last)
    if !partlyTimed, let start = self.start, let end = self.end {
      self.elapsed = max(0, end.seconds(since: start))
    } else {
      self.elapsed = 0
    }
    self.moving = track.deviceMovingTime ?? (track.segments.isEmpty ? self.elapsed : moving)
    // The device's climb when it counted one (a FIT session's), as its distance and calories.
    self.elevationGain = track.deviceAscent ?? (sawElevation ? gain : nil)
    self.elevationLoss = track.deviceDescent ?? (sawElevation ? loss : nil)
  }

  /// Segments from this many points on have their steps computed on two threads.
  static let stepsOnTwoThreadsFrom = 100_000

  /// The great-circle step to each point from the one before (0 for the first). A long
  /// segment's halves are walked on two threads, the second starting from the first's last
  /// point: its trigonometry was ~5% of a 420,000-point import, on one core. The steps are the
  /// same either way, bit for bit, and are summed in order by the caller.
  static func steps(_ points: [TrackPoint]) -> [Double] {
    guard points.count >= stepsOnTwoThreadsFrom else { return steps(points, 0..<points.count) }
    let middle = points.count / 2
    let halves = LockedValue<[[Double]]>([[], []])
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      let steps = steps(points, half == 0 ? 0..<middle : middle..<points.count)
      halves.withLock { $0[half] = steps }
    }
    let both = halves.current
    return both[0] + both[1]
  }

  /// The steps to the points of `range` (the first from the point before it, if any).
  private static func steps(_ points: [TrackPoint], _ range: Range<Int>) -> [Double] {
    var walk = GreatCircleWalk()
    if range.lowerBound > 0 {
      let before = points[range.lowerBound - 1]
      _ = walk.step(to: before.latitude, before.longitude)
    }
    var steps: [Double] = []
    steps.reserveCapacity(range.count)
    for point in points[range] { steps.append(walk.step(to: point.latitude, point.longitude)) }
    return steps
  }

  /// The haversine from latitudes in radians with their cosines, and longitudes in degrees: a
  /// walk along a track (`GreatCircleWalk`) computes each cosine once for the steps on both sides.
  static func haversine(
    _ lat1: Double, _ cos1: Double, _ lat2: Double, _ cos2: Double,
    longitudes lon1: Double, _ lon2: Double
  ) -> Double {
    let dLat = lat2 - lat1
    let dLon = (lon2 - lon1) * .pi / 180
    let h = sin(dLat / 2) * sin(dLat / 2) + cos1 * cos2 * sin(dLon / 2) * sin(dLon / 2)
    return 2 * earthRadius * asin(min(1, h.squareRoot()))
  }

  /// Climb and descent of an elevation series: first smoothed with weights 0.3/0.4/0.3 over each
  /// point and its neighbours (the ends unchanged, as gpxpy does), then counted through a dead
  /// band: a change is added only once the smoothed elevation has moved `elevationDeadBand` metres
  /// from the last counted level; what is left at the end is added too.
  public static func climb(_ elevations: [Double]) -> (gain: Double, loss: Double) {
    guard elevations.count >= 2 else { return (0, 0) }
    var smoothed = elevations
    if elevations.count >= 3 {
      for index in 1..<(elevations.count - 1) {
        smoothed[index] =
          elevations[index - 1] * 0.3 + elevations[index] * 0.4 + elevations[index + 1] * 0.3
      }
    }
    var gain = 0.0
    var loss = 0.0
    var level = smoothed[0]
    for value in smoothed.dropFirst() {
      let change = value - level
      if change >= elevationDeadBand {
        gain += change
        level = value
      } else if change <= -elevationDeadBand {
        loss -= change
        level = value
      }
    }
    let rest = smoothed[smoothed.count - 1] - level
    if rest > 0 { gain += rest } else { loss -= rest }
    return (gain, loss)
  }
}

extension TrackMeasures {
  /// Reads a GPX, TCX or FIT file and measures its track, without storing anything.
  ///
  /// - throws: `TallyError` for a file that is not a readable GPX, TCX or FIT track.
  public static func measure(_ data: Data, fileName: String) throws -> TrackMeasures {
    TrackMeasures(try ParsedTrack.read(data, fileName: fileName))
  }
}

/// Great-circle steps from point to point, each latitude's cosine computed once though it serves
/// the step before and after: the trigonometry is most of what a pass over a long track costs.
/// The distances are `TrackMeasures.haversine`'s, bit for bit.
struct GreatCircleWalk {
  /// The last point: latitude in radians, its cosine, longitude in degrees.
  private var last: (latitude: Double, cosine: Double, longitude: Double)?

  /// Metres from the last point to this one (degrees); 0 for the first.
  mutating func step(to latitude: Double, _ longitude: Double) -> Double {
    let radians = latitude * .pi / 180
    let cosine = cos(radians)
    defer { last = (radians, cosine, longitude) }
    guard let last else { return 0 }
    return TrackMeasures.haversine(
      last.latitude, last.cosine, radians, cosine, longitudes: last.longitude, longitude)
  }
}
