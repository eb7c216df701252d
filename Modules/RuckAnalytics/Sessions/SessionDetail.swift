import AnalyticsCore

/// One split of a session's track: a whole distance unit (the last one shorter).
public struct Split: Sendable, Equatable {
  /// 1, 2, 3…
  public let number: Int
  /// Metres: the split length, or what is left for the last one.
  public let distanceMeters: Double
  /// Seconds spent on it; `nil` when a point on it has no time.
  public let seconds: Double?

  /// Seconds per kilometre; `nil` without a time.
  public var paceSecondsPerKm: Double? {
    seconds.flatMap { Pace.secondsPerKm(moving: $0, distance: distanceMeters) }
  }
}

/// Heart rate over a track's samples, beats per minute.
public struct HeartRateSummary: Sendable, Equatable {
  /// The mean of the samples (devices record them at a steady rate, so this is the time mean).
  public let average: Double
  public let lowest: Int
  public let highest: Int
  public let samples: Int

  init?(_ rates: [Int]) {
    guard let lowest = rates.min(), let highest = rates.max() else { return nil }
    average = Double(rates.reduce(0, +)) / Double(rates.count)
    self.lowest = lowest
    self.highest = highest
    samples = rates.count
  }
}

/// What a session's track adds to its measures, for showing one session.
public struct SessionDetail: Sendable, Equatable {
  public let session: RuckSession
  public let trackPointCount: Int
  /// Per distance unit along the track (none without a track).
  public let splits: [Split]
  /// The lowest and highest recorded elevation, metres (`nil` without elevations).
  public let lowestElevationMeters: Double?
  public let highestElevationMeters: Double?
  /// The heart rate over the points that recorded one (`nil` when none did).
  public let heartRate: HeartRateSummary?

  /// Splits every `length` metres along a track's points: distance within segments only (never
  /// across a gap), and each step's time shared between the splits it crosses in proportion to
  /// its distance (a step without distance gives its time to the split it is on).
  ///
  /// A track with a point without a time (a planned route, a partly timed track) has no split
  /// times at all, as it has no moving time: times on some splits only would be uneven. A point
  /// whose time goes back within its segment counts as recorded when the latest time before it
  /// was (as `TrackMeasures` leaves it out of time sums), so no split gets a negative time.
  public static func splits(_ points: [TrackPointRecord], every length: Double) -> [Split] {
    guard length > 0 else { return [] }
    let timedTrack = points.allSatisfy { $0.time != nil }
    var parts: [(distance: Double, seconds: Double, timed: Bool)] = []
    var current = (distance: 0.0, seconds: 0.0, timed: timedTrack)
    var previous: TrackPointRecord?
    var latest: Instant?  // the latest time so far in the segment
    for point in points {
      defer { previous = point }
      guard let from = previous, from.segment == point.segment else {
        latest = point.time
        continue
      }
      let total = TrackMeasures.haversine(from.trackPoint, point.trackPoint)
      var elapsed: Double?
      if timedTrack, let start = latest, let time = point.time {
        elapsed = max(0, time.seconds(since: start))
        latest = max(start, time)
      }
      if elapsed == nil { current.timed = false }
      if total == 0 { current.seconds += elapsed ?? 0 }
      var left = total
      while left > 0 {
        let taken = min(length - current.distance, left)
        current.distance += taken
        current.seconds += (elapsed ?? 0) * taken / total
        left -= taken
        if current.distance >= length {
          parts.append(current)
          current = (0, 0, elapsed != nil)
        }
      }
    }
    if current.distance > 0 { parts.append(current) }
    return parts.enumerated().map { index, part in
      Split(
        number: index + 1, distanceMeters: part.distance,
        seconds: part.timed ? part.seconds : nil)
    }
  }
}

extension SessionDetail {
  /// The detail of `session` from its track's `points`, split every `splitMeters`.
  init(session: RuckSession, points: [TrackPointRecord], splitMeters: Double) {
    let elevations = points.compactMap(\.elevation)
    self.init(
      session: session, trackPointCount: points.count,
      splits: Self.splits(points, every: splitMeters),
      lowestElevationMeters: elevations.min(), highestElevationMeters: elevations.max(),
      heartRate: HeartRateSummary(points.compactMap(\.heartRate)))
  }
}

extension TrackPointRecord {
  var trackPoint: TrackPoint {
    TrackPoint(
      time: time, latitude: latitude, longitude: longitude, elevation: elevation,
      heartRate: heartRate)
  }
}

extension RuckStore {
  /// A session with its track's splits (every `splitMeters`: a kilometre or a mile), elevation
  /// range and heart rate.
  ///
  /// - throws: `TallyError` (missing input) when there is no such session.
  public func sessionDetail(id: Int64, splitMeters: Double) throws -> SessionDetail {
    let (session, points) = try writer.read { db in
      (try Self.existingSession(db, id: id), try TrackPointRecord.all().ofSession(id).fetchAll(db))
    }
    return SessionDetail(session: session, points: points, splitMeters: splitMeters)
  }
}
