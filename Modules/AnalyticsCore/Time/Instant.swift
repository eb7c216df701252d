import Foundation

/// A point in time, to the millisecond: the one instant type of every Tally module.
///
/// It is stored (as INTEGER milliseconds since 1970-01-01T00:00:00Z), compared and subtracted as
/// a whole number, so sums of durations are exact and no `Double` rounding can move an order
/// across midnight. Local days and hours come from it only through a named `Zone`. ISO 8601 text
/// is parsed and written here and nowhere else.
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Milliseconds since 1970-01-01T00:00:00Z (negative before).
  public var millisecondsSinceEpoch: Int64

  /// The instant `milliseconds` after the epoch.
  @inlinable public init(millisecondsSinceEpoch milliseconds: Int64) {
    millisecondsSinceEpoch = milliseconds
  }

  /// The instant `seconds` after the epoch, rounded to the nearest millisecond.
  public init(secondsSinceEpoch seconds: Double) {
    millisecondsSinceEpoch = Int64((seconds * 1000).rounded())
  }

  /// The instant `seconds` after the epoch.
  public init(secondsSinceEpoch seconds: Int64) {
    millisecondsSinceEpoch = seconds * 1000
  }

  /// The instant a Foundation `Date` stands for (rounded to the millisecond).
  public init(_ date: Date) { self.init(secondsSinceEpoch: date.timeIntervalSince1970) }

  /// Seconds since the epoch, with the milliseconds as a fraction.
  public var secondsSinceEpoch: Double { Double(millisecondsSinceEpoch) / 1000 }

  /// Whole seconds since the epoch, rounded down.
  public var wholeSecondsSinceEpoch: Int64 {
    millisecondsSinceEpoch >= 0
      ? millisecondsSinceEpoch / 1000 : -((-millisecondsSinceEpoch + 999) / 1000)
  }

  /// Milliseconds past `wholeSecondsSinceEpoch`, 0–999 (the same in every zone).
  public var millisecondsOfSecond: Int {
    Int(millisecondsSinceEpoch - wholeSecondsSinceEpoch * 1000)
  }

  /// The Foundation `Date` (for Foundation APIs only).
  public var date: Date { Date(timeIntervalSince1970: secondsSinceEpoch) }

  /// The instant `seconds` later (earlier when negative).
  public func adding(seconds: Int64) -> Instant {
    Instant(millisecondsSinceEpoch: millisecondsSinceEpoch + seconds * 1000)
  }

  /// The instant `seconds` later, to the millisecond (measured durations have fractions).
  public func adding(duration seconds: Double) -> Instant {
    Instant(millisecondsSinceEpoch: millisecondsSinceEpoch + Int64((seconds * 1000).rounded()))
  }

  /// Seconds from `other` to this instant.
  public func seconds(since other: Instant) -> Double {
    Double(millisecondsSinceEpoch - other.millisecondsSinceEpoch) / 1000
  }

  /// Orders chronologically.
  @inlinable public static func < (lhs: Instant, rhs: Instant) -> Bool {
    lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
  }

  /// ISO 8601 in UTC: `2026-02-08T14:30:00Z`, with `.SSS` only when there are milliseconds.
  public var description: String { iso8601(offsetSeconds: 0) }

  /// ISO 8601 with the offset `zone` has at this instant: `2026-02-08T08:30:00-06:00`
  /// (`Z` in UTC).
  public func iso8601(in zone: Zone) -> String {
    iso8601(offsetSeconds: zone.offset(at: self))
  }

  /// ISO 8601 with a fixed offset from UTC.
  public func iso8601(offsetSeconds: Int) -> String {
    let local = Instant(
      millisecondsSinceEpoch: millisecondsSinceEpoch + Int64(offsetSeconds) * 1000)
    let milliseconds = local.millisecondsOfSecond
    let seconds = Int(local.wholeSecondsSinceEpoch)
    let wall = LocalDateTime(secondsSinceEpoch: seconds)
    var text = "\(wall.date)T\(wall.time.descriptionWithSeconds)"
    if milliseconds != 0 {
      let digits = String(milliseconds)
      text += "." + String(repeating: "0", count: 3 - digits.count) + digits
    }
    if offsetSeconds == 0 { return text + "Z" }
    let sign = offsetSeconds < 0 ? "-" : "+"
    let minutes = abs(offsetSeconds) / 60
    return text + sign + Instant.twoDigits(minutes / 60) + ":" + Instant.twoDigits(minutes % 60)
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}

// MARK: - Parsing

extension Instant {
  /// What `init(parsing:)` accepts, for error messages.
  public static let expectedText =
    "an ISO 8601 date and time such as 2026-02-08T14:30:00Z or 2026-02-08T14:30:00-06:00"

