import AnalyticsCore
import GRDB

/// Where a user stands against a work RVU target, as of a day.
///
/// The target is aimed over its period: the target period of the settings (the TrackMyRVU
/// backend's `targetStartDate`–`targetEndDate`) when set, else a calendar year. "Expected by
/// now" and the projection count working days (Monday to Friday) less the user's time off, not
/// calendar days: a physician earns RVUs on clinic days, so a January 31 target share is 22 of
/// 2026's 261 working days, not 31 of 365, and a week of vacation moves the pace with it. A
/// physician who starts after the period does (a new job in March) is paced from the first day
/// they logged a visit.
public struct RVUGoal: Sendable, Equatable {
  /// The year the period starts in.
  public let year: Int
  /// The target's period.
  public let periodStart: LocalDate
  public let periodEnd: LocalDate
  /// Where the pace starts: the period's start, or the first visit logged in it when later.
  public let pacedFrom: LocalDate
  /// The last day counted: the as-of day, clamped into the period.
  public let through: LocalDate?
  public let workRVUToDate: FixedDecimal
  public let annualTarget: FixedDecimal?
  /// Working days from `pacedFrom` through `through`, time off left out.
  public let workingDaysElapsed: Int
  /// Working days from `pacedFrom` through the period's end, time off left out.
  public let workingDaysInYear: Int
  /// Working days of time off from `pacedFrom` through the period's end.
  public let timeOffDays: Int
  /// `annualTarget × elapsed ÷ working days in the period`.
  public let expectedToDate: FixedDecimal?
  /// RVUs to date ÷ expected to date, as a percentage (100.00 on pace); `nil` before any
  /// working day or without a target.
  public let percentOfExpected: FixedDecimal?
  /// The pace so far carried to the period's end: `toDate × working days ÷ elapsed`.
  public let projectedYearEnd: FixedDecimal?
  /// RVUs to date × dollars per RVU.
  public let dollarsToDate: FixedDecimal?
  /// The projection × dollars per RVU.
  public let projectedDollars: FixedDecimal?
  /// (RVUs to date − threshold, when above) × dollars per RVU × bonus rate.
  public let bonusToDate: FixedDecimal?
  /// The same over the projection.
  public let projectedBonus: FixedDecimal?

  /// January 1 and December 31 of `year`.
  ///
  /// - throws: `TallyError` for a year the calendar cannot hold.
  static func bounds(of year: Int) throws -> (LocalDate, LocalDate) {
    guard let first = LocalDate(year: year, month: 1, day: 1),
      let last = LocalDate(year: year, month: 12, day: 31)
    else { throw TallyError.invalid("year", String(year), expected: "a year such as 2026") }
    return (first, last)
  }

  /// Monday to Friday days from `start` through `end` (0 when `end` is before `start`).
  static func workingDays(from start: LocalDate, through end: LocalDate) -> Int {
    guard start <= end else { return 0 }
    let days = start.days(to: end) + 1
    let weeks = days / 7
    var count = weeks * 5
    var day = start.adding(days: weeks * 7)
    while day <= end {
      if day.weekday.rawValue <= Weekday.friday.rawValue { count += 1 }
      day = day.adding(days: 1)
    }
    return count
  }

  /// Working days from `start` through `end` less the weekdays among `daysOff`.
  static func workingDays(from start: LocalDate, through end: LocalDate, daysOff: Set<LocalDate>)
    -> Int
  {
    workingDays(from: start, through: end) - daysOff.filter { $0 >= start && $0 <= end }.count
  }

