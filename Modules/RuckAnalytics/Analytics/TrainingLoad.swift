import AnalyticsCore
import Foundation
import GRDB

/// A session's training load, Banister's TRIMP (training impulse; Banister 1991, Morton,
/// Fitz-Clarke & Banister 1990): Σ minutes × HRr × a·e^(b·HRr) over the time at each heart
/// rate, HRr the fraction of the heart-rate reserve, (rate − rest) / (max − rest), within 0…1;
/// a = 0.64, b = 1.92 for men (also when the profile gives no sex, as Banister's original),
/// 0.86 and 1.67 for women.
///
/// Without heart rates (or without a resting rate to measure the reserve from), the load is
/// estimated for a session on foot from its moving time, pace, climb and load: the Pandolf
/// metabolic rate in METs (1 MET = 1.163 W/kg), taken as the same fraction of an average
/// adult's reserve of 12 METs (%VO2R ≈ %HRR, Swain & Leutholtz 1997), in the same formula.
public enum TrainingLoad {
  public enum Source: String, Sendable {
    case heartRate = "heart_rate"
    case estimated
  }

  /// An average adult's maximal aerobic capacity, METs (about 42 ml O2/kg/min).
  static let maximumMETs = 12.0
  /// Watts per kilogram of one MET (3.5 ml O2/kg/min at 20.1 J/ml).
  static let wattsPerKgPerMET = 1.163

  static func weighting(_ reserve: Double, sex: Sex?) -> Double {
    let (a, b) = sex == .female ? (0.86, 1.67) : (0.64, 1.92)
    return reserve * a * exp(b * reserve)
  }

  /// Banister's TRIMP from the seconds at each rate.
  static func banister(
    _ seconds: [(rate: Int, seconds: Double)], maximum: Int, resting: Int, sex: Sex?
  ) -> Double {
    let span = Double(maximum - resting)
    return seconds.reduce(0) { total, entry in
      let reserve = min(1, max(0, Double(entry.rate - resting) / span))
      return total + entry.seconds / 60 * weighting(reserve, sex: sex)
    }
  }

  /// The estimate for a session on foot; `nil` without a body weight or a moving time.
  static func estimated(
    movingSeconds: Double, distanceMeters: Double, climbMeters: Double, loadKg: Double,
    bodyKg: Double?, terrainFactor: Double, sex: Sex?
  ) -> Double? {
    guard let bodyKg, bodyKg > 0, movingSeconds > 0 else { return nil }
    let watts = Pandolf.watts(
      bodyKg: bodyKg, loadKg: loadKg, speed: distanceMeters / movingSeconds,
      gradePercent: distanceMeters > 0 ? climbMeters / distanceMeters * 100 : 0,
      terrainFactor: terrainFactor)
    let mets = watts / (wattsPerKgPerMET * bodyKg)
    let reserve = min(1, max(0, (mets - 1) / (maximumMETs - 1)))
    return movingSeconds / 60 * weighting(reserve, sex: sex)
  }
}

/// Sex, for the TRIMP coefficients.
public enum Sex: String, Sendable, CaseIterable, Codable {
  case female, male
}

/// One session's load in the fitness chart.
public struct SessionLoad: Sendable, Equatable {
  public let sessionId: Int64
  public let day: LocalDate
  public let load: Double
  public let source: TrainingLoad.Source
}

/// One Monday week of the fitness chart: its load and the state at its last day (or the as-of
/// day).
public struct FitnessWeek: Sendable, Equatable {
  public let weekStart: LocalDate
  public let sessions: Int
  public let load: Double
  public let fitness: Double
  public let fatigue: Double
  public var form: Double { fitness - fatigue }
}

/// `ruck-cli fitness`: each session's load, and fitness, fatigue and form day by day.
public struct RuckFitness: Sendable, Equatable {
  public let weeks: [FitnessWeek]
  /// Every day of the shown weeks up to the as-of day: (day, load, fitness, fatigue).
  public let days: [(day: LocalDate, load: Double, fitness: Double, fatigue: Double)]
  public let sessions: [SessionLoad]
  /// Sessions with no load: neither heart rates nor what the estimate needs (a body weight, a
  /// moving time, on foot).
  public let sessionsWithoutLoad: Int

