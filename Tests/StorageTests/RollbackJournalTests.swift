import Foundation
import GRDB
import Storage
import Testing

@Suite("A first write with a rollback journal")
struct RollbackJournalTests {
  private func withDatabase(_ body: (String, any DatabaseWriter) throws -> Void) throws {
    let folder = NSTemporaryDirectory() + "tally-journal-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/t.sqlite"
    try body(path, try DatabaseOpener.open(.file(path), migrator: Self.migrator))
  }

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(sql: "CREATE TABLE t (k INTEGER PRIMARY KEY)")
    }
    return migrator
  }

  private func mode(_ db: Database) throws -> String? {
    try String.fetchOne(db, sql: "PRAGMA journal_mode")
  }

  @Test("an empty database is written with the journal, then is WAL again")
  func switchesAndReturns() throws {
    try withDatabase { _, writer in
      let during = try writer.writeWithoutTransaction { db in
        try RollbackJournal.transaction(db, empty: true) {
          try db.execute(sql: "INSERT INTO t (k) VALUES (1), (2)")
          return try mode(db)
        }
      }
      #expect(during == "delete")
      #expect(try writer.read { try mode($0) } == "wal")
      #expect(try writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") } == 2)
    }
  }

  @Test("a failed write leaves nothing and the file in WAL")
  func failureRollsBack() throws {
    try withDatabase { _, writer in
      #expect(throws: DatabaseError.self) {
        try writer.writeWithoutTransaction { db in
          try RollbackJournal.transaction(db, empty: true) {
            try db.execute(sql: "INSERT INTO t (k) VALUES (1)")
            try db.execute(sql: "INSERT INTO t (k) VALUES (1)")  // the same key: fails
          }
        }
      }
      let (count, after) = try writer.read { db in
        (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), try mode(db))
      }
      #expect(count == 0)
      #expect(after == "wal")
    }
  }

  @Test("opening the file while a first write holds it with the journal waits, then reads it")
  func openingWaits() throws {
    try withDatabase { path, writer in
      let started = DispatchSemaphore(value: 0)
      let finished = DispatchSemaphore(value: 0)
      let thread = Thread {
        try? writer.writeWithoutTransaction { db in
          try RollbackJournal.transaction(db, empty: true) {
            try db.execute(sql: "INSERT INTO t (k) VALUES (1), (2)")
            started.signal()
            // Longer than the few quick attempts at opening (about 0.7 s) that failed before.
            Thread.sleep(forTimeInterval: 1.5)
          }
        }
        finished.signal()
      }
      thread.start()
      started.wait()
      let other = try DatabaseOpener.open(.file(path), migrator: Self.migrator)
      #expect(try other.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") } == 2)
      finished.wait()
    }
  }

  @Test("not empty, or another connection open: the write stays in WAL")
  func staysInWAL() throws {
    try withDatabase { path, writer in
      let notEmpty = try writer.writeWithoutTransaction { db in
        try RollbackJournal.transaction(db, empty: false) { try mode(db) }
      }
      #expect(notEmpty == "wal")
      let other = try DatabaseQueue(path: path)
      try other.read { db in _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
      let withOther = try writer.writeWithoutTransaction { db in
        try RollbackJournal.transaction(db, empty: true) { try mode(db) }
      }
      #expect(withOther == "wal")
      try other.close()
    }
  }
}
