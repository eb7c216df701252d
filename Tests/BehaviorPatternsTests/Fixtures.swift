import AnalyticsCore
import Foundation
import GRDB

@testable import BehaviorPatterns

/// Helpers to build small, hand-checked data sets.
enum Fixture {
  static func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

  /// The instant of a UTC wall-clock time.
  static func utc(_ text: String) -> Instant {
    Zone.utc.instant(of: try! LocalDateTime(parsing: text))
  }

  static func type(_ id: String) -> PatternType { PatternCatalog.type(id: id)! }

  /// The tests' "now": after every day the tests log on, so none is refused as a future day.
  static let now = utc("2026-12-01 00:00")

  /// An in-memory store whose clock reads `now`.
  static func store() throws -> BehaviorStore { try BehaviorStore.inMemory(clock: .fixed(now)) }

  /// Logs an entry at `time` (UTC).
  @discardableResult
  static func log(
    _ store: BehaviorStore, _ id: String, _ time: String, intensity: Int? = nil,
    duration: Int? = nil, note: String? = nil, tags: [String] = [], name: String? = nil,
    category: PatternCategory? = nil
  ) throws -> PatternEntry {
    try store.log(
      EntryInput(
        type: type(id), timestamp: utc(time), intensity: intensity, durationMinutes: duration,
        contextNotes: note, customName: name, customCategory: category, tags: tags),
      zone: .utc)
  }

  static func dose(
    _ store: BehaviorStore, _ medication: String, _ time: String, taken: Bool = true,
    effectiveness: Int? = nil, mood: Int? = nil, energy: Int? = nil, reason: String? = nil
  ) throws {
    try store.logMedication(
      medication,
      MedicationLogInput(
        timestamp: utc(time), taken: taken, skippedReason: reason, effectiveness: effectiveness,
        mood: mood, energyLevel: energy), zone: .utc)
  }

  static func medication(
    _ store: BehaviorStore, _ name: String, _ frequency: MedicationFrequency, since: String,
    stopped: String? = nil
  ) throws {
    try store.addMedication(
      MedicationInput(name: name, frequency: frequency, since: day(since)))
    if let stopped { try store.stopMedication(name, on: day(stopped), zone: .utc) }
  }

  /// The weekly data set: the 7 days 2026-02-25 … 2026-03-03 cross a month boundary; two days
  /// tie for most entries; Sertraline starts mid-window.
  static func weekly() throws -> BehaviorStore {
    let store = try store()
    try log(store, "sensory-overload", "2026-02-24 10:00", intensity: 4)  // before the window
    try log(store, "energy-level", "2026-02-25 09:00", intensity: 2)
    try log(
      store, "sensory-overload", "2026-02-25 14:00", intensity: 3, note: "Loud office noise",
      tags: ["noise"])
    try log(store, "energy-level", "2026-02-27 08:00", intensity: 4)
    try log(
      store, "meltdown-trigger", "2026-02-27 12:00", intensity: 5, note: "office noise again",
      tags: ["noise", "work"])
    try log(store, "social-interaction", "2026-02-27 19:00", intensity: 2, duration: 60)
    try log(store, "sensory-overload", "2026-03-01 10:00", intensity: 2, tags: ["Noise"])
    try log(store, "energy-level", "2026-03-01 16:00", intensity: 3)
    try log(store, "energy-level", "2026-03-01 17:00", intensity: 4)
    try log(
      store, "custom-pattern", "2026-03-03 11:00", name: "Echolalia",
      category: .socialCommunication)
    try log(store, "anxiety-spike", "2026-03-04 09:00")  // after the as-of day

    try medication(store, "Sertraline", .daily, since: "2026-02-27")
    try medication(store, "Melatonin", .asNeeded, since: "2026-01-01")
    try medication(store, "Vitamin D", .weekly, since: "2026-02-20")
    try medication(store, "Old med", .daily, since: "2025-01-01", stopped: "2026-02-20")
    // Before its first day: not counted. Logging refuses such a dose now; databases and backups
    // written before hold them.
    let sertraline = try store.medication("Sertraline").id
    try store.writer.write { db in
      var record = MedicationLogRecord(
        id: nil, medicationId: sertraline, occurredAt: utc("2026-02-26 08:00"), taken: true,
        skippedReason: nil, effectiveness: nil, mood: nil, energyLevel: nil, sideEffects: nil,
        notes: nil, createdAt: now, dosage: nil)
      try record.insert(db)
    }
    try dose(store, "Sertraline", "2026-02-27 08:00", effectiveness: 4, mood: 3)
    try dose(store, "Sertraline", "2026-02-28 08:00", effectiveness: 3, mood: 4, energy: 2)
    try dose(store, "Sertraline", "2026-03-01 08:00", taken: false, reason: "forgot")
    try dose(store, "Sertraline", "2026-03-02 08:00")
    try dose(store, "Melatonin", "2026-02-25 22:00")
    try dose(store, "Melatonin", "2026-03-03 22:00")
    try dose(store, "Vitamin D", "2026-02-28 09:00")
    return store
  }
}
