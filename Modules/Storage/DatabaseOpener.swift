import AnalyticsCore
import Foundation
import GRDB

/// Opens Tally databases the same way for every domain: WAL, foreign keys on, a busy timeout,
/// `synchronous=NORMAL`, and the domain's migrations applied.
public enum DatabaseOpener {
  /// How long a connection waits for a lock held by another process before failing: long
  /// enough for the largest import to finish (a 2-million-line store import takes seconds, a
  /// slow disk minutes), so a concurrent command waits instead of failing.
  public static let busyTimeout: TimeInterval = 600

  /// After how long a waiting command says so.
  public static let waitNoticeAfter: TimeInterval = 1

  /// Told once, after `waitNoticeAfter`, when a command waits for another process's write lock;
  /// the CLI sets it to a line on standard error. Read when a database is opened.
  public static var waitingNotice: (@Sendable (String) -> Void)? {
    get { waitingNoticeBox.current }
    set { waitingNoticeBox.current = newValue }
  }
  private static let waitingNoticeBox = LockedValue<(@Sendable (String) -> Void)?>(nil)

  /// Opens (creating when needed) the database at `location` and migrates it with `migrator`.
  ///
  /// A file database is in WAL mode, one connection unless `concurrentReads`; `.memory` is a
  /// `DatabaseQueue`.
  ///
  /// The folder holding a file is created only for the app's default location; for a path the
  /// user named, a missing folder is an error.
  /// - throws: `TallyError` (see `StorageError`) when the folder is missing, the file is not a database, or the
  ///   database holds migrations this build does not know (written by a newer schema).
  public static func open(
    _ location: DatabaseLocation, migrator: DatabaseMigrator
  ) throws -> any DatabaseWriter {
    switch location {
    case .memory:
      let queue = try DatabaseQueue(configuration: configuration())
      try migrator.migrate(queue)
      return queue
    case .file(let path, let createFolder):
      let folder = PathText.folder(of: path)
      let folderPath = folder.isEmpty ? "." : folder
      var isDirectory: ObjCBool = false
      if !FileManager.default.fileExists(atPath: folderPath, isDirectory: &isDirectory)
        || !isDirectory.boolValue
      {
        guard createFolder else { throw StorageError.missingFolder(folderPath) }
        do {
          try FileManager.default.createDirectory(
            atPath: folderPath, withIntermediateDirectories: true)
        } catch {
          throw StorageError.cannotOpen(path: path, reason: "cannot create \(folderPath)")
        }
      }
      try refuseSpecialFile(path)
      try createPrivately(path)
      do {
        return try openAndMigrate(path: path, migrator: migrator)
      } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
        throw StorageError.notADatabase(path)
      } catch let error as DatabaseError {
        throw StorageError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
      }
    }
  }

  /// Whether file databases are opened as a pool of connections (one writer, several readers
  /// reading in parallel) rather than one connection.
  ///
  /// A command runs one query at a time, and a pool costs it a second connection on its first
  /// read (opened, configured, its schema read again): about a third of the work of a
  /// short query command (callgrind counts in `Docs/Performance.md`). A server answering many
  /// requests at once sets this before opening its databases.
  public static var concurrentReads: Bool {
    get { concurrentReadsBox.current }
    set { concurrentReadsBox.current = newValue }
  }
  private static let concurrentReadsBox = LockedValue(false)

  /// How often opening is tried again when another process is creating or migrating the same
  /// database at the same moment.
  static let openAttempts = 8

  /// Opens the file and migrates it, safe against other processes doing the same to the same
  /// new file.
  ///
  /// Which migrations ran is read once; a database that is up to date (every command after the
  /// first) is not written at all. GRDB runs each migration in its own transaction after reading
  /// which ones ran, so two processes creating one database can both decide to run the first
  /// migration; the loser fails with "table … already exists" (or "database is locked" while the
  /// winner switches to WAL). Each migration rolls back whole, so the loser opens again and finds
  /// the work done: "another process just did it" is success. A real failure fails again the
  /// same way and is reported after the last attempt.
  static func openAndMigrate(path: String, migrator: DatabaseMigrator) throws
    -> any DatabaseWriter
  {
    var attempt = 1
    var busySince: Date?
    var toldWaiting = false
    while true {
      do {
        let writer: any DatabaseWriter
        if concurrentReads {
          writer = try DatabasePool(path: path, configuration: configuration())
        } else {
          let queue = try DatabaseQueue(path: path, configuration: configuration())
          // A pool switches the file to WAL itself; one connection must ask. Readers in other
          // processes then never wait for a writer.
          try queue.writeWithoutTransaction { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
              try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
          }
          writer = queue
        }
        let applied = try writer.read { db in try migrator.appliedIdentifiers(db) }
        try refuseNewerSchema(applied: applied, migrator: migrator, path: path)
        if applied.count < migrator.migrations.count {
          try whileLocked(path) { try migrator.migrate(writer) }
        }
        return writer
      } catch let error as DatabaseError
        where error.resultCode == .SQLITE_BUSY
        && Date().timeIntervalSince(busySince ?? Date()) < busyTimeout
      {
        // Another process holds the file locked for longer than a migration: a first import
        // writing with the rollback journal (`RollbackJournal`), which a new connection meets
        // before its busy handler is installed. Wait for it as the busy handler waits for any
        // writer, saying so once, rather than failing after the few attempts below.
        let since = busySince ?? Date()
        busySince = since
        if !toldWaiting, Date().timeIntervalSince(since) >= waitNoticeAfter {
          toldWaiting = true
          waitingNotice?("waiting for another Tally process to finish writing…\n")
        }
        usleep(50_000)
      } catch let error as DatabaseError
        where attempt < openAttempts
        && [.SQLITE_ERROR, .SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode)
      {
        // Back off a little longer each time, with jitter so racing processes drift apart.
        usleep(UInt32(attempt * 20_000 + Int.random(in: 0..<20_000)))
        attempt += 1
      }
    }
  }

  /// Creates a database file that does not exist yet, empty (SQLite takes an empty file as a new
  /// database) and readable by its owner only, whatever the umask: the data is personal (health
  /// data in behavior's), and SQLite gives the `-wal` and `-shm` files it makes beside it the
  /// database's own permissions. An existing file keeps its permissions.
  static func createPrivately(_ path: String) throws {
    let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }  // there already, or SQLite reports what is wrong
    defer { close(descriptor) }
    _ = fchmod(descriptor, 0o600)
    createdPaths.withLock { _ = $0.insert(path) }
  }

  /// Whether this process created the database file at `path` (no other process had made it):
  /// a command that failed may remove only what it made.
  public static func createdByThisProcess(_ path: String) -> Bool {
    createdPaths.withLock { $0.contains(path) }
  }
  private static let createdPaths = LockedValue<Set<String>>([])

  /// Removes the database at `path` with its WAL, shared memory and journal when this process
  /// created it and `isUnused` says nothing is kept in it (another process may have written to
  /// it meanwhile): a command that failed leaves nothing behind. Errors are ignored: the
  /// command's own failure is what is reported.
  public static func removeIfCreatedAndUnused(_ path: String, isUnused: () throws -> Bool) {
    guard createdByThisProcess(path), (try? isUnused()) == true else { return }
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  /// Runs `body` holding an exclusive `flock` on the database's folder, so one process at a time
  /// reads which migrations ran and runs the rest.
  ///
  /// GRDB plans the pending migrations once and runs each in its own transaction: a process
  /// that planned before another one committed a migration ran it again, and a migration that
  /// rebuilds a table is not idempotent (`scripts/concurrency` saw "NOT NULL constraint failed:
  /// catalog_version_new.imported_at" on new RVU databases). The folder, not a file of its own:
  /// a lock file would stay beside every database (removing it races with a process about to
  /// lock it), and a descriptor of the database file cannot be used, as closing it would drop
  /// the `fcntl` locks SQLite holds on it for this process. Migrations are rare and short, so
  /// the databases of one folder migrating one at a time costs nothing.
  static func whileLocked(_ path: String, _ body: () throws -> Void) throws {
    let folder = PathText.folder(of: path)
    let descriptor = Foundation.open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return try body() }  // SQLite reports what is wrong
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    defer { flock(descriptor, LOCK_UN) }
    try body()
  }

  /// Refuses a path that exists but is not a regular file (`/dev/null`, a FIFO, a folder) before
  /// SQLite touches it: SQLite would leave a `-journal` or `-wal` file beside a device.
  static func refuseSpecialFile(_ path: String) throws {
    // `stat`, not `FileManager.attributesOfItem`: that also looks up the owner's user and group
    // names (reading /etc/passwd and /etc/group) on every command.
    var status = stat()
    guard stat(path, &status) == 0 else { return }  // a new path
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw TallyError.invalid(
        nil, path, expected: "a database file or a new path, not a device, folder or pipe",
        category: .usage)
    }
  }

  /// How much of a database file SQLite reads through a memory map instead of `read` calls.
  ///
  /// A report reads pages all over a large file (a year of one store's orders lies among every
  /// other store's): one `pread` per page was half the system time of the store's year report
  /// on the 1M-order database (hyperfine: 49 ms → 24 ms of system time, 201 → 139 ms in all, on
  /// a loaded machine). Address space, not memory: the pages stay the kernel's file cache.
  static let mmapSize = 1 << 30

  /// The connection settings every Tally database uses.
  public static func configuration() -> Configuration {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    let notice = waitingNotice
    // Said once per connection, however many times SQLite retries, from any pool thread.
    let told = LockedValue(false)
    let pause: useconds_t = 10_000
    let triesPerSecond = 1_000_000 / Int(pause)
    configuration.busyMode = .callback { tries in
      if tries == Int(waitNoticeAfter) * triesPerSecond {
        let first = told.withLock { told in
          defer { told = true }
          return !told
        }
        if first { notice?("waiting for another Tally process to finish writing…\n") }
      }
      guard tries < Int(busyTimeout) * triesPerSecond else { return false }
      usleep(pause)
      return true
    }
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
      try db.execute(sql: "PRAGMA mmap_size = \(mmapSize)")
    }
    return configuration
  }

  /// Throws `StorageError.otherApp` when none of the database's migrations is `migrator`'s, and
  /// `StorageError.newerSchema` when it holds some that `migrator` lacks.
  static func refuseNewerSchema(applied: Set<String>, migrator: DatabaseMigrator, path: String)
    throws
  {
    let unknown = applied.subtracting(migrator.migrations).sorted()
    if let first = unknown.first, unknown.count == applied.count {
      // Nothing this app wrote: another app's file, not a newer version of this one.
      let app = first.split(separator: "-").first.map(String.init) ?? first
      throw StorageError.otherApp(path: path, app: app)
    }
    if !unknown.isEmpty {
      throw StorageError.newerSchema(path: path, unknownMigrations: unknown)
    }
  }
}

