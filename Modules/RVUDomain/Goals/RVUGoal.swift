import AnalyticsCore

/// Where a user stands against a year's work RVU target, as of a day.
///
/// "Expected by now" and the projection count working days (Monday to Friday), not calendar
/// days: a physician earns RVUs on clinic days, so a January 31 target share is 22 of 2026's 261
/// working days, not 31 of 365.
public struct RVUGoal: Sendable, Equatable {
  public let year: Int
  /// The last day counted: the as-of day, clamped into the year.
  public let through: LocalDate?
  public let workRVUToDate: FixedDecimal
  public let annualTarget: FixedDecimal?
  public let workingDaysElapsed: Int
  public let workingDaysInYear: Int
  /// `annualTarget × elapsed ÷ working days in the year`.
  public let expectedToDate: FixedDecimal?
  /// RVUs to date ÷ expected to date, as a percentage (100.00 on pace); `nil` before any
  /// working day or without a target.
  public let percentOfExpected: FixedDecimal?
  /// The pace so far carried to December 31: `toDate × working days in year ÷ elapsed`.
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

  init(year: Int, asOf: LocalDate, workRVUToDate: FixedDecimal, settings: RVUSettings) throws {
    let (first, last) = try Self.bounds(of: year)
    self.year = year
    through = asOf < first ? nil : min(asOf, last)
    self.workRVUToDate = workRVUToDate
    annualTarget = settings.annualTarget
    workingDaysInYear = Self.workingDays(from: first, through: last)
    workingDaysElapsed = through.map { Self.workingDays(from: first, through: $0) } ?? 0
    let elapsed = Int64(workingDaysElapsed)
    let total = Int64(workingDaysInYear)
    expectedToDate = settings.annualTarget?.scaled(by: elapsed, over: total)
    if let expected = expectedToDate, expected > .zero {
      percentOfExpected = FixedDecimal(hundredths: 100 * 100)
        .scaled(by: workRVUToDate.hundredths, over: expected.hundredths)
    } else {
      percentOfExpected = nil
    }
    let projection = elapsed > 0 ? workRVUToDate.scaled(by: total, over: elapsed) : nil
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
  /// The user's standing against their annual target for `year`, as of `asOf`.
  public func goal(userId: String, year: Int, asOf: LocalDate) throws -> RVUGoal {
    let settings = try settings(userId: userId)
    let (first, last) = try RVUGoal.bounds(of: year)
    var toDate = FixedDecimal.zero
    if asOf >= first {
      let range = try DayRange(start: first, end: min(asOf, last))
      toDate = try analytics(RVUAnalyticsQuery(userId: userId, range: range, period: .year))
        .totals.totalWorkRVU
    }
    return try RVUGoal(year: year, asOf: asOf, workRVUToDate: toDate, settings: settings)
  }
}
