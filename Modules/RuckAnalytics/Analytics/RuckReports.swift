import AnalyticsCore

/// The windows analytics are computed over, each as of a day.
public enum RuckPeriod: String, Sendable, CaseIterable {
  /// Monday of this week to the as-of day.
  case thisWeek = "this-week"
  /// The 1st of this month to the as-of day.
  case thisMonth = "this-month"
  /// Last Monday-to-Sunday week.
  case lastWeek = "last-week"
  /// Last calendar month.
  case lastMonth = "last-month"
  /// The three months ending on the as-of day.
  case last3Months = "last-3-months"
  /// The six months ending on the as-of day.
  case last6Months = "last-6-months"
  /// The year ending on the as-of day.
  case lastYear = "last-year"
  /// From the first session's day to the as-of day.
  case allTime = "all-time"

  /// The days of the window as of `asOf`; `firstDay` is the first session's day (for all-time).
  public func range(asOf: LocalDate, firstDay: LocalDate?) -> DayRange {
    switch self {
    case .thisWeek: return .toDate(.week, asOf: asOf)
    case .thisMonth: return .toDate(.month, asOf: asOf)
    case .lastWeek: return Period.week.range(containing: asOf.adding(days: -7))
    case .lastMonth: return Period.month.range(containing: asOf.adding(months: -1))
    case .last3Months:
      return try! DayRange(start: asOf.adding(months: -3).adding(days: 1), end: asOf)
    case .last6Months:
      return try! DayRange(start: asOf.adding(months: -6).adding(days: 1), end: asOf)
    case .lastYear: return try! DayRange(start: asOf.adding(years: -1).adding(days: 1), end: asOf)
    case .allTime: return try! DayRange(start: min(firstDay ?? asOf, asOf), end: asOf)
    }
  }
}

/// A metric now against the previous window of the same length.
public struct RuckTrend: Sendable, Equatable {
  /// This window's value (`nil` when undefined, e.g. pace without distance).
  public let current: Double?
  /// The previous window's value.
  public let previous: Double?
  /// Percent change; `nil` when the previous value is 0 or either is undefined.
  public let percentChange: Double?
  /// Up, down or flat; `nil` when undefined.
  public let direction: Direction?
  /// For a lower-is-better metric (pace): improving, worsening or steady; `nil` otherwise or when
  /// undefined.
  public let assessment: Assessment?

  init(current: Double?, previous: Double?, lowerIsBetter: Bool = false) {
    self.current = current
    self.previous = previous
    guard let current, let previous else {
      percentChange = nil
      direction = nil
      assessment = nil
      return
    }
    let change = Change(current: current, previous: previous, lowerIsBetter: lowerIsBetter)
    percentChange = change.percent
    direction = change.direction
    assessment = lowerIsBetter ? change.assessment : nil
  }
}

/// Totals of a window.
public struct RuckTotals: Sendable, Equatable {
  /// Sessions.
  public let sessions: Int
  /// Σ distance, m.
  public let distanceMeters: Double
  /// Σ load × distance, kg·km.
  public let weightMovedKgKm: Double
  /// Σ moving time, s.
  public let movingSeconds: Double
  /// Σ distance of the sessions with a known moving time, m: what pace divides by, so that
  /// distance and time come from the same sessions.
  public let timedDistanceMeters: Double
  /// Sessions without a known moving time (a planned route, a partly timed track), left out of
  /// pace and speed.
  public let sessionsWithoutMovingTime: Int
  /// Σ calories, kcal (sessions without calories add nothing).
  public let calories: Double

  /// Moving time ÷ distance over the sessions with a known moving time, s/km (distance-weighted);
  /// `nil` when none has one.
  public var averagePaceSecondsPerKm: Double? {
    Pace.secondsPerKm(moving: movingSeconds, distance: timedDistanceMeters)
  }

  init(_ sessions: [SessionFacts]) {
    self.sessions = sessions.count
    distanceMeters = sessions.reduce(0) { $0 + $1.distanceMeters }
    weightMovedKgKm = sessions.reduce(0) { $0 + $1.weightMovedKgKm }
    movingSeconds = sessions.reduce(0) { $0 + $1.movingSeconds }
    let timed = sessions.filter { $0.movingSeconds > 0 }
    timedDistanceMeters = timed.reduce(0) { $0 + $1.distanceMeters }
    sessionsWithoutMovingTime = sessions.count - timed.count
    calories = sessions.reduce(0) { $0 + ($1.calories ?? 0) }
  }
}

/// Totals of a window and their trends against the window before.
public struct RuckAnalyticsReport: Sendable, Equatable {
  /// The window.
  public let range: DayRange
  /// Its totals.
  public let totals: RuckTotals
  /// Sessions in the window of types reports leave out (runs, rides, `other`, unloaded walks).
  public let sessionsOfOtherTypes: Int
  /// Rucks in the window flagged as implausible and not confirmed: left out of every total.
  public let sessionsUnconfirmed: Int
  /// The weekly streak as of the as-of day.
  public let trainingStreakWeeks: Int
  /// Distance, sessions, pace and weight moved against the previous window.
  public let distance: RuckTrend, sessions: RuckTrend, pace: RuckTrend, weightMoved: RuckTrend
}

/// A personal record: the value and the session that set it.
public struct RuckRecord: Sendable, Equatable {
  /// The value in SI units.
  public let value: Double
  /// The session.
  public let sessionId: Int64
  /// The session's local day.
  public let date: LocalDate
}

