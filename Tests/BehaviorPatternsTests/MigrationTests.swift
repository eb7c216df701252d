import AnalyticsCore
import GRDB
import Testing

@testable import BehaviorPatterns

@Suite("Migrations")
struct MigrationTests {
  @Test("behavior-2 turns the instants of existing rows from seconds into milliseconds")
  func secondsToMilliseconds() throws {
    let queue = try DatabaseQueue()
    try BehaviorSchema.migrator.migrate(queue, upTo: "behavior-1-entries-medications-journal")
    // Seconds, checked with python's datetime.fromtimestamp(s, UTC):
    // 1770582600 = 2026-02-08T20:30:00Z, 1767225600 = 2026-01-01T00:00:00Z,
    // 1770537600 = 2026-02-08T08:00:00Z.
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO pattern_entry (id, occurred_at, category, pattern_type, intensity,
            created_at, updated_at)
            VALUES (1, 1770582600, 'energy-capacity', 'energy-level', 3, 1767225600, 1767225601);
          INSERT INTO medication (id, name, frequency, since, created_at)
            VALUES (1, 'Sertraline', 'daily', '2026-01-15', 1767225600);
          INSERT INTO medication_log (id, medication_id, occurred_at, taken, created_at)
            VALUES (1, 1, 1770537600, 1, 1770537601);
          INSERT INTO journal_entry (id, occurred_at, title, content, created_at, updated_at)
            VALUES (1, 1770582600, 'Night', 'Slept badly.', 1770582600, 1770582660);
          """)
    }
    try BehaviorSchema.migrator.migrate(queue)

    let store = BehaviorStore(writer: queue, clock: .fixed(Fixture.now))
    let entry = try store.entry(id: 1)
    #expect(entry.timestamp.description == "2026-02-08T20:30:00Z")
    #expect(entry.createdAt.millisecondsSinceEpoch == 1_767_225_600_000)
    #expect(entry.updatedAt.millisecondsSinceEpoch == 1_767_225_601_000)
    let log = try #require(try store.medicationLogs(zone: .utc).first)
    #expect(log.timestamp.description == "2026-02-08T08:00:00Z")
    #expect(log.createdAt.millisecondsSinceEpoch == 1_770_537_601_000)
    #expect(try store.medication("Sertraline").createdAt.description == "2026-01-01T00:00:00Z")
    let journal = try store.journal(id: 1)
    #expect(journal.timestamp.description == "2026-02-08T20:30:00Z")
    #expect(journal.updatedAt.millisecondsSinceEpoch == 1_770_582_660_000)
    // The full-text index still finds the rewritten row.
    #expect(try store.searchJournal("slept").map(\.entry.id) == [1])
    // Local days read from milliseconds: 20:30 UTC on the 8th is still the 8th in UTC.
    #expect(try store.entries(EntryFilter(from: Fixture.day("2026-02-08")), zone: .utc).count == 1)
  }

  @Test("behavior-4 finds the dosage changes made before where the doses show them")
  func dosageChangesFromDoses() throws {
    let queue = try DatabaseQueue()
    try BehaviorSchema.migrator.migrate(queue, upTo: "behavior-3-dose-dosage")
    // Doses logged (created_at) at 50, 50, 100, 100, 100, 50 mg: two changes, each at the first
    // dose of the new dosage. One 100 mg dose was logged after the change for an earlier time
    // (occurred_at 1500): in time order it would read as changes back and forth. Ibuprofen's
    // doses have no dosage, then one (an older backup, then a dose logged since): no change.
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO medication (id, name, dosage, frequency, since, created_at)
            VALUES (1, 'Sertraline', '50 mg', 'daily', '2026-01-15', 0),
                   (2, 'Ibuprofen', '200 mg', 'as-needed', '2026-01-15', 0);
          INSERT INTO medication_log (id, medication_id, occurred_at, taken, created_at, dosage)
            VALUES (5, 1, 1000, 1, 1000, '50 mg'), (2, 1, 2000, 1, 2000, '50 mg'),
                   (3, 1, 3000, 1, 3000, '100 mg'), (8, 1, 1500, 1, 3500, '100 mg'),
                   (4, 1, 4000, 0, 4000, '100 mg'), (1, 1, 5000, 1, 5000, '50 mg'),
                   (6, 2, 1500, 1, 1500, NULL), (7, 2, 2500, 1, 2500, '200 mg');
          """)
    }
    try BehaviorSchema.migrator.migrate(queue)
    let store = BehaviorStore(writer: queue, clock: .fixed(Fixture.now))
    #expect(
      try store.dosageChanges()
        == [
          DosageChange(
            medicationID: 1, changedAt: Instant(millisecondsSinceEpoch: 3000), from: "50 mg",
            to: "100 mg"),
          DosageChange(
            medicationID: 1, changedAt: Instant(millisecondsSinceEpoch: 5000), from: "100 mg",
            to: "50 mg"),
        ])
  }
}
