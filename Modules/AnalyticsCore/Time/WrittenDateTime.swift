/// Which of a slashed date's first two numbers is the month: `2/8/2026` is 8 February in the
/// United States (month first) and 2 August in most of the world (day first).
public enum DateOrder: String, Sendable, CaseIterable {
  case monthFirst = "month first"
  case dayFirst = "day first"
}

/// A date, or a date and a time, as spreadsheets and point-of-sale exports write them, read
/// exactly: `2026-02-08`, `2026-02-08 13:30`, `2026-02-08T13:30:00.123`, `2/8/2026`,
/// `2/8/26 1:30 PM`, `02/08/2026 13:30:45`.
///
/// A slashed date is `M/D/Y` or `D/M/Y` (`DateOrder`); a two-digit year is 2000 + YY (exports
/// of sales and visits are this century's). A time is `H:MM[:SS[.fff]]` on a 24-hour clock, or
/// 1–12 followed by `AM`/`PM` (any case). What does not fit is refused, never guessed.
public struct WrittenDateTime: Sendable, Equatable {
  /// The wall-clock day and time (midnight when only a day is written).
  public let local: LocalDateTime
  /// Milliseconds past `local`'s second (`.123`), 0–999.
  public let milliseconds: Int

  public init(local: LocalDateTime, milliseconds: Int = 0) {
    self.local = local
    self.milliseconds = milliseconds
  }

  /// How a text reads.
  public enum Reading: Sendable, Equatable {
    case read(WrittenDateTime)
    /// A slashed date whose day and month could be either way round (`2/8/2026`), with no
    /// order given: both readings, for the refusal to show.
    case ambiguous(monthFirst: LocalDate, dayFirst: LocalDate)
    /// Not a date (and time) Tally reads, or one that does not exist.
    case invalid
  }

  /// How the `expected` of a refused ambiguous date ends.
  private static let ambiguityEnding = "and no line of the file says which"

  /// Whether `error` refuses a date that reads both ways (`expectedOneWay`), so that an app can
  /// say how to choose.
  public static func isAmbiguity(_ error: TallyError) -> Bool {
    error.expected?.hasSuffix(ambiguityEnding) == true
  }

  /// What a refusal of an ambiguous date says is expected: both readings.
  public static func expectedOneWay(monthFirst: LocalDate, dayFirst: LocalDate) -> String {
    "a day read one way: \(monthFirst) month first or \(dayFirst) day first, " + ambiguityEnding
  }

  /// What a refusal says is expected.
  public static let expected =
    "a date and time such as 2026-02-08 13:30, 2026-02-08T13:30:00.123 or 2/8/2026 1:30 PM"

  /// Reads `text`: a date, then optionally a space (or `T`) and a time.
  public static func read(_ text: String, order: DateOrder?) -> Reading {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let (dateText, timeText) = split(trimmed)
    var time = (TimeOfDay(hour: 0, minute: 0)!, 0)
    if let timeText {
      guard let read = readTime(timeText) else { return .invalid }
      time = read
    }
    switch readDate(dateText, order: order) {
    case .read(let date):
      return .read(
        WrittenDateTime(local: LocalDateTime(date: date, time: time.0), milliseconds: time.1))
    case .ambiguous(let monthFirst, let dayFirst):
      return .ambiguous(monthFirst: monthFirst, dayFirst: dayFirst)
    case .invalid:
      return .invalid
    }
  }

  /// How a day alone reads.
  public enum DateReading: Sendable, Equatable {
    case read(LocalDate)
    case ambiguous(monthFirst: LocalDate, dayFirst: LocalDate)
    case invalid
  }

  /// Reads a day: `YYYY-MM-DD`, or slashed `M/D/Y` / `D/M/Y` in `order`. Without an order, a
  /// slashed date is read when only one way names a day (`13/2/2026`, or `2/2/2026` either way)
  /// and is ambiguous otherwise.
  public static func readDate(_ text: String, order: DateOrder?) -> DateReading {
    if let date = LocalDate.iso(text) { return .read(date) }
    guard let (first, second, year) = slashed(text) else { return .invalid }
    let monthFirst = LocalDate(year: year, month: first, day: second)
    let dayFirst = LocalDate(year: year, month: second, day: first)
    switch order {
    case .monthFirst: return monthFirst.map { .read($0) } ?? .invalid
    case .dayFirst: return dayFirst.map { .read($0) } ?? .invalid
    case nil:
      switch (monthFirst, dayFirst) {
      case (let month?, let day?):
        return month == day ? .read(month) : .ambiguous(monthFirst: month, dayFirst: day)
      case (let month?, nil): return .read(month)
      case (nil, let day?): return .read(day)
      case (nil, nil): return .invalid
      }
    }
  }

