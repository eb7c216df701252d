/// The figures pace and weight moved are derived from, so that a stored session and the lighter
/// projection reports read (`SessionFacts`) derive them the same way, in one place.
public protocol SessionMeasures {
  var distanceMeters: Double { get }
  /// 0 when unknown (a track without times).
  var movingSeconds: Double { get }
  var loadKg: Double { get }
}

extension SessionMeasures {
  /// Moving time ÷ distance, s/km; `nil` without either.
  public var paceSecondsPerKm: Double? {
    Pace.secondsPerKm(moving: movingSeconds, distance: distanceMeters)
  }

  /// Load × distance, kg·km.
  public var weightMovedKgKm: Double { loadKg * distanceMeters / 1000 }
}

/// Pace is seconds per kilometre everywhere in the domain; people's units are the edge's.
public enum Pace {
  /// Moving seconds ÷ kilometres; `nil` when either is 0, as there is then no pace (an untimed
  /// track, a session without distance). Over many sessions, pass the sums: the result is then
  /// distance-weighted, not a mean of paces.
  public static func secondsPerKm(moving: Double, distance: Double) -> Double? {
    distance > 0 && moving > 0 ? moving / (distance / 1000) : nil
  }
}
