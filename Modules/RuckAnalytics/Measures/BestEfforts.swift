import AnalyticsCore

/// The fastest stretch of a track covering a set distance, in moving time: Strava's and
/// Garmin's "best efforts" (issue 36 §2).
///
/// Along each segment, distance is the track's (great-circle steps, never across a gap) and time
/// is moving time (a step at 1 km/h or faster, `TrackMeasures.movingSpeed`, as the session's
/// headline pace counts it). For each point, the stretch ending there starts at the exact place
/// `distance` before it, between two points, whose moving time is interpolated by distance; the
/// best is the least moving time over every end, leaving out a stretch faster than 3:00 /km
/// (`RuckSession.fastestPlausiblePace`, what flags a whole session: a car, a GPS jump), so that
/// the session's best is its fastest plausible one. A track with a point without a time has
/// none.
public enum BestEfforts {
  /// The distances timed, with their names: 1 km, 1 mile, 5 km, 10 km.
  public static let distances: [(name: String, meters: Double)] = [
    ("1 km", 1_000), ("1 mi", 1_609.344), ("5 km", 5_000), ("10 km", 10_000),
  ]

  /// The least moving seconds over each distance of `distances` the track covers within one
  /// segment; empty for an untimed track.
  static func compute(_ segments: [[TrackPoint]]) -> [(meters: Double, seconds: Double)] {
    var best: [Double: Double] = [:]
    for points in segments {
      guard points.allSatisfy({ $0.time != nil }) else { return [] }
      // Cumulative distance and moving time at each point.
      var along = [0.0]
      var moving = [0.0]
      var walk = GreatCircleWalk()
      var latest: Instant?
      for point in points {
        let step = walk.step(to: point.latitude, point.longitude)
        guard let start = latest, let time = point.time else {
          latest = point.time
          continue
        }
        let elapsed = max(0, time.seconds(since: start))
        latest = max(start, time)
        let isMoving = elapsed > 0 && step / elapsed >= TrackMeasures.movingSpeed
        along.append(along.last! + step)
        moving.append(moving.last! + (isMoving ? elapsed : 0))
      }
      for (_, meters) in distances where along.last! >= meters {
        let fastest = RuckSession.fastestPlausiblePace * meters / 1_000
        var start = 0
        for end in along.indices where along[end] >= meters {
          // The last start point at least `meters` before the end.
          while start + 1 < end, along[end] - along[start + 1] >= meters { start += 1 }
          let span = along[start + 1] - along[start]
          let fraction = span > 0 ? (along[end] - meters - along[start]) / span : 0
          let begin = moving[start] + fraction * (moving[start + 1] - moving[start])
          let seconds = moving[end] - begin
          guard seconds >= fastest else { continue }
          best[meters] = min(best[meters] ?? seconds, seconds)
        }
      }
    }
    return distances.compactMap { _, meters in best[meters].map { (meters, $0) } }
  }
}
