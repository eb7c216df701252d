import Foundation

/// One recorded position.
public struct TrackPoint: Sendable, Equatable {
  /// When it was recorded (seconds since 1970, UTC), if the file says.
  public var time: Double?
  /// Latitude in degrees.
  public var latitude: Double
  /// Longitude in degrees.
  public var longitude: Double
  /// Elevation in metres, if the file says.
  public var elevation: Double?

  /// Creates a point.
  public init(time: Double?, latitude: Double, longitude: Double, elevation: Double?) {
    self.time = time
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
  }
}

/// A track read from a file: segments of points (distance never jumps across a segment gap) and
/// whatever totals the device wrote.
public struct ParsedTrack: Sendable, Equatable {
  /// The segments, in order; each is a list of points in time order.
  public var segments: [[TrackPoint]]
  /// The distance the device showed (TCX laps), in metres.
  public var deviceDistance: Double?
  /// The calories the device recorded (TCX laps).
  public var deviceCalories: Double?
  /// The first and last time the file records, when its points have no position (TCX without
  /// positions) or no time.
  public var deviceStart: Double?
  /// See `deviceStart`.
  public var deviceEnd: Double?

  /// Every point of every segment.
  public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }
}
