import AnalyticsCore
import Foundation

/// The entries and medication logs of a span of days, each with its local day: what the report
/// rules work on. Building reports from this (not from the database) keeps the rules pure.
public struct ReportData: Sendable {
  /// Entries with their local day, oldest first.
  public var entries: [(day: LocalDate, entry: PatternEntry)]
  /// Every medication.
  public var medications: [Medication]
  /// Medication logs with their local day, oldest first.
  public var logs: [(day: LocalDate, log: MedicationLog)]
  /// The day tracking began: the local day of the first entry or dose ever logged; `nil` when
  /// nothing was. Days before it are not judged (they are unknown, not empty).
  public var trackingStart: LocalDate?
  /// Dosage changes with their local day, oldest first.
  public var dosageChanges: [(day: LocalDate, change: DosageChange)]
  /// The check-ins of the span, oldest first.
  public var checkIns: [CheckIn] = [] {
    didSet { extraLoggedDays = Set(checkIns.map(\.day)) }
  }
  /// The ratings a check-in may carry, by name.
  public var ratings: [DailyRating] = []
  /// Other days something was logged on (a check-in).
  var extraLoggedDays: Set<LocalDate> = []

  /// Pairs each entry, log and dosage change with its local day in `zone`.
  public init(
    entries: [PatternEntry], medications: [Medication], logs: [MedicationLog],
    trackingStart: LocalDate?, dosageChanges: [DosageChange] = [], zone: Zone
  ) {
    let days = LocalDays(zone: zone)
    self.entries = entries.map { (days.day(of: $0.timestamp), $0) }
    self.medications = medications
    self.logs = logs.map { (days.day(of: $0.timestamp), $0) }
    self.trackingStart = trackingStart
    self.dosageChanges = dosageChanges.map { (days.day(of: $0.changedAt), $0) }
  }

  /// The days of `range` inside the tracked span (from `trackingStart`), `nil` when none.
  public func tracked(_ range: DayRange) -> DayRange? {
    guard let trackingStart, trackingStart <= range.end else { return nil }
    return try? DayRange(start: max(trackingStart, range.start), end: range.end)
  }

  /// The days of `range` with anything logged: an entry, a dose (taken or skipped). Only these
  /// are known days; a day with nothing logged is unknown, never a day of zeros (correlations
  /// and daily charts count these alone).
  public func loggedDays(in range: DayRange) -> Set<LocalDate> {
    var days = Set(entries.lazy.map(\.day).filter(range.contains))
    days.formUnion(logs.lazy.map(\.day).filter(range.contains))
    days.formUnion(extraLoggedDays.filter(range.contains))
    return days
  }

  /// The days of `range` on which `medication` was both taken (active) and tracked.
  func trackedActiveDays(of medication: Medication, in range: DayRange) -> DayRange? {
    tracked(range).flatMap(medication.activeDays(in:))
  }

  func entries(in range: DayRange) -> [PatternEntry] {
    entries.filter { range.contains($0.day) }.map(\.entry)
  }

  func entriesByDay(in range: DayRange) -> [LocalDate: [PatternEntry]] {
    Dictionary(grouping: entries.filter { range.contains($0.day) }, by: \.day).mapValues {
      $0.map(\.entry)
    }
  }
}

/// Converts stored instants to local days in one zone. The zone's offset is kept for the span
/// until its next transition (ICU reports every offset change, not only daylight saving), so a run of instants in order asks the zone once per span.
final class LocalDays {
  private let zone: Zone
  private var spanStart: Int64 = .max
  private var spanEnd: Int64 = .min
  private var offsetMilliseconds: Int64 = 0

  private static let millisecondsPerDay: Int64 = 86_400_000

  init(zone: Zone) { self.zone = zone }

  func day(of instant: Instant) -> LocalDate {
    let milliseconds = instant.millisecondsSinceEpoch
    if milliseconds < spanStart || milliseconds >= spanEnd {
      offsetMilliseconds = Int64(zone.offset(at: instant)) * 1000
      spanStart = milliseconds
      spanEnd =
        zone.timeZone.nextDaylightSavingTimeTransition(after: instant.date).map {
          Instant($0).millisecondsSinceEpoch
        } ?? .max
    }
    let local = milliseconds + offsetMilliseconds
    let day = Self.millisecondsPerDay
    return LocalDate(daysSinceEpoch: Int(local >= 0 ? local / day : (local - day + 1) / day))
  }
}
