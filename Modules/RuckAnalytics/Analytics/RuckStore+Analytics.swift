import AnalyticsCore
import GRDB

extension RuckStore {
  /// Sessions with their local day in `zone`, up to and including `asOf`, oldest first, the
  /// days of the sessions left out as other types up to `asOf`, and the profile, read in one
  /// transaction.
  func dated(zone: Zone, asOf: LocalDate) throws -> (
    sessions: [(day: LocalDate, session: SessionFacts)], leftOutDays: [LocalDate],
    profile: RuckProfile, unconfirmedDays: [LocalDate]
  ) {
    let (sessions, profile) = try writer.read { db in
      (try SessionFacts.all(db), try RuckProfile.current(db))
    }
    let (facts, leftOut, unconfirmed) = sessions
    var dated: [(day: LocalDate, session: SessionFacts)] = []
    dated.reserveCapacity(facts.count)
    for fact in facts {
      let day = zone.localDate(of: fact.start)
      if day > asOf { break }  // oldest first: the rest are later
      dated.append((day, fact))
    }
    func days(_ starts: [Instant]) -> [LocalDate] {
      starts.map { zone.localDate(of: $0) }.filter { $0 <= asOf }
    }
    return (dated, days(leftOut), profile, days(unconfirmed))
  }

  /// Totals of a window with trends against the previous window of the same length.
  public func analytics(period: RuckPeriod, asOf: LocalDate, zone: Zone) throws
    -> RuckAnalyticsReport
  {
    let (all, leftOut, profile, unconfirmed) = try dated(zone: zone, asOf: asOf)
    // All time starts with the first session of any type, so that every session left out is
    // counted as such (a 1990 run before the first ruck was neither counted nor said).
    let firstDay = [all.first?.day, leftOut.min(), unconfirmed.min()].compactMap { $0 }.min()
    let range = period.range(asOf: asOf, firstDay: firstDay)
    let previousRange = range.previous
    let current = RuckTotals(all.filter { range.contains($0.day) }.map(\.session))
    let previous = RuckTotals(all.filter { previousRange.contains($0.day) }.map(\.session))
    let minimum = profile.minRucksPerWeek
    return RuckAnalyticsReport(
      range: range, totals: current,
      sessionsOfOtherTypes: leftOut.filter { range.contains($0) }.count,
      sessionsUnconfirmed: unconfirmed.filter { range.contains($0) }.count,
      trainingStreakWeeks: PeriodicStreak.compute(
        eventDays: all.map(\.day), minimum: minimum, asOf: asOf
      ).current,
      distance: RuckTrend(current: current.distanceMeters, previous: previous.distanceMeters),
      sessions: RuckTrend(current: Double(current.sessions), previous: Double(previous.sessions)),
      pace: RuckTrend(
        current: current.averagePaceSecondsPerKm, previous: previous.averagePaceSecondsPerKm,
        lowerIsBetter: true),
      weightMoved: RuckTrend(current: current.weightMovedKgKm, previous: previous.weightMovedKgKm))
  }

  /// Personal records up to the as-of day; ties go to the earliest session.
  public func records(asOf: LocalDate, zone: Zone) throws -> RuckRecords {
    // Flagged (implausibly fast, not yet confirmed) and excluded sessions set no record.
    let (dated, leftOut, _, _) = try dated(zone: zone, asOf: asOf)
    let all = dated.filter { $0.session.recordStatus == .counted }
    func best(_ kind: RecordKind, _ value: (SessionFacts) -> Double?) -> RuckRecord? {
      let candidates = all.compactMap { day, session in
        value(session).map { PersonalRecord(value: $0, id: session.id, date: day) }
      }
      return PersonalRecord.best(of: candidates, kind: kind).map {
        RuckRecord(value: $0.value, sessionId: $0.id, date: $0.date)
      }
    }
    return RuckRecords(
      longestDistance: best(.maximum) { $0.distanceMeters },
      fastestPace: best(.minimum) {
        $0.distanceMeters >= RuckRecords.paceMinimumMeters ? $0.paceSecondsPerKm : nil
      },
      heaviestLoad: best(.maximum) { $0.loadKg },
      highestCalories: best(.maximum) { $0.calories },
      mostWeightMoved: best(.maximum) { $0.weightMovedKgKm },
      longestDuration: best(.maximum) { $0.elapsedSeconds },
      mostElevationGain: best(.maximum) { $0.elevationGainMeters },
      bestEfforts: try bestEfforts(of: all),
      sessionsOfOtherTypes: leftOut.count)
  }

