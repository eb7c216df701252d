import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

@Suite("Export and import")
struct ExportTests {
  static func filled() throws -> BehaviorStore {
    let store = try Fixture.weekly()
    try store.deleteEntry(id: 2)  // a gap in the ids
    try store.addFavorite(Fixture.type("energy-level"))
    try store.addFavorite(Fixture.type("sensory-overload"))
    try store.addJournal(
      JournalInput(
        title: "Office", content: "Too \"loud\"\nagain.\u{01}\t\\ /é",
        timestamp: Fixture.utc("2026-02-27 21:00"),
        tags: ["work", "Noise"], links: [5, 3]))
    return store
  }

  @Test("export → import into an empty database → export gives identical bytes")
  func roundTrip() throws {
    let first = try Self.filled().exportJSON(zone: .utc)
    let copy = try Fixture.store()
    let summary = try copy.importJSON(first, name: "backup.json", zone: .utc)
    #expect(summary.keptIDs)
    #expect(summary.entries == 10)
    #expect(summary.medications == 4)
    #expect(summary.medicationLogs == 8)
    #expect(summary.favorites == 2)
    let second = try copy.exportJSON(zone: .utc)
    #expect(String(decoding: second, as: UTF8.self) == String(decoding: first, as: UTF8.self))
  }

  @Test("Importing into a database with data adds with new ids and keeps the links")
  func merge() throws {
    let data = try Self.filled().exportJSON(zone: .utc)
    let store = try Self.filled()
    let summary = try store.importJSON(data, name: "backup.json", zone: .utc, allowDuplicates: true)
    #expect(summary.keptIDs == false)
    #expect(summary.medications == 0)  // matched by name
    let document = try store.exportDocument(zone: .utc)
    #expect(document.entries.count == 20)
    #expect(document.medicationLogs.count == 16)
    #expect(document.journal.count == 2)
    let copied = document.journal[1]
    let linked = document.entries.filter { copied.linkedEntries.contains($0.id) }
    #expect(linked.map(\.patternType).sorted() == ["meltdown-trigger", "sensory-overload"])
    #expect(document.favorites == ["energy-level", "sensory-overload"])
  }

  @Test("A range exports only its days; links outside it are dropped")
  func range() throws {
    let range = try DayRange(start: Fixture.day("2026-02-27"), end: Fixture.day("2026-02-27"))
    let document = try Self.filled().exportDocument(range: range, zone: .utc)
    #expect(document.entries.map(\.id) == [4, 5, 6])
    #expect(document.journal[0].linkedEntries == [5])
    #expect(document.medications.count == 4)
  }

