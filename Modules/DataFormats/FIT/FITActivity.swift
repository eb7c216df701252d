import AnalyticsCore

/// One `record` message (global 20): a sample of position, altitude, distance and heart rate.
/// Every field is optional: devices leave out what they did not measure (no GPS indoors, no
/// heart-rate strap).
public struct FITRecord: Sendable, Equatable {
  public var time: Instant?
  /// Degrees (the file stores semicircles: 2^31 of them make 180°).
  public var latitude: Double?
  /// Degrees.
  public var longitude: Double?
  /// Metres: `enhanced_altitude` when the device wrote it, else `altitude`.
  public var altitude: Double?
  /// Metres since the start, as the device measured it.
  public var distance: Double?
  /// Beats per minute.
  public var heartRate: Int?

  public init(
    time: Instant? = nil, latitude: Double? = nil, longitude: Double? = nil,
    altitude: Double? = nil, distance: Double? = nil, heartRate: Int? = nil
  ) {
    self.time = time
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    self.distance = distance
    self.heartRate = heartRate
  }
}

/// A `session` (global 18) or `lap` (global 19) message: the totals the device computed.
public struct FITSummary: Sendable, Equatable {
  public var startTime: Instant?
  /// When it ended (the message's timestamp).
  public var timestamp: Instant?
  /// Seconds from start to end, pauses included.
  public var totalElapsedTime: Double?
  /// Seconds the timer ran (moving time when auto-pause is on).
  public var totalTimerTime: Double?
  /// Metres.
  public var totalDistance: Double?
  public var sport: FITSport?
  /// Kilocalories, as the device counted them.
  public var totalCalories: Double?
  /// Metres climbed and descended, as the device counted them (its barometer, if it has one).
  public var totalAscent: Double?
  public var totalDescent: Double?

  public init(
    startTime: Instant? = nil, timestamp: Instant? = nil, totalElapsedTime: Double? = nil,
    totalTimerTime: Double? = nil, totalDistance: Double? = nil, sport: FITSport? = nil,
    totalCalories: Double? = nil
  ) {
    self.totalCalories = totalCalories
    self.startTime = startTime
    self.timestamp = timestamp
    self.totalElapsedTime = totalElapsedTime
    self.totalTimerTime = totalTimerTime
    self.totalDistance = totalDistance
    self.sport = sport
  }
}

/// The profile's `sport` enum. Kept as its number so that sports newer than this table still
/// come through; `name` is the profile's name when the number is known.
public struct FITSport: RawRepresentable, Sendable, Hashable {
  public var rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let running = FITSport(rawValue: 1)
  public static let walking = FITSport(rawValue: 11)
  public static let hiking = FITSport(rawValue: 17)

  private static let names = [
    "generic", "running", "cycling", "transition", "fitness_equipment", "swimming", "basketball",
    "soccer", "tennis", "american_football", "training", "walking", "cross_country_skiing",
    "alpine_skiing", "snowboarding", "rowing", "mountaineering", "hiking", "multisport",
    "paddling", "flying", "e_biking", "motorcycling", "boating", "driving", "golf",
    "hang_gliding", "horseback_riding", "hunting", "fishing", "inline_skating", "rock_climbing",
    "sailing", "ice_skating", "sky_diving", "snowshoeing", "snowmobiling",
    "stand_up_paddleboarding", "surfing", "wakeboarding", "water_skiing", "kayaking", "rafting",
    "windsurfing", "kitesurfing", "tactical", "jumpmaster", "boxing", "floor_climbing",
  ]

  /// The profile's name (`running`, `hiking`), `nil` for a number it does not know.
  public var name: String? { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : nil }
}

/// What a FIT activity file holds for a workout: its samples and the device's totals, in file
/// order (a multisport file has one session per sport; chained files add theirs in sequence).
public struct FITActivity: Sendable, Equatable {
  /// Every `record` message, those without a position or time included (indoor samples): the
  /// importer decides what a usable point is.
  public var records: [FITRecord] = []
  /// The device's totals per session; distance and moving time should come from here when
  /// present, as the device measured them better than the sampled points do.
  public var sessions: [FITSummary] = []
  public var laps: [FITSummary] = []

  /// Decodes a whole file.
  ///
  /// - throws: `TallyError` (bad data) for anything `FITMessageReader` refuses, and for a file
  ///   whose `file_id` says it is not an activity (settings, monitoring, a course…) or that has
  ///   no `file_id` at all.
  public init(decoding bytes: [UInt8]) throws {
    var reader = FITMessageReader(bytes: bytes)
    var sawFileID = false
    var distance = CompressedDistance()
    while let message = try reader.next() {
      switch message.globalNumber {
      case Global.fileID:
        try Self.checkActivity(message)
        sawFileID = true
      // `sport` is field 5 of a session but field 25 of a lap (a lap's field 5 is its end
      // latitude).
      case Global.session:
        sessions.append(Self.summary(message, sportField: 5, ascentField: 22))
      case Global.lap: laps.append(Self.summary(message, sportField: 25, ascentField: 21))
      case Global.record: records.append(Self.record(message, distance: &distance))
      default: break
      }
    }
    guard sawFileID else {
      throw TallyError.refused("no file_id message: not a FIT activity file")
    }
  }

