import AnalyticsCore
import Foundation
import GRDB
import Storage
import Testing

/// A scratch folder removed after the test.
private func withTemporaryFolder(_ body: (String) throws -> Void) throws {
  let folder = NSTemporaryDirectory() + "tally-storage-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  try body(folder)
}

private func migrator(_ count: Int) -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  migrator.registerMigration("v1") { db in
    try db.execute(sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY)")
    try db.execute(
      sql:
        "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id))"
    )
  }
  if count > 1 {
    migrator.registerMigration("v2") { db in
      try db.execute(sql: "ALTER TABLE parent ADD COLUMN name TEXT")
    }
  }
  return migrator
}

@Suite("Opening databases")
struct DatabaseOpenerTests {
  @Test("a file database uses WAL, foreign keys, NORMAL sync and a 5 s busy timeout") func pragmas()
    throws
  {
    try withTemporaryFolder { folder in
      let writer = try DatabaseOpener.open(.file(folder + "/t.sqlite"), migrator: migrator(1))
      let (journal, foreignKeys, synchronous, busyTimeout) = try writer.read { db in
        (
          try String.fetchOne(db, sql: "PRAGMA journal_mode"),
          try Int.fetchOne(db, sql: "PRAGMA foreign_keys"),
          try Int.fetchOne(db, sql: "PRAGMA synchronous"),
          try Int.fetchOne(db, sql: "PRAGMA busy_timeout")
        )
      }
      #expect(journal == "wal")
      #expect(foreignKeys == 1)
      #expect(synchronous == 1)  // NORMAL
      #expect((busyTimeout ?? 0) >= 5000)
      // Foreign keys are enforced.
      #expect(throws: DatabaseError.self) {
        try writer.write { db in try db.execute(sql: "INSERT INTO child VALUES (1, 99)") }
      }
    }
  }

  @Test("an in-memory database is migrated") func memory() throws {
    let writer = try DatabaseOpener.open(.memory, migrator: migrator(2))
    let columns = try writer.read { db in try db.columns(in: "parent").map(\.name) }
    #expect(columns == ["id", "name"])
  }

  @Test("a path in a missing folder is refused; the default location creates its folder")
  func missingFolder() throws {
    try withTemporaryFolder { folder in
      let typed = folder + "/nope/t.sqlite"
      #expect {
        try DatabaseOpener.open(.file(typed), migrator: migrator(1))
      } throws: { error in
        let error = error as! TallyError
        return error.category == .missingInput && error.description.contains(folder + "/nope")
      }
      #expect(!FileManager.default.fileExists(atPath: folder + "/nope"))
      let defaultPath = folder + "/xdg/tally/rvu.sqlite"
      _ = try DatabaseOpener.open(.file(defaultPath, createsFolder: true), migrator: migrator(1))
      #expect(FileManager.default.fileExists(atPath: defaultPath))
    }
  }

  @Test("a database written by a newer schema is refused and left unchanged") func newerSchema()
    throws
  {
    try withTemporaryFolder { folder in
      let path = folder + "/t.sqlite"
      _ = try DatabaseOpener.open(.file(path), migrator: migrator(2))
      #expect {
        try DatabaseOpener.open(.file(path), migrator: migrator(1))
      } throws: { error in
        let error = error as! TallyError
        return error.category == .badData && error.description.contains("v2")
          && error.description.contains("newer")
      }
      // Re-opening with the full migrator still works: nothing was changed.
      let writer = try DatabaseOpener.open(.file(path), migrator: migrator(2))
      #expect(try writer.read { db in try db.columns(in: "parent").count } == 2)
    }
  }

  @Test("a file that is not a database is refused") func notADatabase() throws {
    try withTemporaryFolder { folder in
      let path = folder + "/junk.sqlite"
      try Data(String(repeating: "not a database at all\n", count: 200).utf8).write(
        to: URL(fileURLWithPath: path))
      #expect {
        try DatabaseOpener.open(.file(path), migrator: migrator(1))
      } throws: { error in
        let error = error as! TallyError
        return error.category == .badData && error.description.contains(path)
      }
    }
  }

  @Test("error categories and messages") func messages() {
    #expect(StorageError.cannotOpen(path: "/p", reason: "locked").category == .io)
    #expect(StorageError.cannotOpen(path: "/p", reason: "locked").description.contains("/p"))
    #expect(StorageError.classify(DatabaseError(resultCode: .SQLITE_BUSY))?.category == .io)
    #expect(StorageError.classify(TallyError.refused("x")) == nil)
  }
}

@Suite("Database paths that are not files")
struct SpecialPathTests {
  @Test("devices and folders are refused before SQLite opens them", arguments: ["/dev/null", "/tmp"])
  func refused(path: String) {
    #expect {
      try DatabaseOpener.open(.file(path), migrator: DatabaseMigrator())
    } throws: { error in
      (error as? TallyError)?.category == .usage && (error as? TallyError)?.value == path
    }
    #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }
}
