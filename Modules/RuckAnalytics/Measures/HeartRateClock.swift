import AnalyticsCore

/// Seconds at each heart rate over a track, the one rule for zones and training load: a
/// sample's rate holds until the next sample of its segment, as devices record them, so the
/// step's time goes to that rate, unless the step is longer than a pause of the recording
/// (`longestStep`) or goes back; a point without a rate ends the previous one.
struct HeartRateClock {
  /// A device records every 1–10 s: a longer step is a pause, whose time is no rate's.
  static let longestStep = 60.0

  private(set) var secondsByRate: [Int: Double] = [:]
  private var sample: (time: Instant, rate: Int)?

  mutating func add(_ point: TrackPoint, newSegment: Bool) {
    if !newSegment, let sample, let time = point.time {
      let step = time.seconds(since: sample.time)
      if step > 0, step <= Self.longestStep { secondsByRate[sample.rate, default: 0] += step }
    }
    if newSegment || point.time != nil { sample = nil }
    if let time = point.time, let rate = point.heartRate { sample = (time, rate) }
  }

  /// The seconds of every rate, lowest rate first (sums then come out the same every time).
  var seconds: [(rate: Int, seconds: Double)] {
    secondsByRate.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// Seconds at each rate of a track's segments.
  static func seconds(_ segments: [[TrackPoint]]) -> [(rate: Int, seconds: Double)] {
    var clock = HeartRateClock()
    for points in segments {
      for (index, point) in points.enumerated() { clock.add(point, newSegment: index == 0) }
    }
    return clock.seconds
  }
}
