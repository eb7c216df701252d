import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

/// Issue 30: `meds edit Sertraline --dosage "100 mg"` relabelled a month of 50 mg doses. Each
/// dose keeps the dosage it was taken at; the change shows in the history as the doses'
/// dosages change.
@Suite("A dose keeps the dosage it was taken at")
struct DoseDosageTests {
  @Test func editingTheDosageRelabelsNoDose() throws {
    let store = try Fixture.store()
    _ = try store.addMedication(
      MedicationInput(
        name: "Sertraline", dosage: "50 mg", frequency: .daily, since: Fixture.day("2026-02-01")))
    try Fixture.dose(store, "Sertraline", "2026-02-02 08:00")
    try Fixture.dose(store, "Sertraline", "2026-02-03 08:00", taken: false, reason: "forgot")
    var change = MedicationChange()
    change.dosage = .set("100 mg")
    _ = try store.editMedication("Sertraline", change, zone: .utc)
    try Fixture.dose(store, "Sertraline", "2026-02-04 08:00")
    // Newest first.
    #expect(try store.medicationLogs(zone: .utc).map(\.dosage) == ["100 mg", "50 mg", "50 mg"])

    // A backup keeps them, and reads back the same.
    let backup = try store.exportJSON(zone: .utc)
    #expect(String(decoding: backup, as: UTF8.self).contains(#""dosage": "50 mg""#))
    let restored = try Fixture.store()
    _ = try restored.importJSON(backup, name: "b.json", zone: .utc)
    #expect(try restored.medicationLogs(zone: .utc).map(\.dosage) == ["100 mg", "50 mg", "50 mg"])
    #expect(try restored.exportJSON(zone: .utc) == backup)
  }

  @Test func aBackupWrittenBeforeDosesKeptTheirsImports() throws {
    let old = """
      {"entries": [], "favorites": [], "format": "tally-behavior", "journal": [],
       "medication_logs": [{"created_at": "2026-02-02T08:00:00Z", "effectiveness": null,
         "energy_level": null, "id": 1, "medication_id": 1, "mood": null, "notes": null,
         "side_effects": null, "skipped_reason": null, "taken": true,
         "timestamp": "2026-02-02T08:00:00Z"}],
       "medications": [{"created_at": "2026-02-01T08:00:00Z", "dosage": "50 mg",
         "frequency": "daily", "id": 1, "name": "Sertraline", "notes": null,
         "since": "2026-02-01", "stopped_on": null}],
       "version": 1}
      """
    let store = try Fixture.store()
    let summary = try store.importJSON(Data(old.utf8), name: "old.json", zone: .utc)
    // Unknown then, unknown now: not the medication's dosage of today; and said.
    #expect(try store.medicationLogs(zone: .utc).map(\.dosage) == [nil])
    #expect(summary.dosesWithoutDosage == 1)
    #expect(summary.dosageChanges == 0)
  }

  /// A store whose clock the test moves, so that a change happens between doses.
  private func storeWithClock(_ start: String) throws -> (BehaviorStore, LockedValue<Instant>) {
    let clock = LockedValue(Fixture.utc(start))
    return (try BehaviorStore.inMemory(clock: TallyClock(now: { clock.withLock { $0 } })), clock)
  }

  @Test(
    "a dosage change is an event: in the history with the doses at each dosage, and on the report")
  func changeIsAnEvent() throws {
    let (store, clock) = try storeWithClock("2026-02-01 07:00")
    _ = try store.addMedication(
      MedicationInput(
        name: "Sertraline", dosage: "50 mg", frequency: .daily, since: Fixture.day("2026-02-01")))
    for (day, taken) in [("2026-02-01", true), ("2026-02-02", true), ("2026-02-03", false)] {
      clock.withLock { $0 = Fixture.utc(day + " 08:00") }
      try Fixture.dose(
        store, "Sertraline", day + " 08:00", taken: taken, reason: taken ? nil : "forgot")
    }
    clock.withLock { $0 = Fixture.utc("2026-02-04 07:30") }
    var change = MedicationChange()
    change.dosage = .set("100 mg")
    _ = try store.editMedication("Sertraline", change, zone: .utc)
    // The same dosage again is no change.
    _ = try store.editMedication("Sertraline", change, zone: .utc)
    for day in ["2026-02-04", "2026-02-05"] {
      clock.withLock { $0 = Fixture.utc(day + " 08:00") }
      try Fixture.dose(store, "Sertraline", day + " 08:00")
    }
    // Logged on the 5th for the evening of the 3rd: taken at 100 mg, the dosage when logged.
    try Fixture.dose(store, "Sertraline", "2026-02-03 20:00")
    clock.withLock { $0 = Fixture.utc("2026-02-06 09:00") }
    _ = try store.stopMedication("Sertraline", on: Fixture.day("2026-02-06"), zone: .utc)

    #expect(
      try store.dosageChanges("Sertraline")
        == [
          DosageChange(
            medicationID: 1, changedAt: Fixture.utc("2026-02-04 07:30"), from: "50 mg",
            to: "100 mg")
        ])
    // By hand: two taken and one skipped at 50 mg, three taken at 100 mg (the late one among
    // them, as it keeps 100 mg), then the stop.
    let history = try store.medicationHistory("Sertraline", zone: .utc)
    #expect(history.map(\.kind) == [.started, .dosageChanged, .stopped])
    #expect(history.map(\.day.description) == ["2026-02-01", "2026-02-04", "2026-02-06"])
    #expect(history.map(\.dosage) == ["50 mg", "100 mg", "100 mg"])
    #expect(history[1].fromDosage == "50 mg")
    #expect(history.map(\.dosesTaken) == [2, 3, nil])
    #expect(history.map(\.dosesSkipped) == [1, 0, nil])

    // The weekly report of 2026-02-02…08 names the change beside Sertraline's figures.
    let weekly = try store.weeklyReport(asOf: Fixture.day("2026-02-08"), zone: .utc)
    let insight = try #require(weekly.medicationInsights.first)
    #expect(insight.dosageChanges.map(\.text) == ["50 mg → 100 mg on 2026-02-04"])
    #expect(
      BehaviorJSON.medicationHistoryEvent(history[1])["event"] == .string("dosage changed"))

    // A backup keeps the change; restored, it is the same event.
    let backup = try store.exportJSON(zone: .utc)
    #expect(
      String(decoding: backup, as: UTF8.self).contains(#""changed_at": "2026-02-04T07:30:00Z""#))
    let restored = try Fixture.store()
    let summary = try restored.importJSON(backup, name: "b.json", zone: .utc)
    #expect(summary.dosageChanges == 1)
    #expect(try restored.dosageChanges() == store.dosageChanges())
    #expect(try restored.exportJSON(zone: .utc) == backup)
    // Imported again: nothing new.
    #expect(try restored.importJSON(backup, name: "b.json", zone: .utc).dosageChanges == 0)
  }
}
