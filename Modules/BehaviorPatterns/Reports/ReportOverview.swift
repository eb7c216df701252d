import AnalyticsCore

/// The figures a report page draws for its whole window beyond the weekly or monthly report's
/// own: every pattern's count, the category shares, the hard-day score and the better-is-higher
/// types per day, and the logging streak. One value for both windows, so a 7-day and a 30-day page draw the same charts.
public struct ReportOverview: Sendable, Equatable {
  public var window: DayRange
  /// Each pattern's count, by count then name.
  public var patternFrequency: [PatternCount]
  /// Each category's count and share, by count then catalog order.
  public var categoryDistribution: [CategoryShare]
  /// The mean Energy Level intensity of each day of the window.
  public var energyTrend: [DailyValue]
  /// Each day's hard-day score (`ReportBuilder.hardDayScore`): `nil` on a day with nothing
  /// logged (a gap, not a calm day), 0 on a logged day without a harder pattern.
  public var hardDayScore: [DailyValue]
  /// The better-is-higher types logged with an intensity in the window, each its own line.
  public var betterLines: [PatternLine]
  /// The check-in's mood, energy and hours slept, and each rating checked in in the window,
  /// each its own line (`typeID` `check-in:mood`, `check-in:rating:Pain`…).
  public var checkInLines: [PatternLine]
  /// The logging streak as of the window's last day.
  public var streak: Streak
}

extension ReportBuilder {
  /// The overview of `window` from `data`, with `streak` computed by the store (it needs every
  /// day ever logged, not only the window's).
  public static func overview(_ data: ReportData, window: DayRange, streak: Streak)
    -> ReportOverview
  {
    let entries = data.entries(in: window)
    let byDay = data.entriesByDay(in: window)
    let logged = data.loggedDays(in: window)
    let better = PatternCatalog.all.filter { type in
      type.polarity == .higherIsBetter
        && entries.contains { $0.type.id == type.id && $0.intensity != nil }
    }
    return ReportOverview(
      window: window, patternFrequency: patternCounts(entries),
      categoryDistribution: categoryShares(entries),
      energyTrend: window.map { DailyValue(date: $0, value: energy(byDay[$0] ?? [])) },
      hardDayScore: window.map {
        DailyValue(
          date: $0, value: logged.contains($0) ? Double(hardDayScore(byDay[$0] ?? [])) : nil)
      },
      betterLines: better.map { type in
        PatternLine(
          typeID: type.id, name: type.name,
          days: window.map {
            DailyValue(date: $0, value: intensity(of: type.id, byDay[$0])?.rounded(places: 2))
          })
      }, checkInLines: checkInLines(data, window: window), streak: streak)
  }
}

extension BehaviorStore {
  /// The weekly report as of `asOf` with the overview of its 7 days, read in one transaction.
  public func weeklyReportWithOverview(asOf: LocalDate, zone: Zone) throws
    -> (report: WeeklyReport, overview: ReportOverview)
  {
    let (data, streak) = try overviewData(days: 14, asOf: asOf, zone: zone)
    let report = ReportBuilder.weekly(data, asOf: asOf)
    return (report, ReportBuilder.overview(data, window: report.window, streak: streak))
  }

  /// The monthly report as of `asOf` with the overview of its 30 days, read in one transaction.
  public func monthlyReportWithOverview(asOf: LocalDate, zone: Zone) throws
    -> (report: MonthlyReport, overview: ReportOverview)
  {
    let (data, streak) = try overviewData(days: 60, asOf: asOf, zone: zone)
    let report = ReportBuilder.monthly(data, asOf: asOf)
    return (report, ReportBuilder.overview(data, window: report.window, streak: streak))
  }

  /// The report of any span of days (at most `maximumPeriodDays`) with the monthly report's
  /// rules, compared with as many days right before, with its overview.
  ///
  /// - throws: `TallyError` (usage) for a span longer than `maximumPeriodDays`.
  public func periodReportWithOverview(_ window: DayRange, zone: Zone) throws
    -> (report: MonthlyReport, overview: ReportOverview)
  {
    guard window.dayCount <= Self.maximumPeriodDays else {
      throw TallyError.invalid(
        "period", "\(window.start) to \(window.end)",
        expected: "at most \(Self.maximumPeriodDays) days", category: .usage)
    }
    let (data, streak) = try overviewData(
      days: window.dayCount * 2, asOf: window.end, zone: zone)
    let report = ReportBuilder.period(data, window: window)
    return (report, ReportBuilder.overview(data, window: window, streak: streak))
  }

  /// The longest span a period report covers: a year and a day, so "this year" fits.
  public static let maximumPeriodDays = 366

  /// The report data of the `days` days ending on `asOf` (the window and the one before it) and
  /// the streak as of `asOf`.
  private func overviewData(days: Int, asOf: LocalDate, zone: Zone) throws
    -> (ReportData, Streak)
  {
    let range = try DayRange.lastDays(days, asOf: asOf)
    return try writer.read { db in
      (
        try Self.reportData(range, zone: zone, db),
        try Self.streak(asOf: asOf, zone: zone, db)
      )
    }
  }
}

extension ReportBuilder {
  /// The daily series of a window's check-ins: mood, energy, hours slept and each rating, with
  /// its scale and polarity; only those given on some day of the window.
  static func checkInSeries(_ data: ReportData, window: DayRange) -> [CheckInSeries] {
    let byDay = Dictionary(
      data.checkIns.filter { window.contains($0.day) }.map { ($0.day, $0) },
      uniquingKeysWith: { $1 })
    func series(
      _ id: String, _ name: String, _ scale: ClosedRange<Int>?, _ polarity: PatternType.Polarity,
      _ value: (CheckIn) -> Double?
    ) -> CheckInSeries? {
      let days = window.map { DailyValue(date: $0, value: byDay[$0].flatMap(value)) }
      guard days.contains(where: { $0.value != nil }) else { return nil }
      return CheckInSeries(id: id, name: name, scale: scale, polarity: polarity, days: days)
    }
    return [
      series("check-in:mood", "Mood", 1...5, .higherIsBetter) { $0.mood.map(Double.init) },
      series("check-in:energy", "Energy (check-in)", 1...5, .higherIsBetter) {
        $0.energy.map(Double.init)
      },
      series("check-in:sleep", "Hours slept", nil, .neither) { $0.sleepHours },
    ].compactMap { $0 }
      + data.ratings.compactMap { rating in
        series("check-in:rating:\(rating.name)", rating.name, rating.scale, rating.polarity) {
          $0.ratings[rating.name].map(Double.init)
        }
      }
  }

  static func checkInLines(_ data: ReportData, window: DayRange) -> [PatternLine] {
    checkInSeries(data, window: window).map {
      PatternLine(typeID: $0.id, name: $0.name, days: $0.days)
    }
  }
}

/// One daily series of the check-ins, with what it is measured on.
struct CheckInSeries {
  let id: String
  let name: String
  let scale: ClosedRange<Int>?
  let polarity: PatternType.Polarity
  let days: [DailyValue]
}
