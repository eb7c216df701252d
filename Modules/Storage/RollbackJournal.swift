import GRDB

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