  /// - Parameter daysOff: the weekdays of the user's time off (any days; others are ignored).
  init(
    period: (start: LocalDate, end: LocalDate), pacedFrom: LocalDate, asOf: LocalDate,
    workRVUToDate: FixedDecimal, settings: RVUSettings, daysOff: Set<LocalDate> = []
  ) {
    let (first, last) = (period.start, period.end)
    let weekdaysOff = daysOff.filter { $0.weekday.rawValue <= Weekday.friday.rawValue }
    year = first.year
    periodStart = first
    periodEnd = last
    self.pacedFrom = pacedFrom
    through = asOf < first ? nil : min(asOf, last)
    self.workRVUToDate = workRVUToDate
    annualTarget = settings.annualTarget
    workingDaysInYear = Self.workingDays(from: pacedFrom, through: last, daysOff: weekdaysOff)
    timeOffDays = weekdaysOff.filter { $0 >= pacedFrom && $0 <= last }.count
    workingDaysElapsed =
      through.map { Self.workingDays(from: pacedFrom, through: $0, daysOff: weekdaysOff) } ?? 0
    let elapsed = Int64(workingDaysElapsed)
    let total = Int64(workingDaysInYear)
    // A period all time off (or already over before the first visit) has nothing to pace.
    expectedToDate = total > 0 ? settings.annualTarget?.scaled(by: elapsed, over: total) : nil
    if let expected = expectedToDate, expected > .zero {
      percentOfExpected = FixedDecimal(hundredths: 100 * 100)
        .scaled(by: workRVUToDate.hundredths, over: expected.hundredths)
    } else {
      percentOfExpected = nil
    }
    let projection = elapsed > 0 && total > 0 ? workRVUToDate.scaled(by: total, over: elapsed) : nil
    projectedYearEnd = projection
    let rate = settings.dollarsPerRVU
    dollarsToDate = rate.map { workRVUToDate.times($0) }
    projectedDollars = rate.flatMap { rate in projection.map { $0.times(rate) } }
    func bonus(_ rvus: FixedDecimal?) -> FixedDecimal? {
      guard let rvus, let rate, let share = settings.bonusRate,
        let threshold = settings.bonusThreshold
      else { return nil }
      let above = rvus > threshold ? rvus - threshold : .zero
      return above.times(rate).times(share)
    }
    bonusToDate = bonus(workRVUToDate)
    projectedBonus = bonus(projection)
  }
}

extension RVUStore {
  /// The user's standing against their target as of `asOf`: over calendar `year` when given,
  /// else over the settings' target period when set, else over `asOf`'s calendar year.
  ///
  /// - throws: `TallyError` for a year the calendar cannot hold.
  public func goal(userId: String, year: Int? = nil, asOf: LocalDate) throws -> RVUGoal {
    let settings = try settings(userId: userId)
    let period: (start: LocalDate, end: LocalDate)
    if let year {
      period = try RVUGoal.bounds(of: year)
    } else if let start = settings.targetStart, let end = settings.targetEnd {
      period = (start, end)
    } else {
      period = try RVUGoal.bounds(of: asOf.year)
    }
    let (first, last) = period
    return try writer.read { db in
      // The visit index (user_id, date) answers both.
      let firstVisit = try LocalDate.fetchOne(
        db,
        sql: """
          SELECT MIN(date) FROM visit
          WHERE user_id = ? AND is_no_show = 0 AND date >= ? AND date <= ?
          """, arguments: [userId, first, last])
      var toDate = FixedDecimal.zero
      if asOf >= first {
        toDate =
          try FixedDecimal.fetchOne(
            db,
            sql: """
              SELECT SUM(total_work_rvu) FROM visit WHERE user_id = ? AND date >= ? AND date <= ?
              """, arguments: [userId, first, Swift.min(asOf, last)]) ?? .zero
      }
      var daysOff: Set<LocalDate> = []
      for entry in try TimeOff.owned(by: userId)
        .filter(TimeOff.Columns.to >= first && TimeOff.Columns.from <= last).fetchAll(db)
      {
        var day = max(entry.from, first)
        while day <= min(entry.to, last) {
          daysOff.insert(day)
          day = day.adding(days: 1)
        }
      }
      return RVUGoal(
        period: period, pacedFrom: max(first, firstVisit ?? first), asOf: asOf,
        workRVUToDate: toDate, settings: settings, daysOff: daysOff)
    }
  }
}
