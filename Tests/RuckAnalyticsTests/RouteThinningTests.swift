import Testing

@testable import RuckAnalytics

@Suite("Thinning a long track's route as it is read")
struct RouteThinningTests {
  /// A point of segment `segment`, `along` metres along the track, with an elevation or none.
  struct Point: Sendable, CustomTestStringConvertible {
    var segment = 0
    var along: Double
    var elevation: Double?
    var testDescription: String { "\(segment)/\(along)/\(elevation.map { "\($0)" } ?? "-")" }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var resolution: Int
    var points: [Point]
    /// Indices of the points kept, worked out by hand in each case's comment.
    var kept: [Int]
    var spacing: Double
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // 1: allowance 10/2 = 5, 10 along ≥ 5: kept. 2: allowance 6, 2 along from 1: out.
    // 3: allowance 15, 20 along from 1: kept. 4: allowance 15.5, 1 along: out, but it is the
    // last point, so kept after all; the largest allowance of a point left for good is 6.
    Case(
      name: "along the track", resolution: 2,
      points: [0, 10, 12, 30, 31].map { Point(along: $0) }, kept: [0, 1, 3, 4], spacing: 6),
    // Same points, resolution 10 ≥ 5 points: nothing is thinned.
    Case(
      name: "short track keeps every point", resolution: 10,
      points: [0, 10, 12, 30, 31].map { Point(along: $0) }, kept: [0, 1, 2, 3, 4], spacing: 0),
    // 1: allowance 3, 3 along is not less: kept. 2: allowance 5, √(2² + 4²) = √20 ≈ 4.47 < 5:
    // out. 3: allowance 6, √(3² + 6²) = √45 ≈ 6.71 ≥ 6 (3 along, 6 up from point 1): kept.
    Case(
      name: "climb counts in the profile's plane", resolution: 1,
      points: [
        Point(along: 0, elevation: 0), Point(along: 3, elevation: 0),
        Point(along: 5, elevation: 4), Point(along: 6, elevation: 6),
      ], kept: [0, 1, 3], spacing: 5),
    // 1: allowance 100, 100 along: kept. 2 starts segment 1 (0 along across the gap): kept.
    // 3: allowance 100.5, 0.5 along: out. 4: allowance 300, 200 along from 2: out, but last.
    Case(
      name: "a segment's first point is kept", resolution: 1,
      points: [
        Point(segment: 0, along: 0), Point(segment: 0, along: 100),
        Point(segment: 1, along: 100), Point(segment: 1, along: 100.5),
        Point(segment: 1, along: 300),
      ], kept: [0, 1, 2, 4], spacing: 100.5),
    // 2 (1 along, allowance 11) and 3 sit next to a point without/with an elevation: kept.
    Case(
      name: "a point with an elevation next to one without is kept", resolution: 1,
      points: [
        Point(along: 0), Point(along: 10), Point(along: 11, elevation: 5),
        Point(along: 12),
      ], kept: [0, 1, 2, 3], spacing: 0),
  ]

  @Test(arguments: cases)
  func thinning(_ example: Case) {
    var thinning = RouteThinning(resolution: example.resolution, pointCount: example.points.count)
    let positions = example.points.map {
      RoutePosition(
        latitude: 0, longitude: $0.along, elevationMeters: $0.elevation, distanceMeters: $0.along)
    }
    for (point, position) in zip(example.points, positions) {
      thinning.add(segment: point.segment, position)
    }
    let route = thinning.finish()
    #expect(route.positions == example.kept.map { positions[$0] })
    #expect(route.spacingMeters == example.spacing)
  }
}
