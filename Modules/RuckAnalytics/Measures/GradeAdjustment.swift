import AnalyticsCore

/// How a session moved on foot, for the energy cost of a grade: walking (rucks, hikes, walks)
/// and running cost differently on the flat and climb differently.
public enum Gait: String, Sendable {
  case walking, running

  /// The gait of an activity; none for a ride or anything else (no pace on foot to adjust).
  public init?(_ activity: Activity) {
    switch activity {
    case .ruck, .hike, .walk: self = .walking
    case .run: self = .running
    case .bike, .other: return nil
    }
  }
}

/// Grade-adjusted pace: the pace on the flat that costs the same energy as the pace walked on
/// the track's grades. Each stretch of the track counts as the flat distance of equal cost, its
/// length times C(grade) / C(0), and the pace is the moving time over that flat distance.
public enum GradeAdjustment {
  /// Minetti's polynomials are fitted to measurements from −45% to +45% grade; steeper grades
  /// are taken as ±45% (the polynomial turns back outside).
  public static let steepestGrade = 0.45

  /// A grade is measured over at least this many metres of track: GPS elevation wanders by a
  /// metre or two from point to point, which over 10 m reads as a 10–20% grade, and the
  /// polynomial is convex, so noise would add cost on the flat. On the real Fenix 2 run the
  /// adjusted distance is 4.1% over the plain one with 10 m grades, 1.5% with 100 m and 200 m.
  public static let gradeMeters = 100.0

  /// The net energy cost of moving one metre (horizontal) at `grade` (rise over run), J/kg/m:
  /// Minetti, Moia, Roi, Susta and Ferretti, "Energy cost of walking and running at extreme
  /// uphill and downhill slopes", J Appl Physiol 93: 1039–1046 (2002), the fifth-order fits:
  ///   walking  Cw = 280.5 i⁵ − 58.7 i⁴ − 76.8 i³ + 51.9 i² + 19.6 i + 2.5
  ///   running  Cr = 155.4 i⁵ − 30.4 i⁴ − 43.3 i³ + 46.3 i² + 19.5 i + 3.6
  public static func cost(grade: Double, gait: Gait) -> Double {
    let i = min(steepestGrade, max(-steepestGrade, grade))
    let c: (Double, Double, Double, Double, Double, Double) =
      switch gait {
      case .walking: (280.5, -58.7, -76.8, 51.9, 19.6, 2.5)
      case .running: (155.4, -30.4, -43.3, 46.3, 19.5, 3.6)
      }
    return ((((c.0 * i + c.1) * i + c.2) * i + c.3) * i + c.4) * i + c.5
  }

  /// Flat metres per metre at `grade`: C(grade) / C(0).
  public static func factor(grade: Double, gait: Gait) -> Double {
    cost(grade: grade, gait: gait) / cost(grade: 0, gait: gait)
  }
}

/// The grades along a track, gathered point by point: each segment's elevations are smoothed
/// as the climb's are (0.3/0.4/0.3, `TrackMeasures.climb`) and cut into stretches of at least
/// `GradeAdjustment.gradeMeters`, each with the grade between its ends; what is left at the
/// segment's end joins its last stretch (a 2 m tail rising 0.5 m would read as 25%), and only a
/// segment shorter than that is one short stretch. Distance where a segment has no elevation (before its first, after its
/// last) is left as it is.
struct GradeProfile {
  /// A stretch of track, in metres along the track (`TrackDetailBuilder`'s distance, which
  /// skips the gaps between segments), and its grade.
  struct Stretch: Equatable {
    let from: Double
    let to: Double
    let grade: Double
  }

  private(set) var stretches: [Stretch] = []
  /// The current segment's points with an elevation: distance along the track, elevation.
  private var points: [(along: Double, elevation: Double)] = []

  mutating func add(along: Double, elevation: Double) { points.append((along, elevation)) }

  /// Closes the current segment: its stretches are known once its last point is.
  mutating func endSegment() {
    defer { points.removeAll(keepingCapacity: true) }
    guard points.count >= 2 else { return }
    var smoothed = points.map(\.elevation)
    for index in 1..<(points.count - 1) {
      smoothed[index] =
        points[index - 1].elevation * 0.3 + points[index].elevation * 0.4
        + points[index + 1].elevation * 0.3
    }
    var start = 0
    // Where this segment's last stretch began, to join a short tail to it.
    var previous: Int?
    for index in 1..<points.count {
      var length = points[index].along - points[start].along
      guard length >= GradeAdjustment.gradeMeters || index == points.count - 1 else { continue }
      if length < GradeAdjustment.gradeMeters, let previous {
        stretches.removeLast()
        start = previous
        length = points[index].along - points[start].along
      }
      if length > 0 {
        stretches.append(
          Stretch(
            from: points[start].along, to: points[index].along,
            grade: (smoothed[index] - smoothed[start]) / length))
        previous = start
      }
      start = index
    }
  }

  /// The flat metres of equal cost to the track from `from` to `to` metres along it.
  func adjustedMeters(from: Double, to: Double, gait: Gait) -> Double {
    var meters = to - from
    // Stretches are in order along the track; a split overlaps a few of them.
    var index = firstStretch(endingAfter: from)
    while index < stretches.count, stretches[index].from < to {
      let stretch = stretches[index]
      let overlap = min(to, stretch.to) - max(from, stretch.from)
      if overlap > 0 {
        meters += overlap * (GradeAdjustment.factor(grade: stretch.grade, gait: gait) - 1)
      }
      index += 1
    }
    return meters
  }

  /// The index of the first stretch that ends after `along` (binary search).
  private func firstStretch(endingAfter along: Double) -> Int {
    var low = 0
    var high = stretches.count
    while low < high {
      let middle = (low + high) / 2
      if stretches[middle].to <= along { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
