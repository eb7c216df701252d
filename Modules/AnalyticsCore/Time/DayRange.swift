/// A closed range of calendar days, `start...end`, both included.
public struct DayRange: Sendable, Hashable, CustomStringConvertible, Sequence {
  /// The first day.
  public let start: LocalDate
  /// The last day (included).
  public let end: LocalDate

  /// Creates the range `start...end`.
  ///
  /// - throws: `TallyError` naming both days when `start` is after `end`.
  public init(start: LocalDate, end: LocalDate) throws {
    guard start <= end else {
      throw TallyError(
        .usage,
        .invalid(field: "start", value: "\(start)", expected: "a day on or before the end \(end)"))
    }
    self.start = start
    self.end = end
  }

  init(uncheckedStart start: LocalDate, end: LocalDate) {
    self.start = start
    self.end = end
  }

  /// The range holding the single day `day`.
  public init(day: LocalDate) { self.init(uncheckedStart: day, end: day) }

  /// How many days the range holds (a one-day range holds 1).
  public var dayCount: Int { start.days(to: end) + 1 }

  /// Whether `day` lies in the range.
  public func contains(_ day: LocalDate) -> Bool { start <= day && day <= end }

  /// The range of the same length that ends the day before `start`.
  public var previous: DayRange {
    DayRange(uncheckedStart: start.adding(days: -dayCount), end: start.adding(days: -1))
  }

  /// The days in common with `other`, or `nil` when they do not overlap.
  public func intersection(_ other: DayRange) -> DayRange? {
    let first = Swift.max(start, other.start)
    let last = Swift.min(end, other.end)
    return first <= last ? DayRange(uncheckedStart: first, end: last) : nil
  }

  /// `start...end`.
  public var description: String { "\(start)...\(end)" }

  /// Iterates the days in order.
  public func makeIterator() -> AnyIterator<LocalDate> {
    var next = start
    let last = end
    return AnyIterator {
      guard next <= last else { return nil }
      defer { next = next.adding(days: 1) }
      return next
    }
  }

  // MARK: Presets

  /// The longest "last N days" window: 100 years, so a zero-filled daily series stays a few
  /// tens of thousands of rows however large the number typed.
  public static let maximumDays = 36_525

  /// The as-of day alone.
  public static func today(asOf: LocalDate) -> DayRange { DayRange(day: asOf) }

  /// The last `days` days, including the as-of day (`lastDays(7)` ending Sunday starts Monday).
  ///
  /// - throws: `TallyError` when `days` is less than 1 or more than `maximumDays`.
  public static func lastDays(_ days: Int, asOf: LocalDate) throws -> DayRange {
    guard (1...maximumDays).contains(days) else {
      throw TallyError(
        value: String(days), expected: "a number of days from 1 to \(maximumDays) (100 years)")
    }
    return DayRange(uncheckedStart: asOf.adding(days: 1 - days), end: asOf)
  }

  /// The period containing the as-of day, from its first day up to the as-of day
  /// (week/month/quarter/year to date).
  public static func toDate(_ period: Period, asOf: LocalDate, weekStart: Weekday = .monday)
    -> DayRange
  {
    DayRange(uncheckedStart: period.start(of: asOf, weekStart: weekStart), end: asOf)
  }

  /// The whole calendar period containing `day`.
  public static func containing(_ day: LocalDate, period: Period, weekStart: Weekday = .monday)
    -> DayRange
  {
    period.range(containing: day, weekStart: weekStart)
  }

  // MARK: Buckets

  /// Every period that overlaps this range, in order, empty ones included, so that a series can
  /// be zero-filled. The first and last bucket may reach outside the range: `overlap` says which
  /// of their days lie inside it.
  public func buckets(by period: Period, weekStart: Weekday = .monday) -> [PeriodBucket] {
    var result: [PeriodBucket] = []
    var first = period.start(of: start, weekStart: weekStart)
    while first <= end {
      let next = period.nextStart(after: first)
      let whole = DayRange(uncheckedStart: first, end: next.adding(days: -1))
      result.append(PeriodBucket(period: whole, overlap: whole.intersection(self)!))
      first = next
    }
    return result
  }
}

/// One period of a bucketed range.
public struct PeriodBucket: Sendable, Hashable {
  /// The whole calendar period; `period.start` is the bucket's key.
  public let period: DayRange
  /// The days of the period that lie inside the range that was bucketed.
  public let overlap: DayRange

  /// The first day of the period: the bucket's key.
  public var start: LocalDate { period.start }
}