/// A first large write into a new database, with SQLite's rollback journal instead of the WAL.
///
/// Every Tally database is in WAL mode, so readers never wait for a writer. For a write into a
/// database that holds nothing yet the WAL costs more than it gives: every page of the new
/// database is written into the WAL, synced, copied into the file when the last connection
/// closes, synced again and the WAL removed — the 2.2-million-line store import waited 1.2 s at
/// close for it, and a 40 MB GPX's 14 MB of track about 90 ms. With the rollback journal the
/// pages are written once and the journal holds only the few that existed before. A write that
/// fails or a process that is killed leaves the journal, which restores the file as the WAL
/// would (checked with `kill -9` mid-import).
public enum RollbackJournal {
  /// Runs `body` in one transaction, with the rollback journal when `empty`, then returns the
  /// file to WAL.
  ///
  /// SQLite refuses the switch while another connection has the file open (or for `:memory:`);
  /// the transaction then runs in WAL as usual. Should the return to WAL fail, the next opening
  /// switches the file back (`DatabaseOpener` asks for WAL on every open).
  public static func transaction<T>(_ db: Database, empty: Bool, _ body: () throws -> T)
    throws -> T
  {
    func write() throws -> T {
      var result: T?
      try db.inTransaction {
        result = try body()
        return .commit
      }
      return result!
    }
    guard empty, (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")) == "delete"
    else { return try write() }
    defer { _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
    return try write()
  }
}
