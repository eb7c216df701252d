import AnalyticsCore
import DataFormats
import Foundation

/// Reads a FIT activity (Garmin's binary format, decoded by `DataFormats.FITActivity`) into a
/// track: positioned `record` messages become points, and the device's own totals — distance,
/// timer (moving) time, start and end — win over what the points add up to, as with TCX laps.
enum FITReader {
  static func read(_ data: Data, name: String) throws -> ParsedTrack {
    let activity: FITActivity
    do {
      activity = try FITActivity(decoding: [UInt8](data))
    } catch let error as TallyError {
      throw error.at(TallyError.Source(name))
    }
    // Chained FIT files (one recording appended to another) restart their clock: a record that
    // goes back in time starts a new segment instead of making the track run backwards.
    var segments: [[TrackPoint]] = []
    var segment: [TrackPoint] = []
    for (index, record) in activity.records.enumerated() {
      guard let latitude = record.latitude, let longitude = record.longitude else { continue }
      if let time = record.time, let last = segment.last?.time, time < last {
        segments.append(segment)
        segment = []
      }
      segment.append(
        try TrackPoint(
          time: record.time, latitude: latitude, longitude: longitude,
          // A strap that lost contact records 0: no sample, not a bad file.
          elevation: record.altitude, heartRate: record.heartRate == 0 ? nil : record.heartRate
        ).validated(.init(name), point: "record \(index + 1)"))
    }
    if !segment.isEmpty { segments.append(segment) }
    let summaries = activity.sessions.isEmpty ? activity.laps : activity.sessions
    let distances = summaries.compactMap(\.totalDistance)
    // The device's calories, as TCX laps give theirs: what the watch showed, not an estimate.
    // Only when every summary has them: a partial sum is no total.
    let calories =
      summaries.allSatisfy { $0.totalCalories != nil } ? summaries.compactMap(\.totalCalories) : []
    let timers = summaries.compactMap(\.totalTimerTime)
    let starts = summaries.compactMap(\.startTime)
    let ends = summaries.compactMap { summary in
      summary.timestamp
        ?? summary.startTime.flatMap { start in
          summary.totalElapsedTime.map { start.adding(seconds: Int64($0.rounded())) }
        }
    }
    guard !segments.isEmpty || !distances.isEmpty else {
      throw TallyError.refused(
        "the FIT file has neither positions nor a session distance", source: .init(name))
    }
    // `generic` is what a watch writes when no sport was chosen: it says nothing.
    let sport = summaries.compactMap(\.sport).first.flatMap(\.name).flatMap {
      $0 == "generic" ? nil : $0
    }
    var track = ParsedTrack(
      segments: segments,
      deviceDistance: distances.isEmpty ? nil : distances.reduce(0, +),
      deviceCalories: calories.isEmpty ? nil : calories.reduce(0, +),
      deviceStart: starts.min(),
      deviceEnd: ends.max(),
      sport: sport,
      deviceMovingTime: timers.isEmpty ? nil : timers.reduce(0, +))
    (track.deviceAscent, track.deviceDescent) = climb(of: summaries)
    track.legs = legs(of: activity.sessions, segments: segments)
    return track
  }

  /// The device's climb and descent over `summaries`, when every one of them has both (a
  /// partial sum is no total).
  static func climb(of summaries: [FITSummary]) -> (Double?, Double?) {
    guard !summaries.isEmpty,
      summaries.allSatisfy({ $0.totalAscent != nil && $0.totalDescent != nil })
    else { return (nil, nil) }
    return (
      summaries.reduce(0) { $0 + $1.totalAscent! }, summaries.reduce(0) { $0 + $1.totalDescent! }
    )
  }

  /// A multisport file's sessions, each with the points recorded from its start to the next
  /// one's (a point at a boundary is the later session's), and its own distance, calories,
  /// timer time and sport: a triathlon is a swim, a ride and a run, not one 52 km "other".
  /// Empty for a file of one session or of one sport, or of sessions without start times.
  static func legs(of sessions: [FITSummary], segments: [[TrackPoint]]) -> [ParsedTrack] {
    let sessions = sessions.filter { $0.startTime != nil }.sorted { $0.startTime! < $1.startTime! }
    // Only a recording of several sports: chained files of one sport (a recording appended to
    // another) stay one session, as they were.
    guard sessions.count > 1, Set(sessions.compactMap { $0.sport?.name }).count > 1 else {
      return []
    }
    return sessions.enumerated().map { index, session in
      let start = session.startTime!
      let next = index + 1 < sessions.count ? sessions[index + 1].startTime : nil
      let own = segments.map { points in
        points.filter { point in
          guard let time = point.time else { return false }
          return time >= start && next.map { time < $0 } ?? true
        }
      }.filter { !$0.isEmpty }
      let end =
        session.timestamp
        ?? session.totalElapsedTime.map { start.adding(seconds: Int64($0.rounded())) }
      var leg = ParsedTrack(
        segments: own, deviceDistance: session.totalDistance,
        deviceCalories: session.totalCalories, deviceStart: start, deviceEnd: end,
        sport: session.sport.flatMap(\.name).flatMap { $0 == "generic" ? nil : $0 },
        deviceMovingTime: session.totalTimerTime)
      (leg.deviceAscent, leg.deviceDescent) = climb(of: [session])
      return leg
    }
  }
}
