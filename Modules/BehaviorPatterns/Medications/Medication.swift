import AnalyticsCore
import Foundation

/// A medication a person takes or took.
public struct Medication: Sendable, Equatable, Identifiable {
  public var id: Int64
  /// Its name (unique, case ignored).
  public var name: String
  /// The dosage as written (`50 mg`).
  public var dosage: String?
  /// How often it is meant to be taken.
  public var frequency: MedicationFrequency
  /// The first day it was taken.
  public var since: LocalDate
  /// The last day it was taken, once stopped.
  public var stoppedOn: LocalDate?
  public var notes: String?
  /// When it was added.
  public var createdAt: Instant
  /// The times of day its doses are taken, in order (`08:00`, `20:00`): what `due` and the
  /// calendar feed remind of. Empty: no reminders.
  public var doseTimes: [TimeOfDay] = []

  /// Whether it has not been stopped.
  public var isActive: Bool { stoppedOn == nil }

  /// Whether it was being taken on `day` (from `since` through `stoppedOn`).
  public func isActive(on day: LocalDate) -> Bool {
    since <= day && (stoppedOn.map { day <= $0 } ?? true)
  }

  /// The days of `range` on which it was being taken, or `nil` when none.
  public func activeDays(in range: DayRange) -> DayRange? {
    let end = stoppedOn.map { min($0, range.end) } ?? range.end
    let start = max(since, range.start)
    return start <= end ? try? DayRange(start: start, end: end) : nil
  }

  /// The doses expected over `range`: only days from `since` while active count (daily 1, twice
  /// daily 2, three times daily 3 a day; weekly 1 on each day that is a whole number of weeks
  /// after `since`); `nil` for as-needed.
  public func expectedDoses(in range: DayRange) -> Int? {
    guard frequency != .asNeeded else { return nil }
    guard let active = activeDays(in: range) else { return 0 }
    return active.reduce(0) { $0 + frequency.expectedDoses(on: $1, since: since) }
  }
}

/// What `meds add` records.
public struct MedicationInput: Sendable, Equatable {
  public var name: String
  public var dosage: String?
  public var frequency: MedicationFrequency
  public var since: LocalDate
  public var notes: String?
  public var doseTimes: [TimeOfDay] = []

  public init(
    name: String, dosage: String? = nil, frequency: MedicationFrequency, since: LocalDate,
    notes: String? = nil, doseTimes: [TimeOfDay] = []
  ) {
    self.doseTimes = doseTimes
    self.name = name
    self.dosage = dosage
    self.frequency = frequency
    self.since = since
    self.notes = notes
  }
}

/// What `meds edit` changes; fields left `nil` or `.keep` stay as they are.
public struct MedicationChange: Sendable, Equatable {
  public var name: String?
  public var dosage: FieldChange<String> = .keep
  public var frequency: MedicationFrequency?
  public var since: LocalDate?
  public var notes: FieldChange<String> = .keep
  /// New dose times (`[]` clears them); `nil` keeps them.
  public var doseTimes: [TimeOfDay]?

  /// No change.
  public init() {}
}
