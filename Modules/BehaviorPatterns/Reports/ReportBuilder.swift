import AnalyticsCore

/// The report rules (Docs/Behavior.md lists them), applied to `ReportData`.
public enum ReportBuilder {
  /// The weekly report of the 7 days ending on `asOf`, compared with the 7 days before.
  public static func weekly(_ data: ReportData, asOf: LocalDate) -> WeeklyReport {
    let window = try! DayRange.lastDays(7, asOf: asOf)
    let entries = data.entries(in: window)
    let comparison = compare(data, entries, window: window)
    let byDay = data.entriesByDay(in: window)
    let dailyCounts = window.map { DayCount(date: $0, count: byDay[$0]?.count ?? 0) }
    let tracked = data.tracked(window)
    let busiest = dailyCounts.reduce(nil as DayCount?) { best, day in
      day.count > (best?.count ?? 0) ? day : best
    }
    return WeeklyReport(
      window: window, previousWindow: window.previous, trackedDays: tracked,
      previousTrackedDays: comparison.tracked, totalEntries: entries.count,
      dailyAverage: dailyAverage(entries.count, over: tracked), mostActiveDay: busiest?.date,
      mostActiveDayEntries: busiest?.count ?? 0, dailyCounts: dailyCounts,
      patternFrequency: patternCounts(entries), categoryDistribution: categoryShares(entries),
      energyTrend: window.map { DailyValue(date: $0, value: energy(byDay[$0] ?? [])) },
      commonTriggers: TriggerWords.count(entries),
      medicationInsights: medicationInsights(data, window: window, byDay: nil),
      changes: comparison.changes, checkIns: checkInSummary(data, window: window))
  }

  /// The monthly report of the 30 days ending on `asOf`, compared with the 30 days before.
  public static func monthly(_ data: ReportData, asOf: LocalDate) -> MonthlyReport {
    period(data, window: try! DayRange.lastDays(30, asOf: asOf))
  }

  /// The report of any window (the monthly report's rules), compared with the window of the
  /// same length right before it.
  public static func period(_ data: ReportData, window: DayRange) -> MonthlyReport {
    let previous = window.previous
    let entries = data.entries(in: window)
    let byDay = data.entriesByDay(in: window)
    let ranking = dayRanking(window: window, byDay: byDay)
    let tracked = data.tracked(window)
    let comparison = compare(data, entries, window: window)
    return MonthlyReport(
      window: window, previousWindow: previous, trackedDays: tracked,
      previousTrackedDays: comparison.tracked, totalEntries: entries.count,
      dailyAverage: dailyAverage(entries.count, over: tracked),
      dailyCounts: window.map { DayCount(date: $0, count: byDay[$0]?.count ?? 0) },
      topPatterns: Array(patternCounts(entries).prefix(5)),
      categoryTrends: categoryTrends(data, window: window),
      correlations: correlations(data, window: window, byDay: byDay),
      bestDays: ranking.best, challengingDays: ranking.challenging,
      changes: comparison.changes, commonTriggers: TriggerWords.count(entries),
      medicationEffectiveness: medicationInsights(data, window: window, byDay: byDay),
      checkIns: checkInSummary(data, window: window))
  }

  // MARK: - Counting

  /// The window's check-ins: days, and each series' mean over the days it was given.
  static func checkInSummary(_ data: ReportData, window: DayRange) -> CheckInSummary {
    CheckInSummary(
      days: data.checkIns.filter { window.contains($0.day) }.count,
      averages: checkInSeries(data, window: window).compactMap { series in
        let values = series.days.compactMap(\.value)
        return average(values).map {
          CheckInAverage(name: series.name, average: $0, days: values.count)
        }
      })
  }

  /// Entries per tracked day (2 decimals): days before tracking began are unknown, not empty;
  /// 0 when no day of the window was tracked.
  static func dailyAverage(_ count: Int, over tracked: DayRange?) -> Double {
    guard let tracked else { return 0 }
    return (Double(count) / Double(tracked.dayCount)).rounded(places: 2)
  }

