/// A calendar day (`YYYY-MM-DD`) in the proleptic Gregorian calendar, with no time and no zone.
///
/// Date-only values in Tally are always `LocalDate`, never a `Date` at midnight UTC. Internally a
/// day is a count of days since 1970-01-01, so arithmetic and comparison are integer operations.
///
/// For example:
/// ```swift
/// let day = try LocalDate(parsing: "2024-01-31")
/// day.adding(months: 1)   // 2024-02-29 (clamped)
/// day.weekday             // .wednesday
/// ```
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
  /// Days since 1970-01-01 (negative before it).
  public let daysSinceEpoch: Int

  /// Creates the day that is `daysSinceEpoch` days after 1970-01-01.
  public init(daysSinceEpoch: Int) {
    self.daysSinceEpoch = daysSinceEpoch
  }

  /// Creates a day from its parts, or `nil` when they name no calendar day (Feb 30, month 13).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1,
      day <= LocalDate.daysInMonth(year: year, month: month)
    else { return nil }
    self.daysSinceEpoch = LocalDate.daysFromCivil(year: year, month: month, day: day)
  }

  /// Parses strict `YYYY-MM-DD`: four-digit year, two-digit month and day, a real calendar day.
  ///
  /// - throws: `TallyError` naming the text for `2026-02-30`, `2026-2-8`, `2026-02-08x` or `""`.
  public init(parsing text: String) throws {
    guard let (year, month, day) = Self.fields(text) else {
      throw TallyError(value: text, expected: "a calendar day as YYYY-MM-DD, such as 2026-02-08")
    }
    guard let date = LocalDate(year: year, month: month, day: day) else {
      throw TallyError(value: text, expected: Self.nonexistent(year: year, month: month))
    }
    self = date
  }

  /// Strict `YYYY-MM-DD` as a day, or `nil`: `init(parsing:)` without building an error, for
  /// readers that try several forms on every line.
  public static func iso(_ text: String) -> LocalDate? {
    guard let (year, month, day) = fields(text) else { return nil }
    return LocalDate(year: year, month: month, day: day)
  }

  /// Why `text` names no day although it is in the form `YYYY-MM-DD` (`2025-02-30`, `2026-13-01`),
  /// else `nil`: "expected YYYY-MM-DD" told its writer nothing.
  public static func nonexistent(_ text: String) -> String? {
    guard let (year, month, day) = fields(text),
      LocalDate(year: year, month: month, day: day) == nil
    else { return nil }
    return nonexistent(year: year, month: month)
  }

  private static func nonexistent(year: Int, month: Int) -> String {
    guard (1...12).contains(month) else { return "a day that exists: months run from 01 to 12" }
    return "a day that exists: \(pad(year, 4))-\(pad(month, 2)) has "
      + "\(daysInMonth(year: year, month: month)) days"
  }

  /// The numbers of `YYYY-MM-DD`, whether or not they name a day.
  private static func fields(_ text: String) -> (Int, Int, Int)? {
    let bytes = Array(text.utf8)
    func digits(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
      let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10)
    else { return nil }
    return (year, month, day)
  }

  /// The days a person may enter or a file may hold: 1900-01-01 through 2199-12-31.
  ///
  /// `LocalDate` itself counts days in the proleptic Gregorian calendar for any year 1–9999; this
  /// narrower range keeps typos (`0206-02-08`) and hostile values out of records, reports and
  /// loops over days.
  public static let supportedRange =
    LocalDate(year: 1900, month: 1, day: 1)!...LocalDate(year: 2199, month: 12, day: 31)!

  /// The supported range in words, for error messages.
  public static let supportedRangeText = "a day from 1900-01-01 to 2199-12-31"

  /// The year, month (1–12) and day of month (1–31).
  public var components: (year: Int, month: Int, day: Int) {
    LocalDate.civilFromDays(daysSinceEpoch)
  }

  /// The year.
  public var year: Int { components.year }
  /// The month, 1–12.
  public var month: Int { components.month }
  /// The day of the month, 1–31.
  public var day: Int { components.day }

  /// `YYYY-MM-DD`.
  public var description: String {
    let (year, month, day) = components
    guard (0...9999).contains(year) else {
      return LocalDate.pad(year, 4) + "-" + LocalDate.pad(month, 2) + "-" + LocalDate.pad(day, 2)
    }
    // Written digit by digit: imports format a date for every one of millions of rows.
    return String(unsafeUninitializedCapacity: 10) { bytes in
      func write(_ value: Int, endingAt end: Int, width: Int) {
        var rest = value
        for position in stride(from: end - 1, through: end - width, by: -1) {
          bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
      }
      write(year, endingAt: 4, width: 4)
      bytes[4] = UInt8(ascii: "-")
      write(month, endingAt: 7, width: 2)
      bytes[7] = UInt8(ascii: "-")
      write(day, endingAt: 10, width: 2)
      return 10
    }
  }

  /// The English month name (`February`).
  public var monthName: String { LocalDate.monthNames[month - 1] }

  /// The three-letter English month name (`Feb`).
  public var shortMonthName: String { String(monthName.prefix(3)) }

  public static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// The day of the week.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday (ISO 4).
    let index = ((daysSinceEpoch % 7) + 7 + 3) % 7  // 0 = Monday
    return Weekday(rawValue: index + 1)!
  }

  /// The day `days` days later (earlier when negative).
  public func adding(days: Int) -> LocalDate {
    LocalDate(daysSinceEpoch: daysSinceEpoch + days)
  }

  /// The same day of the month `months` months later, clamped to the month's last day
  /// (2026-01-31 + 1 month = 2026-02-28; 2024-01-31 + 1 month = 2024-02-29).
  public func adding(months: Int) -> LocalDate {
    let (year, month, day) = components
    let total = year * 12 + (month - 1) + months
    let newYear = Int((Double(total) / 12).rounded(.down))
    let newMonth = total - newYear * 12 + 1
    let newDay = min(day, LocalDate.daysInMonth(year: newYear, month: newMonth))
    return LocalDate(year: newYear, month: newMonth, day: newDay)!
  }

  /// The same day `years` years later, clamped (Feb 29 + 1 year = Feb 28).
  public func adding(years: Int) -> LocalDate { adding(months: years * 12) }

  /// The number of days from `self` to `other` (positive when `other` is later).
  public func days(to other: LocalDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

  /// Orders days chronologically.
  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
    lhs.daysSinceEpoch < rhs.daysSinceEpoch
  }

  /// Decodes from a `YYYY-MM-DD` string.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    try self.init(parsing: text)
  }

  /// Encodes as a `YYYY-MM-DD` string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  // MARK: Calendar arithmetic

  /// Whether `year` is a Gregorian leap year.
  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days in a month of a year.
  public static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // Howard Hinnant's days_from_civil / civil_from_days (public domain algorithms).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}
