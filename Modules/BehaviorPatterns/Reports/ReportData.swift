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

  /// Pairs each entry and log with its local day in `zone`.
  public init(
    entries: [PatternEntry], medications: [Medication], logs: [MedicationLog], zone: Zone
  ) {
    let days = LocalDays(zone: zone)
    self.entries = entries.map { (days.day(of: $0.timestamp.storedSeconds), $0) }
    self.medications = medications
    self.logs = logs.map { (days.day(of: $0.timestamp.storedSeconds), $0) }
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

/// Converts stored instants to local days in one zone, caching the zone's offset per quarter
/// hour (every zone's offsets and transitions fall on quarter hours).
final class LocalDays {
  private let zone: Zone
  private var offsets: [Int64: Int] = [:]

  init(zone: Zone) { self.zone = zone }

  func day(of seconds: Int64) -> LocalDate {
    let bucket = seconds >= 0 ? seconds / 900 : (seconds - 899) / 900
    let offset: Int
    if let cached = offsets[bucket] {
      offset = cached
    } else {
      offset = zone.offset(at: Date(storedSeconds: bucket * 900))
      offsets[bucket] = offset
    }
    let local = seconds + Int64(offset)
    return LocalDate(daysSinceEpoch: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
  }
}