  /// The fastest stretch of each `BestEfforts` distance among these sessions' stored efforts.
  private func bestEfforts(of sessions: [(day: LocalDate, session: SessionFacts)]) throws
    -> [(name: String, meters: Double, record: RuckRecord?)]
  {
    let days = Dictionary(uniqueKeysWithValues: sessions.map { ($0.session.id, $0.day) })
    let rows = try writer.read { db in
      try Row.fetchAll(db, sql: "SELECT session_id, distance_m, seconds FROM best_effort")
    }
    return BestEfforts.distances.map { name, meters in
      // The stored efforts are the sessions' fastest plausible ones (`BestEfforts`).
      let candidates = rows.compactMap { row -> PersonalRecord<Int64>? in
        guard row[1] as Double == meters, let day = days[row[0]] else { return nil }
        return PersonalRecord(value: row[2], id: row[0], date: day)
      }
      return (
        name, meters,
        PersonalRecord.best(of: candidates, kind: .minimum).map {
          RuckRecord(value: $0.value, sessionId: $0.id, date: $0.date)
        }
      )
    }
  }

  /// The last `weeks` Monday weeks up to the week holding the as-of day, zero-filled.
  ///
  /// - throws: `TallyError` (usage) for `weeks` outside `RuckWeekly.weekCounts`: the loop is
  ///   sized by it.
  public func weekly(weeks: Int, asOf: LocalDate, zone: Zone) throws -> RuckWeekly {
    try RuckWeekly.check(weeks: weeks)
    let count = weeks
    let (all, leftOut, profile, unconfirmed) = try dated(zone: zone, asOf: asOf)
    let minimum = profile.minRucksPerWeek
    let thisWeek = Period.week.start(of: asOf)
    let first = thisWeek.adding(days: -7 * (count - 1))
    var byWeek: [LocalDate: [SessionFacts]] = [:]
    for (day, session) in all where day >= first {
      byWeek[Period.week.start(of: day), default: []].append(session)
    }
    let rows = (0..<count).map { index -> RuckWeek in
      let start = first.adding(days: 7 * index)
      let totals = RuckTotals(byWeek[start] ?? [])
      return RuckWeek(
        weekStart: start, sessions: totals.sessions, distanceMeters: totals.distanceMeters,
        weightMovedKgKm: totals.weightMovedKgKm, calories: totals.calories,
        averagePaceSecondsPerKm: totals.averagePaceSecondsPerKm, goalMet: totals.sessions >= minimum
      )
    }
    return RuckWeekly(
      weeks: rows,
      averageSessionsPerWeek: Double(rows.reduce(0) { $0 + $1.sessions }) / Double(count),
      averageDistancePerWeekMeters: rows.reduce(0) { $0 + $1.distanceMeters } / Double(count),
      sessionsOfOtherTypes: leftOut.filter { $0 >= first }.count,
      sessionsUnconfirmed: unconfirmed.filter { $0 >= first }.count,
      goals: weeklyGoalProgress(
        rows.map(\.weekStart), sessions: all.filter { $0.day >= first }, goals: try goals()))
  }

  /// The weekly streak (the shared periodic rule: an empty week breaks it; this unfinished week
  /// neither extends nor breaks it while short), this week's progress and milestones.
  public func streak(asOf: LocalDate, zone: Zone) throws -> RuckStreak {
    let (starts, profile) = try writer.read { db in
      (try SessionFacts.starts(db), try RuckProfile.current(db))
    }
    let minimum = profile.minRucksPerWeek
    let days = starts.map { zone.localDate(of: $0) }.filter {
      $0 <= asOf
    }
    let streak = PeriodicStreak.compute(eventDays: days, minimum: minimum, asOf: asOf)
    let thisWeek = Period.week.start(of: asOf)
    let thisWeekSessions = days.filter { $0 >= thisWeek }.count
    var milestones: [(weeks: Int, reachedOn: LocalDate)] = []
    for goal in RuckStreak.milestoneWeeks {
      let reached = streak.runs.filter { $0.length >= goal }.compactMap { run -> LocalDate? in
        // The goal's week is the run's goal-th week; it was reached by its minimum-th session.
        let weekStart = run.start.adding(days: 7 * (goal - 1))
        let inWeek = days.filter { $0 >= weekStart && $0 < weekStart.adding(days: 7) }.sorted()
        return inWeek.count >= minimum ? inWeek[minimum - 1] : nil
      }.min()
      if let reached { milestones.append((goal, reached)) }
    }
    return RuckStreak(
      minRucksPerWeek: minimum, currentWeeks: streak.current, longestWeeks: streak.longest,
      longestStart: streak.longestRun?.start, longestEnd: streak.longestRun?.end,
      thisWeekSessions: thisWeekSessions, thisWeekNeeded: max(0, minimum - thisWeekSessions),
      milestones: milestones, goals: try goalProgress(asOf: asOf, zone: zone))
  }
}
