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
  /// The last recorded time.
  public let end: Instant?

  /// Mean Earth radius (IUGG), metres.
  public static let earthRadius = 6_371_008.8
  /// Intervals slower than this (m/s) are not moving: 1 km/h, as gpxpy.
  public static let movingSpeed = 1000.0 / 3600.0
  /// Elevation changes smaller than this (metres) are treated as GPS noise.
  public static let elevationDeadBand = 2.0

  /// Measures a parsed track.
  ///
  /// - throws: `TallyError` when times go backwards within a segment (rejected rather than
  ///   sorted: a reordered track would invent a route the user never walked).
  public init(_ track: ParsedTrack, name: String) throws {
    var distance = 0.0
    var moving = 0.0
    var gain = 0.0
    var loss = 0.0
    var sawElevation = false
    var first: Instant?
    var last: Instant?
    for (segmentIndex, segment) in track.segments.enumerated() {
      var previous: TrackPoint?
      for (pointIndex, point) in segment.enumerated() {
        if let time = point.time {
          if let last, time < last {
            throw TallyError.refused(
              "times go backwards at point \(pointIndex + 1) of segment \(segmentIndex + 1): "
                + "expected points in time order", source: .init(name))
          }
          first = first ?? time
          last = time
        }
        if let previous {
          let step = Self.haversine(previous, point)
          distance += step
          if let t0 = previous.time, let t1 = point.time, t1 > t0 {
            let seconds = t1.seconds(since: t0)
            if step / seconds >= Self.movingSpeed { moving += seconds }
          }
        }
        previous = point
      }
      let elevations = segment.compactMap(\.elevation)
      if !elevations.isEmpty {
        sawElevation = true
        let (up, down) = Self.climb(elevations)
        gain += up
        loss += down
      }
    }
    // A track whose points are only partly timed (some devices stamp only a few) has no
    // trustworthy durations: its start is known, its elapsed and moving time are not (0).
    let timed = track.segments.reduce(0) { $0 + $1.filter { $0.time != nil }.count }
    let partlyTimed = timed > 0 && timed < track.pointCount
    if partlyTimed { moving = 0 }
    self.distance = track.deviceDistance ?? distance
    // A TCX records times on trackpoints without a position too: its bounds cover them all.
    self.start = track.deviceStart ?? first
    self.end = track.deviceEnd ?? last
    if !partlyTimed, let start = self.start, let end = self.end {
      self.elapsed = max(0, end.seconds(since: start))
    } else {
      self.elapsed = 0
    }
    self.moving = track.deviceMovingTime ?? (track.segments.isEmpty ? self.elapsed : moving)
    self.elevationGain = sawElevation ? gain : nil
    self.elevationLoss = sawElevation ? loss : nil
  }

  /// The great-circle (haversine) distance between two points, in metres.
  public static func haversine(_ a: TrackPoint, _ b: TrackPoint) -> Double {
    let lat1 = a.latitude * .pi / 180
    let lat2 = b.latitude * .pi / 180
    let dLat = lat2 - lat1
    let dLon = (b.longitude - a.longitude) * .pi / 180
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
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
    try TrackMeasures(ParsedTrack.read(data, fileName: fileName), name: fileName)
  }
}