  /// A file's cell read as a day (`readDate`), or the error that names its `field`, its text and
  /// what was expected: both readings of an ambiguous date, or the day's form.
  ///
  /// - throws: `TallyError` (bad data) at `source`.
  public static func day(
    _ text: String, order: DateOrder?, field: String, source: TallyError.Source?
  ) throws -> LocalDate {
    switch readDate(text, order: order) {
    case .read(let day): return day
    case .ambiguous(let monthFirst, let dayFirst):
      throw TallyError.invalid(
        field, text, expected: expectedOneWay(monthFirst: monthFirst, dayFirst: dayFirst),
        source: source)
    case .invalid:
      throw TallyError.invalid(
        field, text,
        expected: LocalDate.nonexistent(text)
          ?? "a calendar day as YYYY-MM-DD (or 2/8/2026), such as 2026-02-08", source: source)
    }
  }

  /// The order a text's slashed date proves (`13/2/2026`: day first; `2/13/2026`: month first),
  /// or `nil` when it proves none (not slashed, or either way round is a month).
  public static func evidence(_ text: String) -> DateOrder? {
    let (dateText, _) = split(text.trimmingCharacters(in: .whitespaces))
    guard let (first, second, _) = slashed(dateText) else { return nil }
    if first > 12, (1...12).contains(second) { return .dayFirst }
    if second > 12, (1...12).contains(first) { return .monthFirst }
    return nil
  }

  /// The order a file's dates prove, read in file order: the first slashed date that reads one
  /// way only decides, so that `2/8/2026` in the same file is read the same way. `nil` when the
  /// first date is not slashed (the rest are taken to be written alike and are not read), or
  /// none decides. Empty texts are skipped.
  public static func order(provenBy texts: some Sequence<String>) -> DateOrder? {
    for text in texts where !text.trimmingCharacters(in: .whitespaces).isEmpty {
      guard isSlashed(text) else { return nil }
      if let order = evidence(text) { return order }
    }
    return nil
  }

  /// Whether a text's date is slashed (so that its order matters).
  public static func isSlashed(_ text: String) -> Bool {
    slashed(split(text.trimmingCharacters(in: .whitespaces)).date) != nil
  }

  /// Reads a time: `H:MM[:SS[.fff]]` (24-hour), or `H:MM[:SS] AM|PM` with H of 1–12; the
  /// milliseconds of a fraction of up to three digits.
  public static func readTime(_ text: String) -> (TimeOfDay, milliseconds: Int)? {
    var clock = Substring(text)
    var meridiem: Int?  // 0 for AM, 12 for PM
    let upper = text.uppercased()
    for (suffix, offset) in [("AM", 0), ("PM", 12)] where upper.hasSuffix(suffix) {
      clock = clock.dropLast(2)
      while clock.last == " " { clock = clock.dropLast() }
      meridiem = offset
    }
    var milliseconds = 0
    if let point = clock.firstIndex(where: { $0 == "." || $0 == "," }) {
      let fraction = clock[clock.index(after: point)...]
      guard (1...3).contains(fraction.count), fraction.allSatisfy(\.isASCII),
        fraction.allSatisfy(\.isNumber)
      else { return nil }
      milliseconds = Int(fraction + String(repeating: "0", count: 3 - fraction.count))!
      clock = clock[..<point]
    }
    let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      (1...2).contains(parts[0].count), parts.dropFirst().allSatisfy({ $0.count == 2 }),
      var hour = Int(parts[0]), let minute = Int(parts[1])
    else { return nil }
    let second = parts.count == 3 ? Int(parts[2])! : 0
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + meridiem
    }
    guard let time = TimeOfDay(hour: hour, minute: minute, second: second) else { return nil }
    return (time, milliseconds)
  }

  /// The date and the time of a text, split at the first space or `T` after the date.
  private static func split(_ text: String) -> (date: String, time: String?) {
    guard let index = text.firstIndex(where: { $0 == " " || $0 == "T" }) else {
      return (text, nil)
    }
    let time = text[text.index(after: index)...].trimmingCharacters(in: .whitespaces)
    return (String(text[..<index]), time)
  }

  /// The three numbers of `N/N/YYYY` or `N/N/YY` (one or two digits before the year).
  private static func slashed(_ text: String) -> (Int, Int, Int)? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
      parts[2].count == 4 || parts[2].count == 2,
      let first = Int(parts[0]), let second = Int(parts[1]), var year = Int(parts[2])
    else { return nil }
    if parts[2].count == 2 { year += 2000 }
    return (first, second, year)
  }
}
