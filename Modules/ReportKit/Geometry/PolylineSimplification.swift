/// A point in a plane, in metres.
struct PlanePoint: Sendable, Equatable {
  var x: Double
  var y: Double
}

/// Douglas–Peucker simplification: keeps the fewest points such that no dropped point lies
/// farther than `tolerance` from the simplified line.
///
/// A 400,000-point track drawn at 720 units across would spend most of its bytes on points a
/// fraction of a pixel apart; dropping points that stay within a few metres of the line changes
/// nothing a reader can see and keeps the page small.
enum PolylineSimplification {
  /// Indices of the points kept, ascending; the first and last point are always kept.
  ///
  /// Iterative (an explicit stack) so a long track cannot overflow the call stack.
  static func keptIndices(_ points: [PlanePoint], tolerance: Double) -> [Int] {
    guard points.count > 2 else { return Array(points.indices) }
    var kept = [Bool](repeating: false, count: points.count)
    kept[0] = true
    kept[points.count - 1] = true
    let limit = tolerance * tolerance
    var stack = [(points.startIndex, points.count - 1)]
    while let (first, last) = stack.popLast() {
      guard last - first > 1 else { continue }
      var farthest = first
      var farthestDistance = -1.0
      let a = points[first]
      let b = points[last]
      for index in (first + 1)..<last {
        let distance = squaredDistance(points[index], toSegment: a, b)
        if distance > farthestDistance {
          farthestDistance = distance
          farthest = index
        }
      }
      if farthestDistance > limit {
        kept[farthest] = true
        stack.append((first, farthest))
        stack.append((farthest, last))
      }
    }
    return kept.indices.filter { kept[$0] }
  }

  /// The squared distance from `p` to the segment `a`–`b` (to `a` when they coincide).
  static func squaredDistance(_ p: PlanePoint, toSegment a: PlanePoint, _ b: PlanePoint) -> Double {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = dx * dx + dy * dy
    var t = length > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length : 0
    t = min(1, max(0, t))
    let ex = a.x + t * dx - p.x
    let ey = a.y + t * dy - p.y
    return ex * ex + ey * ey
  }
}
