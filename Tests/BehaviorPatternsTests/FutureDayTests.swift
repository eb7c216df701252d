import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

/// Entries and doses are things that happened: one on a day after the clock's (in the zone of
/// the write) is refused, logged, edited or imported.
@Suite("Future days")
struct FutureDayTests {
  // Fixture.now is 2026-12-01 00:00 UTC, which is 2026-11-30 18:00 in Chicago (UTC−6).
  @Test(
    "The last day is the clock's day in the zone of the write",
    arguments: [
      ("2026-12-01 23:59", "UTC", nil), ("2026-12-02 00:00", "UTC", "2026-12-01"),
      // 03:00 UTC is Nov 30 21:00 in Chicago: still "today" there; 07:00 UTC is Dec 1 01:00.
      ("2026-12-01 03:00", "America/Chicago", nil),
      ("2026-12-01 07:00", "America/Chicago", "2026-11-30"),
    ] as [(String, String, String?)])
  func lastDay(time: String, zoneID: String, refusedAfter: String?) throws {
    let store = try Fixture.store()
    let zone = try Zone(identifier: zoneID)
    let input = EntryInput(type: Fixture.type("energy-level"), timestamp: Fixture.utc(time))
    guard let refusedAfter else {
      #expect(throws: Never.self) { try store.log(input, zone: zone) }
      return
    }
    let error = try #require(throws: TallyError.self) { try store.log(input, zone: zone) }
    #expect(error.category == .usage)
    #expect(error.field == "entry day")
    #expect(error.expected == "a day on or before \(refusedAfter)")
    #expect(try store.entries(EntryFilter(), zone: .utc).isEmpty)
  }

  @Test(
    "Days before 1900 are refused as well: typos such as 0206, not records",
    arguments: [
      ("1900-01-01 00:00", true), ("1899-12-31 23:59", false), ("0206-02-08 10:00", false),
    ])
  func earliest(time: String, accepted: Bool) throws {
    let store = try Fixture.store()
    let input = EntryInput(type: Fixture.type("energy-level"), timestamp: Fixture.utc(time))
    if accepted {
      #expect(throws: Never.self) { try store.log(input, zone: .utc) }
    } else {
      let error = try #require(throws: TallyError.self) { try store.log(input, zone: .utc) }
      #expect(error.expected == "a day from 1900-01-01 to 2026-12-01")
    }
  }

  @Test("Edits and doses on a later day are refused too")
  func editsAndDoses() throws {
    let store = try Fixture.store()
    let entry = try Fixture.log(store, "energy-level", "2026-11-30 09:00", intensity: 3)
    var change = EntryChange()
    change.timestamp = Fixture.utc("2026-12-02 09:00")
    let edit = try #require(throws: TallyError.self) {
      try store.editEntry(id: entry.id, change, zone: .utc)
    }
    #expect(edit.field == "entry day" && edit.value == "2026-12-02")
    #expect(try store.entry(id: entry.id).timestamp == Fixture.utc("2026-11-30 09:00"))

    try Fixture.medication(store, "Sertraline", .daily, since: "2026-11-01")
    let dose = try #require(throws: TallyError.self) {
      try Fixture.dose(store, "Sertraline", "2026-12-03 08:00")
    }
    #expect(dose.field == "dose day" && dose.expected == "a day on or before 2026-12-01")
    #expect(try store.medicationLogs(zone: .utc).isEmpty)
  }

  @Test("An import with a later entry or dose is bad data naming the record; nothing written")
  func importRefused() throws {
    let source = try Fixture.store()
    try Fixture.log(source, "energy-level", "2026-11-30 09:00", intensity: 3)
    try Fixture.log(source, "energy-level", "2026-12-01 09:00", intensity: 4)
    let data = try source.exportJSON(zone: .utc)
    // Imported into a store whose clock is a day earlier: the second entry is in its future.
    let target = try BehaviorStore.inMemory(clock: .fixed(Fixture.utc("2026-11-30 12:00")))
    let error = try #require(throws: TallyError.self) {
      try target.importJSON(data, name: "backup.json", zone: .utc)
    }
    #expect(error.category == .badData)
    #expect(
      error.description.contains(
        "entries[1] (id 2): timestamp 2026-12-01T09:00:00Z is on 2026-12-01: expected a day on or before 2026-11-30"
      ), "\(error.description)")
    #expect(try target.entries(EntryFilter(), zone: .utc).isEmpty)
  }
}
