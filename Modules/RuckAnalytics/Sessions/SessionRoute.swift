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

extension RuckStore {
  /// A session's detail (as `sessionDetail`) with its route, from one pass over the track.
  ///
  /// - throws: `TallyError` (missing input) when there is no such session.
  public func sessionDetailWithRoute(id: Int64, splitMeters: Double) throws
    -> (detail: SessionDetail, route: [RoutePosition])
  {
    let (session, chunks) = try writer.read { db in
      (try Self.existingSession(db, id: id), try TrackChunk.all().ofSession(id).fetchAll(db))
    }
    var builder = TrackDetailBuilder(splitMeters: splitMeters)
    var route: [RoutePosition] = []
    route.reserveCapacity(chunks.reduce(0) { $0 + $1.pointCount })
    try TrackChunk.forEachPoint(of: chunks) { segment, point in
      let along = builder.add(segment: segment, point)
      route.append(
        RoutePosition(
          latitude: point.latitude, longitude: point.longitude, elevationMeters: point.elevation,
          distanceMeters: along))
    }
    return (builder.detail(of: session), route)
  }
}