  @Test(
    "One bad record among many: named, and nothing is written",
    arguments: [
      ("\"intensity\": 2", "\"intensity\": 7", "entries[4] (id 6): intensity \"7\" is not valid"),
      (
        "\"pattern_type\": \"energy-level\"", "\"pattern_type\": \"nope\"",
        "unknown pattern_type 'nope'"
      ),
      ("\"frequency\": \"daily\"", "\"frequency\": \"hourly\"", "unknown frequency 'hourly'"),
      (
        "\"timestamp\": \"2026-02-25T14:00:00Z\"", "\"timestamp\": \"yesterday\"",
        "entries[1] (id 3): timestamp 'yesterday' is not an instant"
      ),
      (
        "\"intensity\": 2", "\"intensity\": \"two\"",
        "entries[4].intensity: expected a whole number"
      ),
      ("\"format\": \"tally-behavior\"", "\"format\": \"other\"", "format: 'other'"),
    ])
  func badRecord(original: String, replacement: String, message: String) throws {
    let text = String(decoding: try Self.filled().exportJSON(zone: .utc), as: UTF8.self)
    #expect(text.contains(original))
    let bad = Data(text.replacingOccurrences(of: original, with: replacement).utf8)
    let store = try Fixture.store()
    try Fixture.log(store, "energy-level", "2026-01-01 10:00", intensity: 3)
    let before = try store.exportJSON(zone: .utc)
    #expect {
      try store.importJSON(bad, name: "bad.json", zone: .utc)
    } throws: { error in
      let error = error as? TallyError
      return error?.category == .badData
        && (error?.description.hasPrefix("bad.json: ") ?? false)
        && (error?.description.contains(message) ?? false)
    }
    #expect(try store.exportJSON(zone: .utc) == before)
  }

  @Test("every bad record of a backup is named in one run; nothing is written")
  func allProblems() throws {
    let bad = """
      {"dosage_changes": [], "entries": [
        {"category": "energy-capacity", "context_notes": null, "created_at": "2026-02-08T20:30:00Z",
         "custom_name": null, "duration_minutes": null, "id": 1, "intensity": 9,
         "pattern_type": "energy-level", "specific_details": null, "tags": [],
         "timestamp": "2026-02-08T20:30:00Z", "updated_at": "2026-02-08T20:30:00Z"}],
       "favorites": ["no-such-type"], "format": "tally-behavior", "journal": [],
       "medication_logs": [], "medications": [], "version": 1}
      """
    let store = try Fixture.store()
    let error = try #require(throws: TallyError.self) {
      try store.importJSON(Data(bad.utf8), name: "b.json", zone: .utc)
    }
    // The favorite and the entry's intensity 9 (scale 1–5), in the file's order of checks.
    #expect(error.problemCount == 2)
    #expect(error.description.contains("favorites[0]"))
    #expect(error.furtherProblems.first?.description.contains("entries[0]") == true)
    #expect(try store.exportDocument(zone: .utc).entries.isEmpty)
  }

  @Test("Not JSON at all")
  func notJSON() throws {
    #expect(throws: TallyError.self) {
      try Fixture.store().importJSON(Data("hello".utf8), name: "x.json", zone: .utc)
    }
  }

  @Test("The exact bytes: sorted keys, nulls for absent values, UTC instants, a final newline")
  func exactBytes() throws {
    let store = try Fixture.store()
    try Fixture.log(store, "energy-level", "2026-02-08 20:30", intensity: 3, tags: ["morning"])
    let expected = """
      {
        "check_ins": [],
        "dosage_changes": [],
        "entries": [
          {
            "category": "energy-capacity",
            "context_notes": null,
            "created_at": "2026-12-01T00:00:00Z",
            "custom_name": null,
            "duration_minutes": null,
            "id": 1,
            "intensity": 3,
            "pattern_type": "energy-level",
            "specific_details": null,
            "tags": [
              "morning"
            ],
            "timestamp": "2026-02-08T20:30:00Z",
            "updated_at": "2026-12-01T00:00:00Z"
          }
        ],
        "favorites": [],
        "format": "tally-behavior",
        "journal": [],
        "medication_logs": [],
        "medications": [],
        "ratings": [],
        "version": 1
      }

      """
    #expect(String(decoding: try store.exportJSON(zone: .utc), as: UTF8.self) == expected)
  }

  @Test("Importing a file twice adds nothing the second time; allowing duplicates adds it all")
  func reimport() throws {
    let data = try Self.filled().exportJSON(zone: .utc)
    let store = try Fixture.store()
    try Fixture.log(store, "energy-level", "2026-01-01 10:00", intensity: 3)  // not in the file
    let first = try store.importJSON(data, name: "backup.json", zone: .utc)
    // The file: 10 entries, 4 medications, 8 logs, 1 journal entry, 2 favorites.
    #expect(first.totalAdded == 25)
    #expect(first.alreadyPresent.total == 0)
    let after = try store.exportJSON(zone: .utc)

    let second = try store.importJSON(data, name: "backup.json", zone: .utc)
    #expect(second.totalAdded == 0)
    #expect(
      second.alreadyPresent
        == ImportSummary.Present(
          entries: 10, medications: 4, medicationLogs: 8, journalEntries: 1, favorites: 2))
    #expect(try store.exportJSON(zone: .utc) == after)

    let forced = try store.importJSON(data, name: "backup.json", zone: .utc, allowDuplicates: true)
    #expect(forced.entries == 10 && forced.medicationLogs == 8 && forced.journalEntries == 1)
    #expect(try store.exportDocument(zone: .utc).entries.count == 21)  // 1 + 10 + 10
  }
}