  /// Decodes a whole file from a buffer (copied once).
  public init(decoding buffer: UnsafeRawBufferPointer) throws {
    try self.init(decoding: Array(buffer))
  }

  /// Global message numbers of the profile.
  private enum Global {
    static let fileID: UInt16 = 0
    static let session: UInt16 = 18
    static let lap: UInt16 = 19
    static let record: UInt16 = 20
  }

  private static let activityType: Int64 = 4
  private static let fileTypeNames: [Int64: String] = [
    1: "device", 2: "settings", 3: "sport", 5: "workout", 6: "course", 7: "schedules",
    9: "weight", 10: "totals", 11: "goals", 14: "blood_pressure", 15: "monitoring_a",
    20: "activity_summary", 28: "monitoring_daily", 32: "monitoring_b", 34: "segment",
    35: "segment_list", 40: "exd_configuration",
  ]

  private static func checkActivity(_ message: FITMessage) throws {
    let type = message.integer(0)  // file_id field 0: type
    guard type != activityType else { return }
    let described = type.map { type in
      fileTypeNames[type].map { "type \(type): \($0)" } ?? "type \(type)"
    }
    throw TallyError.refused(
      "byte \(message.offset): not an activity file (\(described ?? "no file type"))")
  }

  /// Altitudes are stored as (metres + 500) × 5, so that 0.2 m steps below sea level fit an
  /// unsigned integer.
  private static let altitudeScale = 5.0
  private static let altitudeOffset = 500.0
  /// Distances are centimetres, times milliseconds.
  private static let distanceScale = 100.0
  private static let timeScale = 1000.0
  private static let degreesPerSemicircle = 180.0 / 2_147_483_648.0

  /// The profile's record fields: 0 position_lat, 1 position_long, 2 altitude, 3 heart_rate,
  /// 5 distance, 8 compressed_speed_distance (devices that save space), 78 enhanced_altitude.
  private static func record(_ message: FITMessage, distance: inout CompressedDistance)
    -> FITRecord
  {
    FITRecord(
      time: message.time,
      latitude: message.number(0).map { $0 * degreesPerSemicircle },
      longitude: message.number(1).map { $0 * degreesPerSemicircle },
      altitude: message.number(78, scale: altitudeScale, offset: altitudeOffset)
        ?? message.number(2, scale: altitudeScale, offset: altitudeOffset),
      distance: message.number(5, scale: distanceScale)
        ?? message.bytes(8).flatMap { distance.advance($0) },
      heartRate: message.integer(3).map { Int($0) })
  }

  /// The profile's session and lap fields: 2 start_time, 7 total_elapsed_time, 8
  /// total_timer_time, 9 total_distance, 11 total_calories (kcal); total_ascent and
  /// total_descent (m) follow each other, from field 22 in a session and 21 in a lap.
  private static func summary(_ message: FITMessage, sportField: UInt8, ascentField: UInt8)
    -> FITSummary
  {
    var summary = FITSummary(
      startTime: message.instant(2), timestamp: message.time,
      totalElapsedTime: message.number(7, scale: timeScale),
      totalTimerTime: message.number(8, scale: timeScale),
      totalDistance: message.number(9, scale: distanceScale),
      sport: message.integer(sportField).map { FITSport(rawValue: UInt8(truncatingIfNeeded: $0)) },
      totalCalories: message.integer(11).map(Double.init))
    summary.totalAscent = message.integer(ascentField).map(Double.init)
    summary.totalDescent = message.integer(ascentField + 1).map(Double.init)
    return summary
  }
}

/// The distance of `compressed_speed_distance` (record field 8, three bytes): twelve bits of
/// speed (1/100 m/s), then twelve bits of distance in 1/16 m that roll over every 256 m, so the
/// distance is accumulated from message to message.
struct CompressedDistance {
  private var sixteenths: Int64 = 0
  private static let bits: Int64 = 12
  private static let sixteenthsPerMetre = 16.0
  private static let fieldSize = 3

  mutating func advance(_ field: ArraySlice<UInt8>) -> Double? {
    guard field.count == Self.fieldSize, !field.allSatisfy({ $0 == 0xFF }) else { return nil }
    let packed = field.reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) }
    let modulus: Int64 = 1 << Self.bits
    let raw = packed >> Self.bits & (modulus - 1)
    // A raw value below the last one's low bits means the counter went round.
    var total = raw + (sixteenths & ~(modulus - 1))
    if raw < sixteenths & (modulus - 1) { total += modulus }
    sixteenths = total
    return Double(total) / Self.sixteenthsPerMetre
  }
}
