/// A calendar day and a wall-clock time, with no zone: what a clock on the wall shows.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The calendar day.
  public let date: LocalDate
  /// The time within that day.
  public let time: TimeOfDay

  /// Creates a local date-time from a day and a time.
  public init(date: LocalDate, time: TimeOfDay) {
    self.date = date
    self.time = time
  }

  /// Parses `YYYY-MM-DD HH:MM[:SS]` (a `T` may stand for the space), or a bare `YYYY-MM-DD`
  /// meaning midnight.
  ///
  /// - throws: `TallyError` naming the text when either part is malformed or impossible.
  public init(parsing text: String) throws {
    let expected = "a local date and time as YYYY-MM-DD HH:MM, such as 2026-02-08 14:30"
    if text.utf8.count == 10, let date = try? LocalDate(parsing: text) {
      self.init(date: date, time: TimeOfDay(hour: 0, minute: 0)!)
      return
    }
    let separatorIndex = text.firstIndex(where: { $0 == " " || $0 == "T" })
    guard let separatorIndex,
      let date = try? LocalDate(parsing: String(text[..<separatorIndex])),
      let time = try? TimeOfDay(parsing: String(text[text.index(after: separatorIndex)...]))
    else { throw TallyError(value: text, expected: expected) }
    self.init(date: date, time: time)
  }

  /// Seconds since 1970-01-01 00:00 on this (zone-less) clock.
  public var secondsSinceEpoch: Int {
    date.daysSinceEpoch * 86_400 + time.secondsSinceMidnight
  }

  /// Creates the local date-time `seconds` after 1970-01-01 00:00 on a zone-less clock.
  public init(secondsSinceEpoch seconds: Int) {
    let days = Int((Double(seconds) / 86_400).rounded(.down))
    let rest = seconds - days * 86_400
    self.init(
      date: LocalDate(daysSinceEpoch: days),
      time: TimeOfDay(hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)!)
  }

  /// `YYYY-MM-DD HH:MM[:SS]`.
  public var description: String { "\(date) \(time)" }

  /// Orders chronologically.
  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
  }
}
