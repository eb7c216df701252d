import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

@Suite("Entries, tags, favorites, medications and journal")
struct StoreTests {
  @Test("Tags are case-insensitive; rename merges; unused tags go away")
  func tags() throws {
    let store = try Fixture.store()
    let first = try Fixture.log(
      store, "sensory-overload", "2026-02-01 10:00", tags: ["Noise", "work"])
    try Fixture.log(store, "sensory-overload", "2026-02-02 10:00", tags: ["noise"])
    #expect(try store.tags().map(\.name) == ["Noise", "work"])
    #expect(try store.tags().map(\.entries) == [2, 1])
    #expect(try store.renameTag("work", to: "NOISE"))  // merged into the existing tag
    #expect(try store.tags().map(\.name) == ["Noise"])
    #expect(try store.entry(id: first.id).tags == ["Noise"])
    #expect(try store.renameTag("noise", to: "loud") == false)
    #expect(try store.entries(EntryFilter(tag: "LOUD"), zone: .utc).count == 2)
    try store.deleteEntry(id: first.id)
    var change = EntryChange()
    change.tags = []
    try store.editEntry(id: first.id + 1, change, zone: .utc)
    #expect(try store.tags().isEmpty)
    #expect(throws: TallyError.self) { try store.renameTag("nothing", to: "x") }
  }

