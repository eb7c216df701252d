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

/// The permission bits of a file.
private func mode(_ path: String) -> mode_t {
  var status = stat()
  return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
}

@Suite("Opening databases")
struct DatabaseOpenerTests {
  /// Issue 30: databases were created 0644 (health data readable by every user) and left a
  /// 0-byte `-migrating` file beside them. Under the usual umask (022) a file created without
  /// its own mode is 0644, so 0600 shows the mode is set. (The umask is the process's: a test
  /// that changed it would race every test running beside it.)
  @Test("a new database, its WAL and shared memory are the owner's alone; nothing is left beside")
  func privateFiles() throws {
    try withTemporaryFolder { folder in
      let path = folder + "/t.sqlite"
      let writer = try DatabaseOpener.open(.file(path), migrator: migrator(2))
      try writer.write { db in try db.execute(sql: "INSERT INTO parent (id) VALUES (1)") }
      #expect(mode(path) == 0o600)
      #expect(mode(path + "-wal") == 0o600)
      #expect(mode(path + "-shm") == 0o600)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
          == ["t.sqlite", "t.sqlite-shm", "t.sqlite-wal"])
      // An existing database keeps the permissions its owner gave it.
      let shared = folder + "/shared.sqlite"
      _ = try DatabaseOpener.open(.file(shared), migrator: migrator(1))
      chmod(shared, 0o640)
      _ = try DatabaseOpener.open(.file(shared), migrator: migrator(2))
      #expect(mode(shared) == 0o640)
    }
  }

  @Test("a file database uses WAL, foreign keys and NORMAL sync") func pragmas()
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
      _ = busyTimeout  // a busy callback waits instead (see waitsForAnotherWriter)
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

  @Test("another app's database is named as such, not as a newer version") func otherApp()
    throws
  {
    try withTemporaryFolder { folder in
      let path = folder + "/rvu.sqlite"
      var rvu = DatabaseMigrator()
      rvu.registerMigration("rvu-1-catalog") { db in
        try db.execute(sql: "CREATE TABLE catalog (code TEXT)")
      }
      _ = try DatabaseOpener.open(.file(path), migrator: rvu)
      #expect {
        try DatabaseOpener.open(.file(path), migrator: migrator(2))
      } throws: { error in
        (error as? TallyError)?.description
          == "\(path) is a database of another Tally app (rvu): expected this app's database or a "
          + "new path"
      }
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
  @Test(
    "devices and folders are refused before SQLite opens them", arguments: ["/dev/null", "/tmp"])
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

@Suite("Waiting for another writer")
struct BusyWaitTests {
  @Test("a write waits for another connection's transaction and says so once") func waits() throws {
    try withTemporaryFolder { folder in
      let path = folder + "/busy.sqlite"
      let holder = try DatabaseOpener.open(.file(path), migrator: migrator(1))
      let notices = Counter()
      DatabaseOpener.waitingNotice = { notices.add($0) }
      let waiter = try DatabaseOpener.open(.file(path), migrator: migrator(1))
      DatabaseOpener.waitingNotice = nil
      let started = Date()
      let released = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        try? holder.write { db in
          try db.execute(sql: "INSERT INTO parent (id) VALUES (1)")
          released.signal()
          Thread.sleep(forTimeInterval: 1.6)  // longer than the 1 s notice, far below 600 s
        }
      }
      released.wait()
      try waiter.write { db in try db.execute(sql: "INSERT INTO parent (id) VALUES (2)") }
      #expect(Date().timeIntervalSince(started) >= 1.5)
      #expect(notices.values == ["waiting for another Tally process to finish writing…\n"])
      #expect(
        try waiter.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM parent") } == 2)
    }
  }
}

@Suite("First writes from many connections at once")
struct ConcurrentCreationTests {
  /// Three migrations of the kinds that failed when processes raced: creating tables, an index,
  /// and dropping that index again.
  private static func racingMigrator() -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("one") { db in
      try db.execute(sql: "CREATE TABLE shop (id TEXT PRIMARY KEY)")
      try db.execute(sql: "CREATE INDEX shop_id ON shop(id)")
    }
    migrator.registerMigration("two") { db in
      try db.execute(sql: "DROP INDEX shop_id")
      try db.execute(sql: "CREATE TABLE sale (id INTEGER PRIMARY KEY, shop TEXT)")
    }
    migrator.registerMigration("three") { db in
      try db.execute(sql: "ALTER TABLE sale ADD COLUMN amount INTEGER NOT NULL DEFAULT 0")
    }
    return migrator
  }

  // 25 new databases, each created by 4 connections at once (separate pools, as separate
  // processes would be), each writing 3 rows: every write succeeds and every row is there.
  @Test("every open-and-write succeeds and counts match") func race() throws {
    try withTemporaryFolder { folder in
      for round in 0..<25 {
        let path = folder + "/race-\(round).sqlite"
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
          do {
            let writer = try DatabaseOpener.open(.file(path), migrator: Self.racingMigrator())
            for row in 0..<3 {
              try writer.write { db in
                try db.execute(
                  sql: "INSERT INTO shop (id) VALUES (?)", arguments: ["w\(worker)-\(row)"])
              }
            }
          } catch {
            failures.add("\(error)")
          }
        }
        #expect(failures.values.isEmpty, "round \(round)")
        let writer = try DatabaseOpener.open(.file(path), migrator: Self.racingMigrator())
        #expect(
          try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM shop") } == 12)
      }
    }
  }
}

/// Failures collected from concurrent workers.
///
/// `@unchecked Sendable`: `values` is only touched while holding `lock`.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  func add(_ value: String) {
    lock.lock()
    list.append(value)
    lock.unlock()
  }
  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}
