import AnalyticsCore

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

extension SessionDetail {
  /// The points of a track with their distance along it.
  static func route(_ points: [TrackPointRecord]) -> [RoutePosition] {
    var route: [RoutePosition] = []
    route.reserveCapacity(points.count)
    var distance = 0.0
    var previous: TrackPointRecord?
    for point in points {
      if let from = previous, from.segment == point.segment {
        distance += TrackMeasures.haversine(from.trackPoint, point.trackPoint)
      }
      route.append(
        RoutePosition(
          latitude: point.latitude, longitude: point.longitude, elevationMeters: point.elevation,
          distanceMeters: distance))
      previous = point
    }
    return route
  }
}

extension RuckStore {
  /// A session's detail (as `sessionDetail`) with its route, from one read of the track.
  ///
  /// - throws: `TallyError` (missing input) when there is no such session.
  public func sessionDetailWithRoute(id: Int64, splitMeters: Double) throws
    -> (detail: SessionDetail, route: [RoutePosition])
  {
    let (session, points) = try writer.read { db in
      (try Self.existingSession(db, id: id), try TrackPointRecord.all().ofSession(id).fetchAll(db))
    }
    return (
      SessionDetail(session: session, points: points, splitMeters: splitMeters),
      SessionDetail.route(points)
    )
  }
}