  public static func == (a: RuckFitness, b: RuckFitness) -> Bool {
    a.weeks == b.weeks && a.sessions == b.sessions && a.sessionsWithoutLoad == b.sessionsWithoutLoad
  }
}

extension RuckStore {
  /// Training load per session and the fitness chart of the last `weeks` Monday weeks. Every
  /// session counts but flagged ones (a car drive is no training; one excluded from records was
  /// still trained), of any type:
  /// runs and rides with a heart rate too; the estimate only on foot.
  ///
  /// - throws: `TallyError` (usage) for `weeks` outside 1–520.
  public func fitness(weeks: Int, asOf: LocalDate, zone: Zone) throws -> RuckFitness {
    try RuckWeekly.check(weeks: weeks)
    let (loads, withoutLoad) = try writer.read { db in
      let profile = try RuckProfile.current(db)
      var seconds: [Int64: [(rate: Int, seconds: Double)]] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT session_id, bpm, seconds FROM heart_rate_time ORDER BY session_id, bpm")
      {
        seconds[row[0], default: []].append((row[1], row[2]))
      }
      var loads: [SessionLoad] = []
      var withoutLoad = 0
      for session in try RuckSession.order(RuckSession.Columns.startedAt, RuckSession.Columns.id)
        .fetchAll(db)
      where session.recordStatus != .unconfirmed {
        let day = zone.localDate(of: session.startedAt)
        if day > asOf { break }
        let year = Zone.utc.localDate(of: session.startedAt).year
        let zones = HeartRateZones(profile: profile, year: year)
        if let rates = seconds[session.id!], let zones, let resting = zones.resting {
          loads.append(
            SessionLoad(
              sessionId: session.id!, day: day,
              load: TrainingLoad.banister(
                rates, maximum: zones.maximum, resting: resting, sex: profile.sex),
              source: .heartRate))
        } else if session.activity.isOnFoot,
          let load = TrainingLoad.estimated(
            movingSeconds: session.movingSeconds, distanceMeters: session.distanceMeters,
            climbMeters: session.elevationGainMeters ?? 0, loadKg: session.loadKg,
            bodyKg: session.bodyWeightKg ?? profile.bodyWeightKg,
            terrainFactor: session.terrain?.factor ?? 1, sex: profile.sex)
        {
          loads.append(
            SessionLoad(sessionId: session.id!, day: day, load: load, source: .estimated))
        } else {
          withoutLoad += 1
        }
      }
      return (loads, withoutLoad)
    }
    let thisWeek = Period.week.start(of: asOf)
    let firstShown = thisWeek.adding(days: -7 * (weeks - 1))
    // The model runs from the first session (or the first shown day) to the as-of day.
    let start = min(loads.first?.day ?? firstShown, firstShown)
    /// A day's place in `daily`.
    func offset(_ day: LocalDate) -> Int { day.daysSinceEpoch - start.daysSinceEpoch }
    var daily = [Double](repeating: 0, count: offset(asOf) + 1)
    for load in loads { daily[offset(load.day)] += load.load }
    let series = FitnessFatigue.series(daily)
    let days = (offset(firstShown)..<daily.count).map { index in
      (start.adding(days: index), daily[index], series[index].fitness, series[index].fatigue)
    }
    let shownWeeks = (0..<weeks).map { index -> FitnessWeek in
      let weekStart = firstShown.adding(days: 7 * index)
      let last = min(weekStart.adding(days: 6), asOf)
      let span = offset(weekStart)...offset(last)
      return FitnessWeek(
        weekStart: weekStart,
        sessions: loads.filter { $0.day >= weekStart && $0.day <= last }.count,
        load: span.reduce(0) { $0 + daily[$1] }, fitness: series[span.upperBound].fitness,
        fatigue: series[span.upperBound].fatigue)
    }
    return RuckFitness(
      weeks: shownWeeks, days: days, sessions: loads.filter { $0.day >= firstShown },
      sessionsWithoutLoad: withoutLoad)
  }
}
