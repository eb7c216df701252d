import AnalyticsCore

/// Which days analytics cover, as a user asks for them; resolved against the as-of day.
public enum RVUAnalyticsWindow: Sendable, Equatable {
  /// From `start` through `end`, or through the as-of day when `end` is nil.
  case between(start: LocalDate, end: LocalDate?)
  /// The last `n` days including the as-of day.
  case lastDays(Int)
  /// January 1 through the as-of day.
  case yearToDate

  /// A month of work: long enough to smooth out a week off, short enough to show a trend.
  public static let standard = RVUAnalyticsWindow.lastDays(30)

  /// The days of the window as of `asOf`.
  ///
  /// - throws: `TallyError` when the start is after the end, or the window holds fewer than 1
  ///   or more than `DayRange.maximumDays` days: a zero-filled daily series of any range stays
  ///   a few tens of thousands of rows.
  public func range(asOf: LocalDate) throws -> DayRange {
    switch self {
    case .between(let start, let end):
      return try Self.checked(DayRange(start: start, end: end ?? asOf))
    case .lastDays(let days): return try .lastDays(days, asOf: asOf)
    case .yearToDate: return .toDate(.year, asOf: asOf)
    }
  }

  /// `range` when it holds at most `DayRange.maximumDays` days.
  static func checked(_ range: DayRange) throws -> DayRange {
    guard range.dayCount <= DayRange.maximumDays else {
      throw TallyError.invalid(
        "range", "\(range.start) to \(range.end)",
        expected: "at most \(DayRange.maximumDays) days (100 years)", category: .usage)
    }
    return range
  }
}

/// What to compute.
public struct RVUAnalyticsQuery: Sendable {
  public var userId: String
  /// Which days (visits on them count; a bucket's `period_start` may lie before `range.start`).
  public var range: DayRange
  /// The grouping in time (the seed API's `period`: daily, weekly, monthly, yearly).
  public var period: Period
  /// The first day of a week for weekly grouping.
  public var weekStart: Weekday
  /// Whether to break totals down per HCPCS code.
  public var groupByCode: Bool
  /// Whether to add zero rows for periods without visits (summary rows only).
  public var fillEmptyPeriods: Bool
  /// Whether to add the totals of the previous window of equal length and the change.
  public var compareWithPrevious: Bool

  public init(
    userId: String, range: DayRange, period: Period = .day, weekStart: Weekday = .monday,
    groupByCode: Bool = false, fillEmptyPeriods: Bool = false, compareWithPrevious: Bool = false
  ) {
    self.userId = userId
    self.range = range
    self.period = period
    self.weekStart = weekStart
    self.groupByCode = groupByCode
    self.fillEmptyPeriods = fillEmptyPeriods
    self.compareWithPrevious = compareWithPrevious
  }
}

/// Totals of one period.
public struct RVUSummaryRow: Sendable, Equatable {
  /// The first day of the period.
  public let periodStart: LocalDate
  /// Σ work RVU × quantity over procedures of visits that are not no-shows.
  public let totalWorkRVU: FixedDecimal
  /// Visits that are not no-shows.
  public let totalEncounters: Int
  /// No-show visits.
  public let totalNoShows: Int
}

/// Totals of one code in one period.
public struct RVUCodeRow: Sendable, Equatable {
  /// The first day of the period.
  public let periodStart: LocalDate
  public let hcpcs: String
  /// The description recorded with the code's most recent procedure in the period.
  public let description: String
  /// The status code recorded with that procedure.
  public let statusCode: String
  /// Σ work RVU × quantity.
  public let totalWorkRVU: FixedDecimal
  /// Σ quantity.
  public let totalQuantity: Int
  /// Distinct visits with the code.
  public let encounterCount: Int
}

/// Totals over the whole range.
public struct RVUTotals: Sendable, Equatable {
  /// Σ work RVU.
  public let totalWorkRVU: FixedDecimal
  /// Encounters (visits that are not no-shows).
  public let totalEncounters: Int
  /// No-shows.
  public let totalNoShows: Int
  /// Total work RVU ÷ encounters, rounded to hundredths; 0 when there are no encounters.
  public let averageRVUPerEncounter: FixedDecimal
}

/// The analytics of a range.
public struct RVUAnalyticsReport: Sendable, Equatable {
  public let range: DayRange
  /// One row per period with visits (every period with `fillEmptyPeriods`), by `periodStart`.
  public let summary: [RVUSummaryRow]
  /// With `groupByCode`: rows by period, then total work RVU (highest first), then code.
  public let codes: [RVUCodeRow]
  /// Totals over the range.
  public let totals: RVUTotals
  /// With `compareWithPrevious`: the previous window's totals and the change.
  public let previous: RVUComparison?
}

/// The window of equal length just before the analysed one, and how the totals changed.
public struct RVUComparison: Sendable, Equatable {
  /// Ends the day before the analysed range starts, with as many days.
  public let range: DayRange
  public let totals: RVUTotals
  /// Percent changes from the previous window to this one, to the hundredth; `nil` when the
  /// previous value was 0, where no percentage means anything.
  public let workRVUChange: FixedDecimal?
  public let encountersChange: FixedDecimal?
  public let noShowsChange: FixedDecimal?
  public let averageRVUPerEncounterChange: FixedDecimal?
  /// The analysed window's totals, so each change can be read as a pair (see `changes`).
  public let current: RVUTotals

  init(range: DayRange, previous: RVUTotals, current: RVUTotals) {
    self.range = range
    totals = previous
    self.current = current
    func percent(_ now: Int64, _ before: Int64) -> FixedDecimal? {
      // (now − before) ÷ before × 100, kept in hundredths of a percent.
      before == 0
        ? nil : FixedDecimal(hundredths: (now - before) * 100).scaled(by: 100, over: before)
    }
    workRVUChange = percent(current.totalWorkRVU.hundredths, previous.totalWorkRVU.hundredths)
    encountersChange = percent(Int64(current.totalEncounters), Int64(previous.totalEncounters))
    noShowsChange = percent(Int64(current.totalNoShows), Int64(previous.totalNoShows))
    averageRVUPerEncounterChange = percent(
      current.averageRVUPerEncounter.hundredths, previous.averageRVUPerEncounter.hundredths)
  }

  /// Each total now against before, with which way is good news: fewer no-shows is better.
  public var changes: RVUChanges {
    RVUChanges(
      workRVU: Change(
        current: current.totalWorkRVU.doubleValue, previous: totals.totalWorkRVU.doubleValue),
      encounters: Change(
        current: Double(current.totalEncounters), previous: Double(totals.totalEncounters)),
      noShows: Change(
        current: Double(current.totalNoShows), previous: Double(totals.totalNoShows),
        lowerIsBetter: true),
      averageRVUPerEncounter: Change(
        current: current.averageRVUPerEncounter.doubleValue,
        previous: totals.averageRVUPerEncounter.doubleValue))
  }
}

/// The totals of `RVUComparison` as `Change` values, for summary cards: the percent of each is
/// the comparison's percent before its rounding to hundredths.
public struct RVUChanges: Sendable, Equatable {
  public let workRVU: Change
  public let encounters: Change
  public let noShows: Change
  public let averageRVUPerEncounter: Change
}