  @Test("Filters: days, category, type, search with LIKE wildcards taken literally")
  func filters() throws {
    let store = try Fixture.store()
    try Fixture.log(store, "sensory-overload", "2026-02-01 10:00", note: "100% loud")
    try Fixture.log(store, "energy-level", "2026-02-02 10:00", intensity: 3, note: "fine_ok")
    try Fixture.log(store, "meltdown-trigger", "2026-02-03 10:00")
    func ids(_ filter: EntryFilter) throws -> [Int64] {
      try store.entries(filter, zone: .utc).map(\.id)
    }
    #expect(try ids(EntryFilter()) == [3, 2, 1])
    #expect(
      try ids(EntryFilter(from: Fixture.day("2026-02-02"), to: Fixture.day("2026-02-02"))) == [2])
    #expect(try ids(EntryFilter(category: .sensory)) == [1])
    #expect(try ids(EntryFilter(type: Fixture.type("meltdown-trigger"))) == [3])
    #expect(try ids(EntryFilter(search: "%")) == [1])
    #expect(try ids(EntryFilter(search: "_")) == [2])
    #expect(try ids(EntryFilter(limit: 1)) == [3])
  }

  @Test("Editing re-checks the rules of the new type")
  func edit() throws {
    let store = try Fixture.store()
    let entry = try Fixture.log(
      store, "sensory-overload", "2026-02-01 10:00", intensity: 4, duration: 30)
    var change = EntryChange()
    change.type = Fixture.type("energy-level")
    // A duration on a type that takes none.
    #expect(throws: TallyError.self) { try store.editEntry(id: entry.id, change, zone: .utc) }
    change.durationMinutes = .clear
    let edited = try store.editEntry(id: entry.id, change, zone: .utc)
    #expect(edited.type.id == "energy-level")
    #expect(edited.intensity == 4)
    #expect(edited.durationMinutes == nil)
    #expect(throws: TallyError.self) { try store.editEntry(id: 99, EntryChange(), zone: .utc) }
  }

  @Test("Favorites keep their order; custom patterns cannot be favorites")
  func favorites() throws {
    let store = try Fixture.store()
    #expect(try store.addFavorite(Fixture.type("energy-level")))
    #expect(try store.addFavorite(Fixture.type("sensory-overload")))
    #expect(try store.addFavorite(Fixture.type("energy-level")) == false)
    #expect(try store.addFavorite(Fixture.type("meltdown-trigger")))
    try store.removeFavorite(Fixture.type("sensory-overload"))
    #expect(try store.favorites().map(\.id) == ["energy-level", "meltdown-trigger"])
    #expect(throws: TallyError.self) { try store.addFavorite(Fixture.type("custom-pattern")) }
    #expect(throws: TallyError.self) { try store.removeFavorite(Fixture.type("anxiety-spike")) }
  }

  @Test(
    "Expected doses",
    arguments: [
      (MedicationFrequency.daily, "2026-02-01", nil, 7), (.twiceDaily, "2026-02-01", nil, 14),
      (.threeTimesDaily, "2026-02-05", nil, 9), (.weekly, "2026-01-28", nil, 1),
      (.weekly, "2026-02-01", nil, 1), (.weekly, "2026-02-08", nil, 0),
      (.daily, "2026-02-01", "2026-02-03", 3),
      (.daily, "2026-02-10", nil, 0),
    ] as [(MedicationFrequency, String, String?, Int)])
  func expectedDoses(frequency: MedicationFrequency, since: String, stopped: String?, doses: Int)
    throws
  {
    // The window Feb 1 … Feb 7.
    let medication = Medication(
      id: 1, name: "M", frequency: frequency, since: Fixture.day(since),
      stoppedOn: stopped.map(Fixture.day), createdAt: Instant(Date()))
    let window = try DayRange(start: Fixture.day("2026-02-01"), end: Fixture.day("2026-02-07"))
    #expect(medication.expectedDoses(in: window) == doses)
  }

  @Test("Medications: unique names, doses between the first and last day, stop keeps history")
  func medications() throws {
    let store = try Fixture.store()
    try Fixture.medication(store, "Sertraline", .daily, since: "2026-02-01")
    #expect(throws: TallyError.self) {
      try Fixture.medication(store, "sertraline", .weekly, since: "2026-02-01")
    }
    try Fixture.dose(store, "SERTRALINE", "2026-02-02 08:00")
    try Fixture.dose(store, "Sertraline", "2026-02-04 23:30")
    // Before the first day: refused, naming it.
    let early = try #require(throws: TallyError.self) {
      try Fixture.dose(store, "Sertraline", "2026-01-31 23:59")
    }
    #expect(early.expected == "2026-02-01 or later: Sertraline was started on that day")
    // A last day before a logged dose (02-04 23:30 UTC is 02-05 in Auckland): refused.
    let beforeDose = try #require(throws: TallyError.self) {
      try store.stopMedication("1", on: Fixture.day("2026-02-03"), zone: .utc)
    }
    #expect(
      beforeDose.expected == "2026-02-04 or later: a dose of Sertraline is logged on that day")
    #expect(throws: TallyError.self) {
      try store.stopMedication(
        "1", on: Fixture.day("2026-02-04"), zone: try Zone(identifier: "Pacific/Auckland"))
    }
    // A first day after a logged dose: refused.
    var later = MedicationChange()
    later.since = Fixture.day("2026-02-03")
    let moved = try #require(throws: TallyError.self) {
      try store.editMedication("Sertraline", later, zone: .utc)
    }
    #expect(moved.expected == "2026-02-02 or earlier: a dose of Sertraline is logged on that day")
    let stopped = try store.stopMedication("1", on: Fixture.day("2026-02-05"), zone: .utc)
    #expect(stopped.stoppedOn == Fixture.day("2026-02-05"))
    #expect(try store.medications().isEmpty)
    #expect(try store.medications(includeStopped: true).count == 1)
    #expect(throws: TallyError.self) {
      try Fixture.dose(store, "Sertraline", "2026-02-06 08:00")
    }
    #expect(throws: TallyError.self) { try Fixture.dose(store, "Nope", "2026-02-02 08:00") }
    #expect(throws: TallyError.self) {
      try store.logMedication(
        "Sertraline", MedicationLogInput(timestamp: Instant(Date()), taken: true, mood: 6),
        zone: .utc)
    }
    #expect(try store.medicationLogs(zone: .utc).count == 2)
    #expect(try store.deleteMedication("Sertraline") == 2)
    #expect(try store.medicationLogs(zone: .utc).isEmpty)
  }

  @Test("Journal: links, tags, hostile searches, reading aloud")
  func journal() throws {
    let store = try Fixture.store()
    let entry = try Fixture.log(
      store, "sensory-overload", "2026-02-08 14:30", intensity: 4, duration: 45, note: "loud cafe")
    let journal = try store.addJournal(
      JournalInput(
        title: "Hard Sunday", content: "The café was loud, so I left early.",
        timestamp: Fixture.utc("2026-02-08 20:00"), tags: ["noise"], links: [entry.id]))
    #expect(journal.linkedEntryIDs == [entry.id])
    #expect(try store.searchJournal("cafe lou").map(\.entry.id) == [journal.id])
    #expect(try store.searchJournal("sunday").count == 1)
    for hostile in ["\"", "NEAR(", "loud AND (", "*", "-", "title:x OR", ""] {
      _ = try store.searchJournal(hostile)  // never an FTS5 syntax error
    }
    #expect(try store.searchJournal("\"").isEmpty)
    #expect(throws: TallyError.self) {
      try store.addJournal(
        JournalInput(title: "x", content: "", timestamp: Instant(Date()), links: [99]))
    }
    let (read, linked) = try store.journalWithLinks(id: journal.id)
    #expect(
      JournalReading.text(read, linked: linked, zone: .utc) == """
        Hard Sunday.
        Written on Sunday 8 February 2026 at 20:00.

        The café was loud, so I left early.

        Tags: noise.

        Linked entry:
        Sensory Overload, intensity 4 of 5, for 45 minutes, on Sunday 8 February 2026 at 14:30. Note: loud cafe.

        """)
    var change = JournalChange()
    change.content = "Quiet now."
    try store.editJournal(id: journal.id, change)
    #expect(try store.searchJournal("loud").isEmpty)
    #expect(try store.searchJournal("quiet").count == 1)
    try store.deleteJournal(id: journal.id)
    #expect(try store.searchJournal("quiet").isEmpty)
    #expect(try store.tags().isEmpty)
  }

  @Test("Streak and today: today pending, a missed day breaks it, later entries ignored")
  func today() throws {
    let store = try Fixture.weekly()
    // Entry days: Feb 24, 25, 27, Mar 1, 3, 4.
    let today = try store.today(asOf: Fixture.day("2026-03-03"), zone: .utc)
    #expect(today.streak.current == 1)
    #expect(today.streak.longest == 2)  // Feb 24–25
    #expect(today.entriesToday == 1)
    #expect(
      today.recentEntries.map(\.displayName) == [
        "Echolalia", "Energy Level", "Energy Level", "Sensory Overload", "Social Interaction",
      ])
    #expect(today.medications.map(\.name) == ["Melatonin", "Sertraline", "Vitamin D"])
    #expect(today.medications.map(\.due) == [nil, 1, 0])  // Vitamin D is due on Fridays
    #expect(today.medications.map(\.taken) == [1, 0, 0])
    #expect(today.insights.first == "You have logged 1 day in a row.")
    #expect(today.insights.contains("Sertraline: 0 of 1 dose logged as taken today."))
    let pending = try store.streak(asOf: Fixture.day("2026-03-02"), zone: .utc)
    #expect(pending.current == 1)  // Mar 1 still counts: Mar 2 is pending
    #expect(try store.streak(asOf: Fixture.day("2026-02-27"), zone: .utc).current == 1)
  }
}
