import Foundation

/// An IANA time zone (`America/New_York`) that turns instants into local days and hours and back,
/// correctly across daylight-saving changes.
///
/// All bucketing by day or hour in Tally goes through a `Zone`, named explicitly: never the
/// machine's zone and never the database session's.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
  /// The Foundation time zone.
  public let timeZone: TimeZone

  /// The identifier as given: Foundation on Linux reports `UTC` as `GMT`, and a store created in
  /// `UTC` should say `UTC`.
  public let identifier: String

  /// The zone named by an IANA identifier.
  ///
  /// - throws: `TallyError` naming the identifier when it is not a known IANA zone.
  public init(identifier: String) throws {
    guard !identifier.isEmpty, identifier.trimmingCharacters(in: .whitespaces) == identifier,
      let zone = TimeZone(identifier: identifier)
    else {
      throw TallyError(
        value: identifier, expected: "an IANA time zone such as America/New_York or UTC")
    }
    timeZone = zone
    self.identifier = identifier
  }

  /// Coordinated Universal Time.
  public static let utc = try! Zone(identifier: "UTC")

  /// The IANA identifier.
  public var description: String { identifier }

  /// The offset from UTC in seconds in force at `instant`.
  public func offset(at instant: Date) -> Int { timeZone.secondsFromGMT(for: instant) }

  /// The wall-clock date and time at `instant` (whole seconds, rounded down).
  public func localDateTime(of instant: Date) -> LocalDateTime {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset(at: instant)
    return LocalDateTime(secondsSinceEpoch: seconds)
  }

  /// The local calendar day of `instant`.
  public func localDate(of instant: Date) -> LocalDate { localDateTime(of: instant).date }

  /// The local hour (0–23) of `instant`. In an hour that repeats when clocks go back, both
  /// instants map to the same hour.
  public func hour(of instant: Date) -> Int { localDateTime(of: instant).time.hour }

  /// The instant a wall clock in this zone shows `local`.
  ///
  /// A time skipped when clocks go forward is moved forward by the length of the gap (02:30 on a
  /// spring-forward day becomes 03:30); a time that occurs twice when clocks go back resolves to
  /// the earlier instant.
  func wallClockDate(of local: LocalDateTime) -> Date {
    let wall = local.secondsSinceEpoch
    // Try the offsets in force just before and just after this wall time.
    let guess = Date(timeIntervalSince1970: Double(wall))
    let candidates = [
      offset(at: guess.addingTimeInterval(-86_400)), offset(at: guess),
      offset(at: guess.addingTimeInterval(86_400)),
    ]
    var matches: [Int] = []
    for candidate in candidates {
      let instant = wall - candidate
      if offset(at: Date(timeIntervalSince1970: Double(instant))) == candidate {
        matches.append(instant)
      }
    }
    if let earliest = matches.min() { return Date(timeIntervalSince1970: Double(earliest)) }
    // In a gap: use the offset in force before it, which lands after the gap.
    let before = offset(at: Date(timeIntervalSince1970: Double(wall - 86_400)))
    return Date(timeIntervalSince1970: Double(wall - before))
  }

  /// The first instant of a local day.
  public func startOfDay(_ date: LocalDate) -> Date {
    wallClockDate(of: LocalDateTime(date: date, time: TimeOfDay(hour: 0, minute: 0)!))
  }

  /// The instants `[start, end)` that a range of local days covers.
  public func interval(of range: DayRange) -> (start: Date, end: Date) {
    (startOfDay(range.start), startOfDay(range.end.adding(days: 1)))
  }

  /// How many hours a local day lasts: 24, or 23 and 25 on daylight-saving change days.
  public func hoursInDay(_ date: LocalDate) -> Int {
    let seconds = startOfDay(date.adding(days: 1)).timeIntervalSince(startOfDay(date))
    return Int((seconds / 3600).rounded())
  }

  /// Compares by identifier.
  public static func == (lhs: Zone, rhs: Zone) -> Bool { lhs.identifier == rhs.identifier }

  /// Hashes the identifier.
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
