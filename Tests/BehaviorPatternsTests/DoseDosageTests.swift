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
    _ = try store.importJSON(Data(old.utf8), name: "old.json", zone: .utc)
    // Unknown then, unknown now: not the medication's dosage of today.
    #expect(try store.medicationLogs(zone: .utc).map(\.dosage) == [nil])
  }
}
