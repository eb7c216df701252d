import AnalyticsCore
import DataFormats
import Testing

@testable import BehaviorPatterns

/// The column lists an empty CSV list prints as its header are the keys the row builders write,
/// in the same order: one list, checked against each builder on a real row.
@Suite("Wire column lists")
struct WireColumnsTests {
  @Test("Every list's columns are its rows' keys")
  func columnsMatchRows() throws {
    let store = try Fixture.store()
    let entry = try Fixture.log(
      store, "sensory-overload", "2026-02-08 10:00", intensity: 3, note: "loud", tags: ["noise"])
    try Fixture.medication(store, "Sertraline", .daily, since: "2026-02-01")
    try Fixture.dose(store, "Sertraline", "2026-02-08 08:00")
    let medication = try store.medication("Sertraline")
    let log = try #require(try store.medicationLogs(zone: .utc).first)
    let journal = try store.addJournal(
      JournalInput(
        title: "Loud day", content: "The office was loud.",
        timestamp: Fixture.utc("2026-02-08 20:00"), tags: ["noise"], links: [entry.id]))
    let hit = try #require(try store.searchJournal("loud").first)
    let usage = try #require(try store.tags().first)
    let insight = try #require(
      try store.medicationInsights(days: 30, asOf: Fixture.day("2026-02-08"), zone: .utc).first)

    #expect(BehaviorJSON.entry(entry, zone: .utc).keys == BehaviorJSON.entryColumns)
    #expect(BehaviorJSON.medication(medication).keys == BehaviorJSON.medicationColumns)
    #expect(
      BehaviorJSON.medicationWithRecentDoses(medication, insight).keys
        == BehaviorJSON.medicationWithRecentDosesColumns)
    #expect(BehaviorJSON.medicationLog(log, zone: .utc).keys == BehaviorJSON.medicationLogColumns)
    for content in [false, true] {
      #expect(
        BehaviorJSON.journal(journal, zone: .utc, flat: true, content: content).keys
          == BehaviorJSON.journalColumns(content: content))
    }
    #expect(
      BehaviorJSON.journalHit(hit, zone: .utc, flat: true).keys == BehaviorJSON.journalHitColumns)
    #expect(BehaviorJSON.tag(usage).keys == BehaviorJSON.tagColumns)
    #expect(
      BehaviorJSON.favorite(position: 1, Fixture.type("energy-level")).keys
        == BehaviorJSON.favoriteColumns)
  }
}
