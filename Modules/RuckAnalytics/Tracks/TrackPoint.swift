import AnalyticsCore
import Foundation

/// One recorded position.
public struct TrackPoint: Sendable, Equatable {
  /// When it was recorded, if the file says.
  public var time: Instant?
  /// Degrees.
  public var latitude: Double
  /// Degrees.
  public var longitude: Double
  /// Elevation in metres, if the file says.
  public var elevation: Double?
  /// Beats per minute, if the file says (GPX `…:hr` extension, TCX `HeartRateBpm`).
  public var heartRate: Int?

  /// Creates a point.
  public init(
    time: Instant?, latitude: Double, longitude: Double, elevation: Double?, heartRate: Int? = nil
  ) {
    self.heartRate = heartRate
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
  public var deviceStart: Instant?
  /// See `deviceStart`.
  public var deviceEnd: Instant?

  /// The sport the file names (GPX `<type>` of its first track, TCX `Activity Sport`, FIT
  /// `sport`).
  public var sport: String?

  /// The moving time the device recorded (FIT `total_timer_time`), in seconds: it knows when it
  /// was paused, which the points alone do not say.
  public var deviceMovingTime: Double?

  /// The details Tally's own GPX export wrote (load, body weight, terrain, temperature,
  /// conditions, notes): an import takes them where it is given none, so that an exported
  /// session comes back whole.
  public var savedDetails: SessionOptions?

  /// The climb and descent the device counted (FIT `total_ascent`, `total_descent`), metres:
  /// what its barometer measured, and what the watch and its app showed; the points' elevations
  /// give only an estimate.
  public var deviceAscent: Double? = nil
  public var deviceDescent: Double? = nil

  /// A multisport recording's sport sessions (a triathlon's swim, transitions, ride and run),
  /// each its own track with its own totals; empty for a recording of one sport.
  public var legs: [ParsedTrack] = []

  /// Every point of every segment.
  public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }
}

extension ParsedTrack {
  /// Reads a GPX, TCX or FIT file (by its extension, else by its first bytes).
  ///
  /// - throws: `TallyError` naming the file for anything else or a malformed track.
  static func read(_ data: Data, fileName: String) throws -> ParsedTrack {
    switch SessionFileFormat.of(data, fileName: fileName) {
    case .gpx: return try GPXReader.read(data, name: fileName)
    case .tcx: return try TCXReader.read(data, name: fileName)
    case .fit: return try FITReader.read(data, name: fileName)
    default:
      throw TallyError.invalid(
        "format", fileName, expected: "a GPX, TCX or FIT file", source: .init(fileName))
    }
  }
}