  /// Parses ISO 8601 text with an offset (`Z`, `±HH:MM`, `±HHMM` or `±HH`); a text without one
  /// is read in `zone`, or refused when `zone` is `nil`.
  ///
  /// - throws: `TallyError` naming the text.
  public init(parsing text: String, zone: Zone? = nil) throws {
    guard let instant = Instant.parse(text, zone: zone) else {
      throw TallyError(value: text, expected: Instant.expectedText)
    }
    self = instant
  }

  /// Parses `YYYY-MM-DD(T| )HH:MM[:SS[.fraction]][Z|±HH:MM|±HHMM|±HH]`, or `nil`.
  ///
  /// A text without an offset is a wall-clock time in `zone` (GPX and TCX say UTC; an order line
  /// means its store's zone); with `zone` `nil` it is refused.
  public static func parse(_ text: String, zone: Zone?) -> Instant? {
    var text = text
    return text.withUTF8 { parse($0, zone: zone) }
  }

  /// `parse(_:zone:)` over UTF-8 bytes, for importers that never make a `String` of a field.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, zone: Zone?) -> Instant? {
    let count = bytes.count
    guard count >= 16, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54 || bytes[10] == 0x20,
      bytes[13] == 0x3A
    else { return nil }
    func number(_ start: Int, _ length: Int) -> Int? {
      guard start + length <= count else { return nil }
      var value = 0
      for index in start..<(start + length) {
        let byte = bytes[index]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), hour < 24, minute < 60,
      let date = LocalDate(year: year, month: month, day: day)
    else { return nil }
    var index = 16
    var second = 0
    if index < count, bytes[index] == 0x3A {
      guard let value = number(17, 2), value < 61 else { return nil }
      second = min(value, 59)  // a leap second is read as the second before it
      index = 19
    }
    var milliseconds: Int64 = 0
    if index < count, bytes[index] == 0x2E || bytes[index] == 0x2C {
      index += 1
      var scale: Int64 = 100
      let start = index
      while index < count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        milliseconds += Int64(bytes[index] - 0x30) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    let wall =
      Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    if index == count {
      guard let zone else { return nil }
      if zone == .utc { return Instant(millisecondsSinceEpoch: wall * 1000 + milliseconds) }
      let local = LocalDateTime(secondsSinceEpoch: Int(wall))
      let instant = zone.instant(of: local)
      return Instant(millisecondsSinceEpoch: instant.millisecondsSinceEpoch + milliseconds)
    }
    if bytes[index] == 0x5A || bytes[index] == 0x7A {  // Z or z
      guard index + 1 == count else { return nil }
      return Instant(millisecondsSinceEpoch: wall * 1000 + milliseconds)
    }
    guard bytes[index] == 0x2B || bytes[index] == 0x2D, let offsetHours = number(index + 1, 2),
      offsetHours <= 18
    else { return nil }
    var offsetMinutes = 0
    switch count - index {
    case 3: break
    case 5:
      guard let value = number(index + 3, 2) else { return nil }
      offsetMinutes = value
    case 6:
      guard bytes[index + 3] == 0x3A, let value = number(index + 4, 2) else { return nil }
      offsetMinutes = value
    default: return nil
    }
    guard offsetMinutes < 60 else { return nil }
    let offset = Int64(offsetHours * 3600 + offsetMinutes * 60)
    let utc = bytes[index] == 0x2B ? wall - offset : wall + offset
    return Instant(millisecondsSinceEpoch: utc * 1000 + milliseconds)
  }
}

// MARK: - Zones

extension Zone {
  /// The offset from UTC in seconds in force at `instant`.
  public func offset(at instant: Instant) -> Int {
    timeZone.secondsFromGMT(for: instant.date)
  }

  /// The wall-clock date and time at `instant` (whole seconds, rounded down).
  public func localDateTime(of instant: Instant) -> LocalDateTime {
    LocalDateTime(secondsSinceEpoch: Int(instant.wholeSecondsSinceEpoch) + offset(at: instant))
  }

  /// The local calendar day of `instant`.
  public func localDate(of instant: Instant) -> LocalDate { localDateTime(of: instant).date }

  /// The local hour (0–23) of `instant`.
  public func hour(of instant: Instant) -> Int { localDateTime(of: instant).time.hour }

  /// The instant a wall clock in this zone shows `local` (gaps and repeats as in `instant(of:)`).
  public func instant(of local: LocalDateTime) -> Instant {
    Instant(wallClockDate(of: local))
  }

  /// The first instant of a local day.
  public func start(of day: LocalDate) -> Instant {
    instant(of: LocalDateTime(date: day, time: TimeOfDay(hour: 0, minute: 0)!))
  }

  /// The instants `[start, end)` that a range of local days covers.
  public func instants(of range: DayRange) -> (start: Instant, end: Instant) {
    (start(of: range.start), start(of: range.end.adding(days: 1)))
  }
}