  /// Report averages (energy, ratings, challenging entries per day) have 2 decimals.
  static func average(_ values: [Double]) -> Double? {
    Summary.mean(values)?.rounded(places: 2)
  }

  static func average(_ values: [Int]) -> Double? { average(values.map(Double.init)) }

  /// The key a pattern is counted under: its type, or a custom pattern's name.
  struct PatternKey: Hashable {
    let typeID: String
    let name: String
    init(_ entry: PatternEntry) {
      typeID = entry.type.id
      name = entry.displayName
    }
  }

  static func patternCounts(_ entries: [PatternEntry]) -> [PatternCount] {
    Dictionary(grouping: entries, by: PatternKey.init).map {
      PatternCount(name: $0.key.name, typeID: $0.key.typeID, count: $0.value.count)
    }.sorted { $0.count != $1.count ? $0.count > $1.count : caseInsensitiveOrder($0.name, $1.name) }
  }

  static func categoryShares(_ entries: [PatternEntry]) -> [CategoryShare] {
    guard !entries.isEmpty else { return [] }
    return Dictionary(grouping: entries, by: \.category).map {
      CategoryShare(
        category: $0.key, count: $0.value.count,
        percent: (Double($0.value.count) * 100 / Double(entries.count)).rounded(places: 1))
    }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.category < $1.category }
  }

  /// The mean intensity of a day's Energy Level entries.
  static func energy(_ entries: [PatternEntry]) -> Double? {
    average(
      entries.filter { $0.type.id == PatternType.energyLevelID }.compactMap(\.intensity))
  }

  static func categoryTrends(_ data: ReportData, window: DayRange) -> [WeekCategoryCounts] {
    window.buckets(by: .week).map { bucket in
      let entries = data.entries(in: bucket.overlap)
      let counts = Dictionary(grouping: entries, by: \.category).mapValues(\.count)
      return WeekCategoryCounts(
        weekStart: bucket.start, days: bucket.overlap,
        counts: PatternCategory.allCases.map { CategoryCount(category: $0, count: counts[$0] ?? 0) }
      )
    }
  }

  // MARK: - Best and challenging days

  /// How hard a day was: the sum of its harder-is-higher entries' intensities (3, the middle of
  /// the scale, for one logged without). Only those types: an energy of 5 is not a hard 5.
  public static func hardDayScore(_ entries: [PatternEntry]) -> Int {
    entries.filter { $0.type.polarity == .higherIsHarder }.reduce(0) { $0 + ($1.intensity ?? 3) }
  }

  static func summary(_ day: LocalDate, _ entries: [PatternEntry]) -> DaySummary {
    DaySummary(
      date: day, entries: entries.count,
      challengingEntries: entries.filter { $0.type.polarity == .higherIsHarder }.count,
      challengeScore: hardDayScore(entries), averageEnergy: energy(entries))
  }

  /// Challenging days: up to 3 days with a challenge score above 0, highest first (ties: more
  /// challenging entries, then the earlier day). Best days: up to 3 other logged days, lowest
  /// score first (ties: higher average energy, a day without energy last, then more entries,
  /// then the earlier day).
  static func dayRanking(window: DayRange, byDay: [LocalDate: [PatternEntry]])
    -> (best: [DaySummary], challenging: [DaySummary])
  {
    let days = window.compactMap { day in byDay[day].map { summary(day, $0) } }
    let challenging = days.filter { $0.challengeScore > 0 }.sorted {
      if $0.challengeScore != $1.challengeScore { return $0.challengeScore > $1.challengeScore }
      if $0.challengingEntries != $1.challengingEntries {
        return $0.challengingEntries > $1.challengingEntries
      }
      return $0.date < $1.date
    }.prefix(3)
    let chosen = Set(challenging.map(\.date))
    let best = days.filter { !chosen.contains($0.date) }.sorted {
      if $0.challengeScore != $1.challengeScore { return $0.challengeScore < $1.challengeScore }
      if $0.averageEnergy != $1.averageEnergy {
        return ($0.averageEnergy ?? -1) > ($1.averageEnergy ?? -1)
      }
      if $0.entries != $1.entries { return $0.entries > $1.entries }
      return $0.date < $1.date
    }.prefix(3)
    return (Array(best), Array(challenging))
  }

  // MARK: - Changes

  /// The window's comparison with the one of the same length before it: that window's tracked
  /// days, and the pattern changes — none when it has no tracked day (nothing to compare with,
  /// rather than a rise from zero).
  static func compare(_ data: ReportData, _ entries: [PatternEntry], window: DayRange)
    -> (tracked: DayRange?, changes: [PatternChange])
  {
    guard let tracked = data.tracked(window.previous) else { return (nil, []) }
    return (tracked, changes(current: entries, previous: data.entries(in: window.previous)))
  }

  /// Patterns whose count moved by at least 3 entries and at least 25% of the previous count
  /// (any rise of 3 or more from none), largest move first, then by name.
  static func changes(current: [PatternEntry], previous: [PatternEntry]) -> [PatternChange] {
    let now = Dictionary(grouping: current, by: PatternKey.init).mapValues(\.count)
    let before = Dictionary(grouping: previous, by: PatternKey.init).mapValues(\.count)
    return Set(now.keys).union(before.keys).compactMap { key -> PatternChange? in
      let (c, p) = (now[key] ?? 0, before[key] ?? 0)
      let change = c - p
      guard abs(change) >= 3, p == 0 || Double(abs(change)) >= 0.25 * Double(p) else { return nil }
      return PatternChange(
        name: key.name, typeID: key.typeID, current: c, previous: p, change: change,
        percentChange: p == 0 ? nil : (Double(change) * 100 / Double(p)).rounded(places: 1),
        direction: change > 0 ? "up" : "down")
    }.sorted {
      abs($0.change) != abs($1.change)
        ? abs($0.change) > abs($1.change) : caseInsensitiveOrder($0.name, $1.name)
    }
  }

  // MARK: - Medications

  /// One insight per medication active on a day of the window or logged in it, by name. With
  /// `byDay` (monthly), challenging entries per day with and without a dose taken are added.
  static func medicationInsights(
    _ data: ReportData, window: DayRange, byDay: [LocalDate: [PatternEntry]]?
  ) -> [MedicationInsight] {
    let logs = data.logs.filter { window.contains($0.day) }
    return data.medications.compactMap { medication -> MedicationInsight? in
      let own = logs.filter { $0.log.medicationID == medication.id }
      let active = data.trackedActiveDays(of: medication, in: window)
      let changes = data.dosageChanges.filter {
        $0.change.medicationID == medication.id && window.contains($0.day)
      }
      guard active != nil || !own.isEmpty || !changes.isEmpty else { return nil }
      let takenDays = own.filter(\.log.taken).map(\.day)
      let expected =
        medication.frequency == .asNeeded
        ? nil : (active.flatMap { medication.expectedDoses(in: $0) } ?? 0)
      let taken: Int
      switch medication.frequency {
      case .asNeeded: taken = takenDays.count
      case .weekly: taken = takenDays.filter { active?.contains($0) ?? false }.count
      case .daily, .twiceDaily, .threeTimesDaily:
        // Each day counts up to its own expected doses: two doses on one day never make up
        // for a day without one.
        let perDay = Dictionary(
          grouping: takenDays.filter { active?.contains($0) ?? false }, by: { $0 }
        ).mapValues(\.count)
        taken = perDay.reduce(0) { sum, day in
          sum
            + min(
              day.value, medication.frequency.expectedDoses(on: day.key, since: medication.since))
        }
      }
      var insight = MedicationInsight(
        medication: medication.name, frequency: medication.frequency,
        adherenceRate: expected.flatMap { expected in
          expected > 0 ? min(100, (Double(taken) * 100 / Double(expected)).rounded(places: 1)) : nil
        }, dosesTaken: taken, dosesExpected: expected,
        // Taken doses only: a rating on a skipped one (kept from older backups) rates nothing.
        averageEffectiveness: average(own.filter(\.log.taken).compactMap(\.log.effectiveness)),
        averageMood: average(own.compactMap(\.log.mood)),
        averageEnergy: average(own.compactMap(\.log.energyLevel)),
        dosageChanges: changes.map {
          DosageChangeOnDay(day: $0.day, from: $0.change.from, to: $0.change.to)
        })
      insight.sideEffects = TextCount.counting(own.map(\.log.sideEffects))
      insight.skipReasons = TextCount.counting(
        own.filter { !$0.log.taken }.map(\.log.skippedReason))
      if let byDay, let active {
        let takenSet = Set(takenDays)
        let challenging = { (day: LocalDate) in
          Double((byDay[day] ?? []).filter { $0.type.polarity == .higherIsHarder }.count)
        }
        // Days with nothing logged are unknown, not days without challenges.
        let logged = data.loggedDays(in: active)
        let known = active.filter(logged.contains)
        let withDose = known.filter { takenSet.contains($0) }.map(challenging)
        let without = known.filter { !takenSet.contains($0) }.map(challenging)
        insight.challengingPerDayTaken = average(withDose)
        insight.challengingPerDayNotTaken = average(without)
      }
      return insight
    }.sorted { caseInsensitiveOrder($0.medication, $1.medication) }
  }

  // MARK: - Correlations

  /// The most findings a report lists, strongest first.
  public static let correlationLimit = 15

  /// What each factor is paired with, over logged days only (`ReportData.loggedDays`: a day
  /// with nothing logged is unknown, not a day without the factor or without challenges):
  /// - a factor a day has or not — a medication taken (on its active days), a pattern type
  ///   logged, a tag on an entry — against that day's hard-day score and the next day's; at
  ///   least 3 days with it and 3 without (Bearable's rule), both counts shown. A harder type
  ///   is not paired with its own day's score, which it is part of;
  /// - a rating — a better-is-higher type's intensity (the day's mean) — against the same and
  ///   the next day's score, on at least 3 days with it that differ.
  /// The first `correlationLimit` findings by confidence, then |r| (ties by factor, then
  /// outcome).
  static func correlations(
    _ data: ReportData, window: DayRange, byDay: [LocalDate: [PatternEntry]]
  ) -> [CorrelationFinding] {
    let logged = data.loggedDays(in: window)
    guard !logged.isEmpty else { return [] }
    let score = { (day: LocalDate) in Double(hardDayScore(byDay[day] ?? [])) }
    var findings: [CorrelationFinding] = []

    /// Pairs `x` over `days` with the score of each day (`next`: of the day after, when logged).
    func pair(_ days: [LocalDate], next: Bool, _ x: (LocalDate) -> Double?)
      -> (x: [Double], y: [Double])
    {
      var pairs: (x: [Double], y: [Double]) = ([], [])
      for day in days {
        let outcome = next ? day.adding(days: 1) : day
        guard logged.contains(outcome), let value = x(day) else { continue }
        pairs.x.append(value)
        pairs.y.append(score(outcome))
      }
      return pairs
    }
    let outcomes = [
      (false, "the hard-day score that day"), (true, "the next day's hard-day score"),
    ]

    var binary:
      [(name: String, lead: String, within: [LocalDate], has: Set<LocalDate>, feeds: Bool)] =
        []
    for medication in data.medications {
      guard let active = data.trackedActiveDays(of: medication, in: window) else { continue }
      let taken = Set(
        data.logs.filter { $0.log.medicationID == medication.id && $0.log.taken }.map(\.day))
      binary.append(
        (
          "\(medication.name) taken", "on days \(medication.name) was taken",
          active.filter(logged.contains), taken, false
        ))
    }
    let entries = data.entries.filter { window.contains($0.day) }
    let loggedList = logged.sorted()
    for key in Set(entries.map { PatternKey($0.entry) }) {
      let days = Set(entries.filter { PatternKey($0.entry) == key }.map(\.day))
      let type = PatternCatalog.type(id: key.typeID)
      binary.append(
        (
          "\(key.name) logged", "on days \(key.name) was logged", loggedList, days,
          type?.polarity == .higherIsHarder
        ))
    }
    var tagDays: [String: (name: String, days: Set<LocalDate>)] = [:]
    for (day, entry) in entries {
      for tag in entry.tags { tagDays[tag.lowercased(), default: (tag, [])].days.insert(day) }
    }
    for (_, tag) in tagDays {
      binary.append(
        ("tag \(tag.name)", "on days tagged \(tag.name)", loggedList, tag.days, false))
    }
    for factor in binary {
      for (next, outcome) in outcomes where next || !factor.feeds {
        let pairs = pair(factor.within, next: next) { factor.has.contains($0) ? 1 : 0 }
        let with = pairs.x.filter { $0 == 1 }.count
        guard with >= 3, pairs.x.count - with >= 3,
          let result = Correlation.pearson(pairs.x, pairs.y)
        else { continue }
        var found = finding(factor.name, outcome, result, factor.lead)
        found.daysWith = with
        found.daysWithout = pairs.x.count - with
        findings.append(found)
      }
    }

    // The check-in's numbers are ratings too: mood, energy, hours slept, the person's own.
    for series in checkInSeries(data, window: window) {
      let values = Dictionary(
        series.days.compactMap { day in day.value.map { (day.date, $0) } },
        uniquingKeysWith: { $1 })
      for (next, outcome) in outcomes {
        let pairs = pair(loggedList, next: next) { values[$0] }
        guard pairs.x.count >= 3, let result = Correlation.pearson(pairs.x, pairs.y) else {
          continue
        }
        findings.append(
          finding(series.name, outcome, result, "on days of higher \(series.name.lowercased())"))
      }
    }
    for type in PatternCatalog.all where type.polarity == .higherIsBetter {
      for (next, outcome) in outcomes {
        let pairs = pair(loggedList, next: next) { intensity(of: type.id, byDay[$0]) }
        guard pairs.x.count >= 3, let result = Correlation.pearson(pairs.x, pairs.y) else {
          continue
        }
        findings.append(
          finding(
            "\(type.name) intensity", outcome, result, "on days of higher \(type.name)"))
      }
    }
    // The better-confidence findings first: r over 3 days is mostly chance.
    let level = ["high": 0, "medium": 1, "low": 2]
    return Array(
      findings.sorted {
        if $0.confidence != $1.confidence { return level[$0.confidence]! < level[$1.confidence]! }
        if abs($0.r) != abs($1.r) { return abs($0.r) > abs($1.r) }
        if $0.factor != $1.factor { return caseInsensitiveOrder($0.factor, $1.factor) }
        return $0.outcome < $1.outcome
      }.prefix(correlationLimit))
  }

  /// A finding in words: "On days Sertraline was taken, the hard-day score that day was
  /// slightly lower (r = −0.21, n = 23, medium confidence)."
  static func finding(
    _ factor: String, _ outcome: String, _ result: Correlation, _ lead: String
  ) -> CorrelationFinding {
    let r = result.r.rounded(places: 2)
    let strength =
      switch abs(r) {
      case ..<0.1: "no clear difference"
      case ..<0.3: "slightly"
      case ..<0.5: "moderately"
      default: "clearly"
      }
    let direction = r > 0 ? "higher" : "lower"
    let confidence = result.n < 10 ? "low" : result.n < 30 ? "medium" : "high"
    let summary =
      abs(r) < 0.1
      ? "\(factor) vs \(outcome): no clear link (r = \(r), n = \(result.n), \(confidence) confidence)."
      : "\(lead), \(outcome) was \(strength) \(direction) (r = \(r), n = \(result.n), \(confidence) confidence)."
    return CorrelationFinding(
      factor: factor, outcome: outcome, r: r, n: result.n, confidence: confidence,
      summary: summary.prefix(1).uppercased() + summary.dropFirst())
  }

  /// The mean intensity of a day's entries of one type, unrounded.
  static func intensity(of typeID: String, _ entries: [PatternEntry]?) -> Double? {
    Summary.mean(
      (entries ?? []).filter { $0.type.id == typeID }.compactMap(\.intensity).map(Double.init))
  }

}
