import AnalyticsCore
import Foundation
import GRDB

/// A track point placed along its track: where it is and how far along, for drawing the route
/// and its elevation profile.
public struct RoutePosition: Sendable, Equatable {
  /// Degrees.
  public let latitude: Double
  public let longitude: Double
  /// Metres, when recorded.
  public let elevationMeters: Double?
  /// Metres along the track from its first point, within segments only: a gap between segments
  /// (a paused recording) adds nothing, as in the session's distance.
  public let distanceMeters: Double
}

/// The positions to draw a session's route and elevation profile from.
public struct SessionRoute: Sendable, Equatable {
  /// Every recorded point in track order, or for a long track those left by the thinning
  /// `spacingMeters` describes; the first and last points are always among them.
  public let positions: [RoutePosition]
  /// Metres: every recorded point left out of `positions` lies less than this from the position
  /// kept before it, both along the track and in the elevation profile's plane (the hypotenuse
  /// of the distance along and the climb). 0 when nothing was left out.
  public let spacingMeters: Double
}

/// Thins a long track's positions while they stream in, so that a page over 400,000 points
/// never holds (or simplifies) 400,000 of them: the radial-distance pass simplify.js makes before
/// Douglas–Peucker, measured along the track and in the profile.
///
/// A point is left out when it is closer than `distance along so far ÷ resolution` to the
/// position kept before it. The allowance grows with the distance, so it is known as the points
/// come (nothing is read twice) and never exceeds the whole track's length ÷ `resolution`. A track
/// of n evenly spaced points keeps about resolution × (1 + ln(n ÷ resolution)) of them: about
/// 47,000 of 400,000 at 10,000. A segment's first point is always kept (the distance along stops
/// at a gap, the position does not), and so is the track's last one.
struct RouteThinning {
  /// Parts of the track's length a kept position may stand for; a track of at most this many
  /// points keeps every one.
  let resolution: Int
  let thins: Bool
  private(set) var positions: [RoutePosition] = []
  /// The largest allowance a point was left out under.
  private(set) var spacing = 0.0
  private var segment: Int?
  /// The latest point, when it was left out, with its allowance: kept after all if it turns
  /// out to be the last.
  private var leftOut: (position: RoutePosition, allowance: Double)?

  init(resolution: Int, pointCount: Int) {
    self.resolution = max(resolution, 1)
    thins = pointCount > self.resolution
    positions.reserveCapacity(
      thins
        ? Int(Double(self.resolution) * (1 + log(Double(pointCount) / Double(self.resolution))))
        : pointCount)
  }

  mutating func add(segment: Int, _ position: RoutePosition) {
    defer { self.segment = segment }
    // A point after it: the one left out before stays out.
    if let leftOut { spacing = max(spacing, leftOut.allowance) }
    leftOut = nil
    if thins, segment == self.segment, let kept = positions.last {
      let allowance = position.distanceMeters / Double(resolution)
      if Self.isNear(position, kept, within: allowance) {
        leftOut = (position, allowance)
        return
      }
    }
    positions.append(position)
  }

  /// The positions kept, the track's last point among them.
  mutating func finish() -> SessionRoute {
    if let leftOut { positions.append(leftOut.position) }
    leftOut = nil
    return SessionRoute(positions: positions, spacingMeters: spacing)
  }

  /// Whether `position` lies within `allowance` of `kept` along the track and, when both have an
  /// elevation, in the profile's plane; a point with an elevation next to one without is kept.
  static func isNear(_ position: RoutePosition, _ kept: RoutePosition, within allowance: Double)
    -> Bool
  {
    let along = position.distanceMeters - kept.distanceMeters
    guard along < allowance else { return false }
    switch (position.elevationMeters, kept.elevationMeters) {
    case (nil, nil): return true
    case (let elevation?, let keptElevation?):
      let climb = elevation - keptElevation
      return along * along + climb * climb < allowance * allowance
    default: return false
    }
  }
}

extension RuckStore {
  /// A session's detail (as `sessionDetail`) with its route, from one pass over the track; a
  /// track of more than `routeResolution` points comes thinned (`RouteThinning`), while the
  /// detail's splits, elevations and heart rate still come from every point.
  ///
  /// - throws: `TallyError` (missing input) when there is no such session.
  public func sessionDetailWithRoute(id: Int64, splitMeters: Double, routeResolution: Int)
    throws -> (detail: SessionDetail, route: SessionRoute)
  {
    try writer.read { db in
      let session = try Self.existingSession(db, id: id)
      let pointCount = try TrackChunk.all().ofSession(id)
        .select(sum(TrackChunk.Columns.pointCount), as: Int.self).fetchOne(db)
      var builder = try Self.detailBuilder(db, for: session, splitMeters: splitMeters)
      var route = RouteThinning(resolution: routeResolution, pointCount: pointCount ?? 0)
      try TrackChunk.forEachPoint(ofSession: id, in: db) { segment, point in
        let along = builder.add(segment: segment, point)
        route.add(
          segment: segment,
          RoutePosition(
            latitude: point.latitude, longitude: point.longitude, elevationMeters: point.elevation,
            distanceMeters: along))
      }
      return (builder.detail(of: session), route.finish())
    }
  }
}

extension RuckStore {
  /// Every session's track positions whose local day lies in `range` (flagged sessions left
  /// out: a car drive is no walked route), oldest first.
  public func routes(in range: DayRange, zone: Zone) throws
    -> [(sessionId: Int64, day: LocalDate, positions: [(latitude: Double, longitude: Double)])]
  {
    try writer.read { db in
      // Only the period's sessions are read (their starts within its days in `zone`), not the
      // whole history.
      let (first, end) = zone.instants(of: range)
      let sessions = try RuckSession.all().chronological()
        .filter(RuckSession.Columns.startedAt >= first && RuckSession.Columns.startedAt < end)
        .filter(sql: "EXISTS (SELECT 1 FROM track_chunk c WHERE c.session_id = ruck_session.id)")
        .fetchAll(db)
      var routes: [(Int64, LocalDate, [(latitude: Double, longitude: Double)])] = []
      for session in sessions where session.recordStatus != .unconfirmed {
        let day = zone.localDate(of: session.startedAt)
        var positions: [(latitude: Double, longitude: Double)] = []
        try TrackChunk.forEachPoint(ofSession: session.id!, in: db) { _, point in
          positions.append((point.latitude, point.longitude))
        }
        routes.append((session.id!, day, positions))
      }
      return routes
    }
  }
}
