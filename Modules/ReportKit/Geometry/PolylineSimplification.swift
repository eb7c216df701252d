/// A point in a plane, in metres.
struct PlanePoint: Sendable, Equatable {
  var x: Double
  var y: Double
}

/// Douglas–Peucker simplification: keeps the fewest points such that no dropped point lies
/// farther than the tolerance from the simplified line.
///
/// A 400,000-point track drawn at 720 units across would spend most of its bytes on points a
/// fraction of a pixel apart; dropping points that stay within a few metres of the line changes
/// nothing a reader can see and keeps the page small.
enum PolylineSimplification {
  /// Indices of the points kept at `tolerance`, ascending; the first and last are always kept.
  static func keptIndices(_ points: [PlanePoint], tolerance: Double) -> [Int] {
    let importance = importances(points, tolerance: tolerance)
    return importance.indices.filter { importance[$0] > tolerance }
  }

  /// For every point, the largest tolerance at which Douglas–Peucker would still keep it (infinite
  /// for the two ends, 0 for points dropped already at `tolerance`).
  ///
  /// Douglas–Peucker at a larger tolerance stops the same recursion earlier, so one run at the
  /// smallest tolerance answers every larger one: a point is kept at `t` exactly when its value
  /// here exceeds `t`. A point's value is its distance from the segment it split, capped by the
  /// value of the point that made that segment (the recursion never reaches it otherwise).
  /// Iterative, with an explicit stack, so a long track cannot overflow the call stack.
  static func importances(_ points: [PlanePoint], tolerance: Double) -> [Double] {
    var importance = [Double](repeating: 0, count: points.count)
    guard points.count > 1 else { return importance.map { _ in .infinity } }
    importance[0] = .infinity
    importance[points.count - 1] = .infinity
    let limit = tolerance * tolerance
    var stack = [(first: 0, last: points.count - 1, cap: Double.infinity)]
    points.withUnsafeBufferPointer { points in
      while let (first, last, cap) = stack.popLast() {
        guard last - first > 1 else { continue }
        let (farthest, squared) = farthestPoint(points, first, last)
        if squared > limit {
          let value = min(cap, squared.squareRoot())
          importance[farthest] = value
          stack.append((first, farthest, value))
          stack.append((farthest, last, value))
        }
      }
    }
    return importance
  }

  /// The point strictly between `first` and `last` farthest from the segment joining them, and its
  /// squared distance. The hot loop of a 400,000-point track, hence the unchecked buffer and the
  /// segment's terms computed once.
  private static func farthestPoint(
    _ points: UnsafeBufferPointer<PlanePoint>, _ first: Int, _ last: Int
  ) -> (Int, Double) {
    let a = points[first]
    let dx = points[last].x - a.x
    let dy = points[last].y - a.y
    let length = dx * dx + dy * dy
    let inverse = length > 0 ? 1 / length : 0
    var farthest = first + 1
    var farthestSquared = -1.0
    for index in (first + 1)..<last {
      let px = points[index].x - a.x
      let py = points[index].y - a.y
      let t = min(1, max(0, (px * dx + py * dy) * inverse))
      let ex = t * dx - px
      let ey = t * dy - py
      let squared = ex * ex + ey * ey
      if squared > farthestSquared {
        farthestSquared = squared
        farthest = index
      }
    }
    return (farthest, farthestSquared)
  }

  /// The squared distance from `p` to the segment `a`–`b` (to `a` when they coincide).
  static func squaredDistance(_ p: PlanePoint, toSegment a: PlanePoint, _ b: PlanePoint) -> Double {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = dx * dx + dy * dy
    let t = length > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length)) : 0
    let ex = a.x + t * dx - p.x
    let ey = a.y + t * dy - p.y
    return ex * ex + ey * ey
  }
}
