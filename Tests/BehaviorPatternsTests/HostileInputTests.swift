import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

/// Issue 16 for behavior: every parsed number in a documented range, search text capped, text
/// bounded, the JSON importer refusing what a fuzzer throws at it with one clear error.
@Suite("Hostile input")
struct HostileInputTests {
  @Test(
    "Durations: whole minutes up to a week (7 × 24 × 60 = 10,080), never a trap",
    arguments: [
      ("168h", 10_080), ("10080", 10_080), ("167h61m", nil), ("10081", nil), ("169h", nil),
      ("9223372036854775807", nil), ("153722867280912931m", nil), ("2562047788015216h", nil),
      ("1h153722867280912930m", nil), ("2562047788015216:00", nil),
    ] as [(String, Int?)])
  func durations(text: String, minutes: Int?) throws {
    if let minutes {
      #expect(try EntryInput.minutes(parsing: text) == minutes)
    } else {
      let error = try #require(throws: TallyError.self) { try EntryInput.minutes(parsing: text) }
      #expect(error.category == .usage && error.field == "duration")
    }
  }

  @Test("A stored duration over a week is refused as well (10,081 minutes)")
  func storedDuration() throws {
    let store = try Fixture.store()
    let error = try #require(throws: TallyError.self) {
      try Fixture.log(store, "sensory-overload", "2026-02-08 10:00", duration: 10_081)
    }
    #expect(error.field == "duration" && error.value == "10081")
    try Fixture.log(store, "sensory-overload", "2026-02-08 10:00", duration: 10_080)
  }

  @Test("Search text: up to 200 characters; LIKE wildcards are plain characters")
  func search() throws {
    let store = try Fixture.store()
    try Fixture.log(store, "sensory-overload", "2026-02-01 10:00", note: "100% loud")
    try Fixture.log(store, "sensory-overload", "2026-02-02 10:00", note: "1000 loud")
    #expect(try store.entries(EntryFilter(search: "0%"), zone: .utc).count == 1)
    #expect(try store.entries(EntryFilter(search: "1_0"), zone: .utc).isEmpty)
    #expect(
      try store.entries(EntryFilter(search: String(repeating: "a", count: 200)), zone: .utc)
        .isEmpty)
    for length in [201, 100_000] {
      let error = try #require(throws: TallyError.self) {
        try store.entries(EntryFilter(search: String(repeating: "a", count: length)), zone: .utc)
      }
      #expect(error.category == .usage)
      #expect(error.expected == "at most 200 characters")
    }
  }

  @Test("Journal text: at most 1 MiB (1,048,576 bytes of UTF-8)")
  func journalText() throws {
    let store = try Fixture.store()
    let fits = String(repeating: "a", count: 1 << 20)
    #expect(throws: Never.self) {
      try store.addJournal(
        JournalInput(title: "Long", content: fits, timestamp: Fixture.utc("2026-02-08 10:00")))
    }
    // "é" is 2 bytes: 524,289 of them are 1,048,578 bytes.
    let over = String(repeating: "é", count: (1 << 19) + 1)
    let error = try #require(throws: TallyError.self) {
      try store.addJournal(
        JournalInput(title: "Long", content: over, timestamp: Fixture.utc("2026-02-08 10:00")))
    }
    #expect(error.category == .usage)
    #expect(error.description.contains("expected at most 1 MiB"))
  }

  static func export(_ replacing: String, with text: String) throws -> Data {
    let source = try Fixture.store()
    try Fixture.log(source, "sensory-overload", "2026-02-08 10:00", intensity: 3, duration: 45)
    let json = String(decoding: try source.exportJSON(zone: .utc), as: UTF8.self)
    #expect(json.contains(replacing))
    return Data(json.replacingOccurrences(of: replacing, with: text).utf8)
  }

  @Test(
    "The JSON importer: huge numbers, deep nesting, out-of-range values — one error, exit 65",
    arguments: [
      ("\"duration_minutes\": 45", "\"duration_minutes\": 9223372036854775807", "duration"),
      ("\"duration_minutes\": 45", "\"duration_minutes\": 10081", "duration"),
      ("\"intensity\": 3", "\"intensity\": 1000000000000000000000000000000", "not a behavior"),
      ("\"intensity\": 3", "\"intensity\": 1e300", "not a behavior"),
      ("\"intensity\": 3", "\"intensity\": 6", "intensity"),
      ("\"id\": 1", "\"id\": 99999999999999999999", "not a behavior"),
      (
        "\"intensity\": 3",
        "\"intensity\": 3, \"extra\": " + String(repeating: "[", count: 100_000)
          + String(repeating: "]", count: 100_000), "not a behavior"
      ),
    ])
  func importer(replacing: String, with text: String, mentioning: String) throws {
    let data = try Self.export(replacing, with: text)
    let store = try Fixture.store()
    let error = try #require(throws: TallyError.self) {
      try store.importJSON(data, name: "fuzz.json", zone: .utc)
    }
    #expect(error.category == .badData)
    #expect(error.description.contains(mentioning), "\(error.description)")
    #expect(error.description.count < 400)
    #expect(try store.entries(EntryFilter(), zone: .utc).isEmpty)
  }
}
