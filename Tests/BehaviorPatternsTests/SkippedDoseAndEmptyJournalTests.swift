import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

/// Issue 30: `meds log … --skipped --effectiveness 2` was counted into the medication's average
/// effectiveness, and `journal add --content ""` saved an empty entry while the editor path saved
/// nothing.
@Suite("A skipped dose rates nothing; an empty journal text saves nothing")
struct SkippedDoseAndEmptyJournalTests {
  @Test func aSkippedDoseTakesNoRatingOrSideEffects() throws {
    let store = try Fixture.store()
    try Fixture.medication(store, "Sertraline", .daily, since: "2026-02-01")
    let error = try #require(throws: TallyError.self) {
      try Fixture.dose(
        store, "Sertraline", "2026-02-02 08:00", taken: false, effectiveness: 2, reason: "forgot")
    }
    #expect(error.field == "effectiveness" && error.category == .usage)
    #expect {
      try store.logMedication(
        "Sertraline",
        MedicationLogInput(
          timestamp: Fixture.utc("2026-02-02 08:00"), taken: false, sideEffects: "nausea"),
        zone: .utc)
    } throws: { ($0 as? TallyError)?.field == "side effects" }
    // Mood and energy are the person's, skipped dose or not.
    try Fixture.dose(store, "Sertraline", "2026-02-02 08:00", taken: false, mood: 2, energy: 3)
    #expect(try store.medicationLogs(zone: .utc).count == 1)
  }

  @Test func anEmptyJournalTextIsRefusedWrittenOrEdited() throws {
    let store = try Fixture.store()
    for text in ["", "  \n\t"] {
      let error = try #require(throws: TallyError.self) {
        try store.addJournal(
          JournalInput(title: "Night", content: text, timestamp: Fixture.utc("2026-02-02 22:00")))
      }
      #expect(error.cause == .missing(field: "journal text", expected: "some text"))
    }
    #expect(try store.journalEntries(zone: .utc).isEmpty)
  }
}
