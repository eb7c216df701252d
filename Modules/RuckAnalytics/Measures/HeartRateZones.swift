import AnalyticsCore

/// Five heart-rate zones from the profile, as Garmin's and Strava's defaults draw them: 50, 60,
/// 70, 80 and 90% up to 100% of the maximum heart rate, or, when a resting heart rate is set, of
/// the heart-rate reserve (Karvonen, Kentala & Mustala 1957: rest + p × (max − rest)). The
/// maximum is the profile's, else 220 − age (Fox, Naughton & Haskell 1971), the age being the
/// session's year less the birth year.
public struct HeartRateZones: Sendable, Equatable {
  public enum Basis: String, Sendable {
    /// Percentages of the maximum heart rate.
    case maximum
    /// Percentages of the heart-rate reserve (max − rest), above rest.
    case reserve
  }

  /// The zones' lower percentages (zone 1 to 5); zone 5 reaches the maximum and above.
  public static let percentages = [50, 60, 70, 80, 90]

  public let basis: Basis
  public let maximum: Int
  /// Whether the maximum is 220 − age rather than set.
  public let maximumEstimated: Bool
  public let resting: Int?
  /// Each zone's lowest heart rate, bpm (not rounded: a rate belongs to the highest zone whose
  /// bound it reaches).
  public let lowerBounds: [Double]

  /// The zones for a session in `year`; `nil` when the profile gives neither a maximum nor a
  /// birth year, or a resting rate not below the maximum.
  public init?(profile: RuckProfile, year: Int) {
    let estimated = profile.maxHeartRate == nil
    guard let maximum = profile.maxHeartRate ?? profile.birthYear.map({ 220 - (year - $0) })
    else { return nil }
    // A resting rate at or above the maximum (an estimated one: 220 − age) leaves no reserve.
    if let resting = profile.restingHeartRate, resting >= maximum { return nil }
    self.maximum = maximum
    maximumEstimated = estimated
    resting = profile.restingHeartRate
    basis = resting == nil ? .maximum : .reserve
    let floor = Double(resting ?? 0)
    lowerBounds = Self.percentages.map { floor + Double($0) / 100 * (Double(maximum) - floor) }
  }

  /// The zone (1–5) of a heart rate, 0 below zone 1.
  public func zone(of rate: Int) -> Int {
    lowerBounds.lastIndex { Double(rate) >= $0 }.map { $0 + 1 } ?? 0
  }
}

/// Time spent in each heart-rate zone over a session's track.
public struct HeartRateZoneTimes: Sendable, Equatable {
  public let zones: HeartRateZones
  /// Seconds below zone 1, then in zones 1 to 5 (`HeartRateClock`'s rule).
  public let seconds: [Double]
}
