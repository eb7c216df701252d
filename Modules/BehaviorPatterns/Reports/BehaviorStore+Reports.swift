import AnalyticsCore
import Foundation
import GRDB

/// A medication's doses on one day.
public struct MedicationDue: Sendable, Equatable {
  public var name: String
  /// Doses expected that day; `nil` for as-needed.
  public var due: Int?
  /// Doses logged as taken that day.
  public var taken: Int
}

/// The dashboard of one day: streak, counts, medications due, recent entries and insights.
public struct TodaySummary: Sendable, Equatable {
  public var date: LocalDate
  /// The logging streak as of that day.
  public var streak: Streak
  /// Entries on that day.
  public var entriesToday: Int
  /// That day's check-in, if any.
  public var checkIn: CheckIn?
  /// Active medications and their doses that day, by name.
  public var medications: [MedicationDue]
  /// The last five entries up to the end of that day, newest first.
  public var recentEntries: [PatternEntry]
  /// One-line insights.
  public var insights: [String]
}

extension BehaviorStore {
  /// The weekly report of the 7 days ending on `asOf` (and the 7 before, for changes), days
  /// being local days in `zone`.
  public func weeklyReport(asOf: LocalDate, zone: Zone) throws -> WeeklyReport {
    ReportBuilder.weekly(
      try reportData(try DayRange.lastDays(14, asOf: asOf), zone: zone), asOf: asOf)
  }

  /// The monthly report of the 30 days ending on `asOf` (and the 30 before, for changes).
  public func monthlyReport(asOf: LocalDate, zone: Zone) throws -> MonthlyReport {
    ReportBuilder.monthly(
      try reportData(try DayRange.lastDays(60, asOf: asOf), zone: zone), asOf: asOf)
  }

  /// How far back `meds list` judges adherence: a month is long enough for a weekly medication
  /// to have 4 doses due, short enough to show a recent change of habit.
  public static let recentAdherenceDays = 30

  /// Adherence and ratings per medication over the `days` days ending on `asOf` (the weekly
  /// report's medication insights, for any window).
  public func medicationInsights(days: Int, asOf: LocalDate, zone: Zone) throws
    -> [MedicationInsight]
  {
    let window = try DayRange.lastDays(days, asOf: asOf)
    // Adherence needs the medications, their logs and the tracking start, not the entries.
    let data = try writer.read { db in
      try Self.reportData(window, zone: zone, includingEntries: false, db)
    }
    return ReportBuilder.medicationInsights(data, window: window, byDay: nil)
  }

  /// The entries, medications and logs of `range`.
  public func reportData(_ range: DayRange, zone: Zone) throws -> ReportData {
    try writer.read { db in try Self.reportData(range, zone: zone, db) }
  }

  /// The report data of `range`; without `includingEntries`, only medications, logs and the
  /// tracking start (what adherence needs).
  static func reportData(
    _ range: DayRange, zone: Zone, includingEntries: Bool = true, _ db: Database
  ) throws -> ReportData {
    let (start, end) = zone.instants(of: range)
    let arguments: [any DatabaseValueConvertible] = [start, end]
    // Tracking starts with the first entry or dose: a check-in back-dated a year would otherwise
    // make a year of days without dose logging "tracked", and adherence would expect doses on
    // them. Check-in days still count as logged days (`loggedDays`).
    var data = ReportData(
      entries: includingEntries
        ? try entries(db, where: "e.occurred_at >= ? AND e.occurred_at < ?", arguments) : [],
      medications: try MedicationRecord.order(MedicationRecord.Columns.id).fetchAll(db)
        .map(medication),
      logs: try logs(db, where: "l.occurred_at >= ? AND l.occurred_at < ?", arguments),
      trackingStart: try trackingStart(db).map(zone.localDate(of:)),
      dosageChanges: try dosageChanges(db, where: "changed_at >= ? AND changed_at < ?", arguments),
      zone: zone)
    data.checkIns = try checkIns(db, from: range.start, through: range.end)
    data.ratings = try ratings(db)
    return data
  }

  /// The first instant anything (an entry or a dose) was logged.
  static func trackingStart(_ db: Database) throws -> Instant? {
    try Instant.fetchOne(
      db,
      sql: """
        SELECT MIN(first) FROM (
          SELECT MIN(occurred_at) AS first FROM pattern_entry
          UNION ALL SELECT MIN(occurred_at) FROM medication_log)
        """)
  }

  /// The logging streak as of `asOf`: consecutive local days with at least one entry, computed
  /// from the entries every time (AnalyticsCore's daily-streak rule; today is pending).
  public func streak(asOf: LocalDate, zone: Zone) throws -> Streak {
    try writer.read { db in try Self.streak(asOf: asOf, zone: zone, db) }
  }

  /// The dashboard of `asOf`; entries after that day are ignored.
  public func today(asOf: LocalDate, zone: Zone) throws -> TodaySummary {
    let dayEnd = zone.start(of: asOf.adding(days: 1))
    let fortnight = try DayRange.lastDays(14, asOf: asOf)
    let (streak, recent, data) = try writer.read { db in
      (
        try Self.streak(asOf: asOf, zone: zone, db),
        try Self.entries(db, where: "e.occurred_at < ?", [dayEnd], newestFirst: true, limit: 5),
        try Self.reportData(fortnight, zone: zone, db)
      )
    }
    let todays = data.entries.filter { $0.day == asOf }
    let medications = data.medications.filter { $0.isActive(on: asOf) }.map { medication in
      MedicationDue(
        name: medication.name,
        due: medication.frequency == .asNeeded
          ? nil : medication.frequency.expectedDoses(on: asOf, since: medication.since),
        taken: data.logs.filter {
          $0.day == asOf && $0.log.medicationID == medication.id && $0.log.taken
        }.count)
    }.sorted { caseInsensitiveOrder($0.name, $1.name) }
    return TodaySummary(
      date: asOf, streak: streak, entriesToday: todays.count,
      checkIn: data.checkIns.first { $0.day == asOf }, medications: medications,
      recentEntries: recent,
      insights: TodayInsights.make(
        asOf: asOf, streak: streak, data: data, medications: medications))
  }

  static func streak(asOf: LocalDate, zone: Zone, _ db: Database) throws -> Streak {
    let end = zone.start(of: asOf.adding(days: 1))
    let days = LocalDays(zone: zone)
    var eventDays: [LocalDate] = []
    // In time order (the occurred_at index gives it without a sort): an entry before the end of
    // the last day kept is on that day, so only each day's first entry is converted and kept.
    // Inserting all 100,000 entries' days into a Set was half of what the streak cost.
    var dayEnd = Int64.min
    // Int64 decodes straight from the column (see PatternEntryRecord.init(row:)).
    let cursor = try Int64.fetchCursor(
      db, sql: "SELECT occurred_at FROM pattern_entry WHERE occurred_at < ? ORDER BY occurred_at",
      arguments: [end])
    while let milliseconds = try cursor.next() {
      guard milliseconds >= dayEnd else { continue }
      let day = days.day(of: Instant(millisecondsSinceEpoch: milliseconds))
      eventDays.append(day)
      dayEnd = zone.start(of: day.adding(days: 1)).millisecondsSinceEpoch
    }
    return DailyStreak.compute(eventDays: eventDays, asOf: asOf)
  }
}