/// Personal records up to a day.
public struct RuckRecords: Sendable, Equatable {
  public static func == (a: RuckRecords, b: RuckRecords) -> Bool {
    a.longestDistance == b.longestDistance && a.fastestPace == b.fastestPace
      && a.heaviestLoad == b.heaviestLoad && a.highestCalories == b.highestCalories
      && a.mostWeightMoved == b.mostWeightMoved && a.longestDuration == b.longestDuration
      && a.mostElevationGain == b.mostElevationGain
      && a.bestEfforts.map(\.record) == b.bestEfforts.map(\.record)
      && a.sessionsOfOtherTypes == b.sessionsOfOtherTypes
  }

  /// Paces of shorter sessions say little (a walk to the car, a GPS fix that jumped): the
  /// fastest pace and the pace histogram only count sessions of at least this many metres.
  public static let paceMinimumMeters = 1000.0

  /// Longest distance, m.
  public let longestDistance: RuckRecord?
  /// Fastest pace, s/km, over sessions of at least 1 km.
  public let fastestPace: RuckRecord?
  /// Heaviest load, kg.
  public let heaviestLoad: RuckRecord?
  /// Most calories, kcal.
  public let highestCalories: RuckRecord?
  /// Most weight moved, kg·km.
  public let mostWeightMoved: RuckRecord?
  /// Longest elapsed time, s.
  public let longestDuration: RuckRecord?
  /// Most elevation gained in a session, m.
  public let mostElevationGain: RuckRecord?
  /// The fastest 1 km, mile, 5 km and 10 km inside sessions, moving seconds
  /// (`BestEfforts.distances`, in order; `nil` where no track covered the distance).
  public let bestEfforts: [(name: String, meters: Double, record: RuckRecord?)]
  /// Sessions up to the as-of day of types records leave out (runs, rides, `other`, unloaded
  /// walks).
  public let sessionsOfOtherTypes: Int
}

/// One Monday week of the weekly summary.
public struct RuckWeek: Sendable, Equatable {
  /// Its Monday.
  public let weekStart: LocalDate
  /// Sessions, distance (m), weight moved (kg·km), calories (kcal).
  public let sessions: Int, distanceMeters: Double, weightMovedKgKm: Double, calories: Double
  /// Distance-weighted pace of the week, s/km (`nil` without distance).
  public let averagePaceSecondsPerKm: Double?
  /// Whether the week reached the profile's goal.
  public let goalMet: Bool
}

/// The last N Monday weeks, zero-filled.
public struct RuckWeekly: Sendable, Equatable {
  /// Every week, oldest first, zero-filled.
  public let weeks: [RuckWeek]
  /// How many weeks a weekly report may cover: up to ten years.
  public static let weekCounts = 1...520

  /// Refuses a count of weeks outside `weekCounts` (weekly, the calendar and fitness are sized
  /// by it).
  ///
  /// - throws: `TallyError` (usage) naming the count.
  static func check(weeks: Int) throws {
    guard weekCounts.contains(weeks) else {
      throw TallyError.invalid(
        "weeks", "\(weeks)", expected: "\(weekCounts.lowerBound) to \(weekCounts.upperBound)",
        category: .usage)
    }
  }
  /// Mean sessions per week over them.
  public let averageSessionsPerWeek: Double
  /// Mean distance per week, m.
  public let averageDistancePerWeekMeters: Double
  /// Sessions in these weeks of types reports leave out (runs, rides, `other`, unloaded walks).
  public let sessionsOfOtherTypes: Int
  /// Rucks in these weeks flagged as implausible and not confirmed: left out of every week.
  public let sessionsUnconfirmed: Int
  /// Each weekly goal (`RuckStore.goals`) over each week, week by week.
  public let goals: [GoalProgress]
}

/// The weekly streak, this week's progress and milestones.
public struct RuckStreak: Sendable, Equatable {
  /// The weekly goal.
  public let minRucksPerWeek: Int
  /// Consecutive qualifying weeks up to now (this week counts once it qualifies).
  public let currentWeeks: Int
  /// The longest run ever.
  public let longestWeeks: Int
  /// Its first and last day (Monday of its first week, Sunday of its last).
  public let longestStart: LocalDate?, longestEnd: LocalDate?
  /// Sessions this week, and how many more the goal needs.
  public let thisWeekSessions: Int, thisWeekNeeded: Int
  /// Milestones reached (4, 8, 12, 26, 52 weeks) with the day of the session that reached each.
  public let milestones: [(weeks: Int, reachedOn: LocalDate)]
  /// Each distance, weight-moved or elevation goal over this week or month.
  public let goals: [GoalProgress]

  /// Runs of weeks worth marking: a month, two, a quarter, half a year, a year.
  public static let milestoneWeeks = [4, 8, 12, 26, 52]

  /// Compares field by field.
  public static func == (lhs: RuckStreak, rhs: RuckStreak) -> Bool {
    lhs.minRucksPerWeek == rhs.minRucksPerWeek && lhs.currentWeeks == rhs.currentWeeks
      && lhs.longestWeeks == rhs.longestWeeks && lhs.longestStart == rhs.longestStart
      && lhs.longestEnd == rhs.longestEnd && lhs.thisWeekSessions == rhs.thisWeekSessions
      && lhs.thisWeekNeeded == rhs.thisWeekNeeded
      && lhs.milestones.map(\.weeks) == rhs.milestones.map(\.weeks)
      && lhs.milestones.map(\.reachedOn) == rhs.milestones.map(\.reachedOn)
      && lhs.goals == rhs.goals
  }
}
