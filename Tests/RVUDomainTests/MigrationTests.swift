import AnalyticsCore
import Foundation
import GRDB
import Testing

@testable import RVUDomain

@Suite("RVU migrations")
struct MigrationTests {
  /// A database at the migrations before `rvu-3`, with rows as GRDB wrote them: instants as UTC
  /// `YYYY-MM-DD HH:MM:SS.SSS` text. Visit 9 was added and deleted, so the visit high-water mark
  /// is 9.
  private func databaseBeforeInstants() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try RVUDomainModule.migrator.migrate(queue, upTo: "rvu-2-daily-aggregates")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO catalog_version VALUES (2025, 'Starter', 'starter',
            '2026-01-01 00:00:00.000', 1);
          INSERT INTO visit (id, user_id, date, time, notes, is_no_show, total_work_rvu,
            created_at, updated_at)
          VALUES (7, 'u', '2026-02-08', '14:30:00', 'knee', 0, 130,
            '2026-02-08 14:30:00.250', '2025-12-31 23:59:59.999');
          INSERT INTO visit (id, user_id, date, is_no_show, total_work_rvu, created_at,
            updated_at)
          VALUES (9, 'u', '2026-02-09', 1, 0, '2026-02-09 08:00:00.000', '2026-02-09 08:00:00.000');
          DELETE FROM visit WHERE id = 9;
          INSERT INTO procedure (visit_id, position, user_id, date, is_no_show, hcpcs, modifier,
            description, status_code, work_rvu, quantity)
          VALUES (7, 0, 'u', '2026-02-08', 0, '99213', NULL, 'Office visit', 'A', 130, 1);
          INSERT INTO favorite (id, user_id, hcpcs, sort_order, created_at)
          VALUES (3, 'u', '99213', 0, '2026-02-08 14:30:00.250');
          """)
    }
    return queue
  }

  @Test("rvu-3 stores instants as INTEGER milliseconds, keeping rows, ids and links")
  func instantsAsMilliseconds() throws {
    let queue = try databaseBeforeInstants()
    try RVUDomainModule.migrator.migrate(queue)
    // Expected milliseconds worked out with Python's datetime (UTC), independently of Tally:
    //   2026-01-01 00:00:00.000 → 1767225600000
    //   2026-02-08 14:30:00.250 → 1770561000250  (1767225600000 + 38 days × 86400000
    //                                             + 14.5 h × 3600000 + 250)
    //   2025-12-31 23:59:59.999 → 1767225599999  (one millisecond before 2026)
    let rows = try queue.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT 'version', imported_at, typeof(imported_at) FROM catalog_version
          UNION ALL SELECT 'created', created_at, typeof(created_at) FROM visit
          UNION ALL SELECT 'updated', updated_at, typeof(updated_at) FROM visit
          UNION ALL SELECT 'favorite', created_at, typeof(created_at) FROM favorite
          """)
    }
    #expect(
      rows.map { "\($0[0] as String) \($0[1] as Int64) \($0[2] as String)" } == [
        "version 1767225600000 integer", "created 1770561000250 integer",
        "updated 1767225599999 integer", "favorite 1770561000250 integer",
      ])
    let store = RVUStore(
      writer: queue,
      clock: TallyClock(
        now: { Instant(millisecondsSinceEpoch: 0) }, today: { _ in day("2026-11-22") }))
    let visit = try store.visit(id: 7, userId: "u")
    #expect(visit.visit.createdAt == Instant(millisecondsSinceEpoch: 1_770_561_000_250))
    #expect(visit.visit.notes == "knee")
    #expect(visit.procedures.map(\.hcpcs) == ["99213"])
    #expect(
      try store.favorites(userId: "u").map(\.createdAt) == [
        Instant(millisecondsSinceEpoch: 1_770_561_000_250)
      ])
    // The AUTOINCREMENT high-water mark survived the rebuild: the next visit is 10, not 8.
    let next = try store.addVisit(
      VisitInput(date: day("2026-02-10"), isNoShow: true, procedures: []), userId: "u")
    #expect(next.visit.id == 10)
    // Deleting the visit still cascades to its procedures through the rebuilt table.
    try store.deleteVisit(id: 7, userId: "u")
    #expect(
      try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM procedure") } == 0)
    #expect(try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
  }

  @Test("rvu-4 adds settings to a database with visits, which stay as they were")
  func settingsTable() throws {
    let queue = try databaseBeforeInstants()
    try RVUDomainModule.migrator.migrate(queue, upTo: "rvu-3-instants-as-milliseconds")
    try RVUDomainModule.migrator.migrate(queue)
    let store = RVUStore(writer: queue, clock: .fixed(Instant(millisecondsSinceEpoch: 0)))
    #expect(try store.visit(id: 7, userId: "u").visit.totalWorkRVU == rvu("1.30"))
    #expect(try store.settings(userId: "u") == RVUSettings(userId: "u"))
    let saved = try store.updateSettings(RVUSettingsChanges(annualTarget: rvu("6000")), userId: "u")
    #expect(try store.settings(userId: "u") == saved)
  }

  @Test("rvu-5 indexes the spelled-out descriptors of codes already imported")
  func searchText() throws {
    let queue = try databaseBeforeInstants()
    try RVUDomainModule.migrator.migrate(queue, upTo: "rvu-4-settings")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO catalog_code (year, hcpcs, modifier, description, status_code, work_rvu,
            non_facility_pe_rvu, facility_pe_rvu, malpractice_rvu, non_facility_total,
            facility_total, global_days, conversion_factor)
          VALUES (2025, '20610', '', 'Drain/inj joint/bursa w/o us', 'A', 79, 0, 0, 0, 0, 0,
            '000', '32.3465');
          INSERT INTO catalog_code_fts(catalog_code_fts) VALUES ('rebuild');
          """)
    }
    try RVUDomainModule.migrator.migrate(queue)
    let store = RVUStore(writer: queue, clock: .fixed(Instant(millisecondsSinceEpoch: 0)))
    #expect(try store.searchCodes("knee injection", userId: "u").map(\.hcpcs) == ["20610"])
    #expect(try store.visit(id: 7, userId: "u").procedures.count == 1)
  }

  @Test("rvu-6 zeroes the totals of no-shows written before; attended visits keep theirs")
  func noShowTotals() throws {
    let queue = try databaseBeforeInstants()
    try RVUDomainModule.migrator.migrate(queue, upTo: "rvu-5-search-text")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO visit (id, user_id, date, is_no_show, total_work_rvu, created_at,
            updated_at)
          VALUES (11, 'u', '2026-02-10', 1, 192, 0, 0);
          INSERT INTO procedure (visit_id, position, user_id, date, is_no_show, hcpcs, modifier,
            description, status_code, work_rvu, quantity)
          VALUES (11, 0, 'u', '2026-02-10', 1, '99214', NULL, 'Office visit', 'A', 192, 1);
          """)
    }
    try RVUDomainModule.migrator.migrate(queue)
    let rows = try queue.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT 'visit', id, total_work_rvu FROM visit
          UNION ALL SELECT 'procedure', visit_id, work_rvu FROM procedure ORDER BY 1, 2
          """)
    }
    // Visit 7 (attended, 1.30) keeps 130 hundredths; no-show 11 goes from 192 to 0 while its
    // procedure keeps the 1.92 it was logged with.
    #expect(
      rows.map { "\($0[0] as String) \($0[1] as Int64) \($0[2] as Int64)" } == [
        "procedure 7 130", "procedure 11 192", "visit 7 130", "visit 11 0",
      ])
  }

  @Test("rvu-7 lets catalog RVUs be NULL, keeping rows, ids and the search index")
  func nullableCatalogRVUs() throws {
    let queue = try databaseBeforeInstants()
    try RVUDomainModule.migrator.migrate(queue, upTo: "rvu-6-no-show-totals")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO catalog_code (id, year, hcpcs, modifier, description, status_code,
            work_rvu, non_facility_pe_rvu, facility_pe_rvu, malpractice_rvu, non_facility_total,
            facility_total, global_days, conversion_factor, search_text)
          VALUES (41, 2025, '20610', '', 'Drain/inj joint/bursa w/o us', 'A', 79, 104, 44, 13,
            196, 136, '000', '32.3465', 'drain inj joint bursa knee injection');
          INSERT INTO catalog_code_fts(catalog_code_fts) VALUES ('rebuild');
          """)
    }
    try RVUDomainModule.migrator.migrate(queue)
    let store = RVUStore(writer: queue, clock: .fixed(Instant(millisecondsSinceEpoch: 0)))
    let code = try store.code("20610")
    #expect(code.id == 41)
    #expect(code.workRVU == rvu("0.79"))
    #expect(code.facilityTotal == rvu("1.36"))
    #expect(try store.searchCodes("knee injection", userId: "u").map(\.hcpcs) == ["20610"])
    // An empty cell is NULL now; before, NOT NULL refused it.
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO catalog_code (version, hcpcs, description, status_code, global_days,
            conversion_factor) VALUES (20250101, '0001F', 'Heart failure composite', 'I', 'XXX', '')
          """)
    }
    #expect(try store.code("0001F").workRVU == nil)
    // rvu-8: the year's version took effect on January 1, and its rows follow it.
    #expect(try store.catalogVersions().map(\.effectiveOn.description) == ["2025-01-01"])
    #expect(code.version == 20_250_101)
    #expect(try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
  }

  @Test("rvu-8 keys each version by the day it took effect: January 1, or its title's release")
  func releasesByEffectiveDay() throws {
    let queue = try databaseBeforeInstants()
    try RVUDomainModule.migrator.migrate(queue, upTo: "rvu-7-catalog-rvus-nullable")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO catalog_version (year, title, source, imported_at, row_count)
          VALUES (2024, '2024 National Physician Fee Schedule Relative Value File October Release',
            'PPRRVU24_OCT.csv', 0, 1);
          INSERT INTO catalog_code (year, hcpcs, modifier, description, status_code, work_rvu,
            global_days, conversion_factor)
          VALUES (2024, '99213', '', 'Office visit est', 'A', 130, 'XXX', '32.7442');
          """)
    }
    try RVUDomainModule.migrator.migrate(queue)
    let store = RVUStore(writer: queue, clock: .fixed(Instant(millisecondsSinceEpoch: 0)))
    #expect(
      try store.catalogVersions().map(\.effectiveOn.description) == ["2025-01-01", "2024-10-01"])
    #expect(try store.code("99213", catalogYear: 2024).version == 20_241_001)
    #expect(try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
  }
}
