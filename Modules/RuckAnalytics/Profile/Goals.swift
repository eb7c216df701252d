import AnalyticsCore
import GRDB

/// What a goal counts over: a Monday week or a calendar month.
public enum GoalPeriod: String, Sendable, CaseIterable {
  case week, month
}

/// What a goal sums over the period's counted sessions.
public enum GoalMeasure: String, Sendable, CaseIterable {
  /// Metres.
  case distance
  /// Load × distance, kg·km.
  case weightMoved = "weight_moved"
  /// Metres of elevation gained.
  case elevation
}

/// A goal beside the sessions-per-week one (issue 36 §3): a weekly or monthly distance, weight
/// moved or elevation, in SI units (m, kg·km, m).
public struct RuckGoal: Sendable, Equatable {
  public let period: GoalPeriod
  public let measure: GoalMeasure
  public let target: Double

  public init(period: GoalPeriod, measure: GoalMeasure, target: Double) {
    self.period = period
    self.measure = measure
    self.target = target
  }
}

/// A goal over one period: what the counted sessions of its days add up to.
public struct GoalProgress: Sendable, Equatable {
  public let goal: RuckGoal
  /// The period's first and last day.
  public let start: LocalDate, end: LocalDate
  public let done: Double
  public var met: Bool { done >= goal.target }
  /// Done over target, as a percentage.
  public var percent: Double { done / goal.target * 100 }
}

extension RuckStore {
  /// The goals, weekly before monthly, each period's in the order of `GoalMeasure`.
  public func goals() throws -> [RuckGoal] {
    try writer.read(Self.goals)
  }

  static func goals(_ db: Database) throws -> [RuckGoal] {
    try Row.fetchAll(db, sql: "SELECT period, measure, target FROM ruck_goal").compactMap { row in
      guard let period = GoalPeriod(rawValue: row[0]), let measure = GoalMeasure(rawValue: row[1])
      else { return nil }
      return RuckGoal(period: period, measure: measure, target: row[2])
    }.sorted {
      (
        GoalPeriod.allCases.firstIndex(of: $0.period)!,
        GoalMeasure.allCases.firstIndex(of: $0.measure)!
      )
        < (
          GoalPeriod.allCases.firstIndex(of: $1.period)!,
          GoalMeasure.allCases.firstIndex(of: $1.measure)!
        )
    }
  }

  /// Sets a goal's target, or removes the goal (`nil`).
  ///
  /// - throws: `TallyError` for a target that is not positive or beyond what a period can hold.
  public func setGoal(_ period: GoalPeriod, _ measure: GoalMeasure, target: Double?) throws {
    try setGoals([(period, measure, target)])
  }

  /// Sets several goals in one transaction: all of them, or none when one is refused.
  ///
  /// - throws: `TallyError` naming the first target that is not positive or beyond 10,000,000
  ///   (metres, kg·km).
  public func setGoals(_ goals: [(GoalPeriod, GoalMeasure, Double?)]) throws {
    for (_, measure, target) in goals {
      if let target, !(target.isFinite && target > 0 && target <= Self.largestTarget) {
        let unit = measure == .weightMoved ? "kg·km" : "m"
        throw TallyError(
          value: "\(FixedNotation.format(target, decimals: 1)) \(unit)",
          expected: "a positive goal up to 10,000,000 \(unit)")
      }
    }
    try writer.write { db in
      for (period, measure, target) in goals { try Self.write(db, period, measure, target) }
    }
  }

  private static func write(
    _ db: Database, _ period: GoalPeriod, _ measure: GoalMeasure, _ target: Double?
  ) throws {
    if let target {
      try db.execute(
        sql: """
          INSERT INTO ruck_goal (period, measure, target) VALUES (?, ?, ?)
          ON CONFLICT (period, measure) DO UPDATE SET target = excluded.target
          """, arguments: [period.rawValue, measure.rawValue, target])
    } else {
      try db.execute(
        sql: "DELETE FROM ruck_goal WHERE period = ? AND measure = ?",
        arguments: [period.rawValue, measure.rawValue])
    }
  }

  /// The largest target accepted, in its SI unit.
  static let largestTarget = 10_000_000.0
  /// The distances a goal may be (metres): refused as typed (`99999km`), not in metres.
  public static let goalDistances = 0...largestTarget

  /// Each goal over the week and the month holding `asOf` (up to it), from the sessions
  /// reports count (as the streak and `weekly` count them: flagged ones do not).
  public func goalProgress(asOf: LocalDate, zone: Zone) throws -> [GoalProgress] {
    let goals = try self.goals()
    guard !goals.isEmpty else { return [] }
    let dated = try dated(zone: zone, asOf: asOf).sessions
    return goals.map { goal in
      let start = goal.period == .week ? Period.week.start(of: asOf) : Period.month.start(of: asOf)
      let end =
        goal.period == .week ? start.adding(days: 6) : start.adding(months: 1).adding(days: -1)
      return GoalProgress(
        goal: goal, start: start, end: end,
        done: Self.total(goal.measure, dated.filter { $0.day >= start }.map(\.session)))
    }
  }

  /// Each weekly goal over each of these Monday weeks.
  func weeklyGoalProgress(
    _ weeks: [LocalDate], sessions: [(day: LocalDate, session: SessionFacts)], goals: [RuckGoal]
  ) -> [GoalProgress] {
    weeks.flatMap { weekStart in
      goals.filter { $0.period == .week }.map { goal in
        let end = weekStart.adding(days: 6)
        return GoalProgress(
          goal: goal, start: weekStart, end: end,
          done: Self.total(
            goal.measure, sessions.filter { $0.day >= weekStart && $0.day <= end }.map(\.session)))
      }
    }
  }

  static func total(_ measure: GoalMeasure, _ sessions: [SessionFacts]) -> Double {
    sessions.reduce(0) { total, session in
      switch measure {
      case .distance: return total + session.distanceMeters
      case .weightMoved: return total + session.weightMovedKgKm
      case .elevation: return total + (session.elevationGainMeters ?? 0)
      }
    }
  }
}
