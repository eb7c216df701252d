import Foundation
import GRDB
import GRDBSQLite

/// A number that changes whenever anything commits to a database file: this process's writers,
/// another server, a CLI import. Answers computed from the file can be kept while it stays the
/// same.
///
/// SQLite's `PRAGMA data_version` changes on a connection when *another* connection has
/// committed since it last asked, and its values mean nothing across connections. So it is
/// always asked on one connection of its own that never writes, opened at the first question
/// (a command that never asks opens nothing).
///
/// Through SQLite's C API, not GRDB: a server asks on every request, and GRDB's queue hop and
/// the pragma's parsing each time were 5.5% of the server's CPU answering `GET /api/favorites`
/// (perf); a statement prepared once and a lock cost a step of the statement.
///
/// `@unchecked Sendable` because the connection and statement are only used holding `lock`.
public final class DataVersion: @unchecked Sendable {
  private let path: String
  private let lock = NSLock()
  private var connection: OpaquePointer?
  private var statement: OpaquePointer?

  public init(path: String) {
    self.path = path
  }

  deinit {
    sqlite3_finalize(statement)
    sqlite3_close_v2(connection)
  }

  /// The file's current data version: a read of the WAL index, no query.
  public func current() throws -> Int64 {
    lock.lock()
    defer { lock.unlock() }
    if statement == nil { try open() }
    defer { sqlite3_reset(statement) }
    let code = sqlite3_step(statement)
    guard code == SQLITE_ROW else { throw error(code) }
    return sqlite3_column_int64(statement, 0)
  }

  private func open() throws {
    var opened: OpaquePointer?
    let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READONLY, nil)
    connection = opened
    guard code == SQLITE_OK else { throw error(code) }
    sqlite3_busy_timeout(connection, Int32(DatabaseOpener.busyTimeout * 1000))
    let prepared = sqlite3_prepare_v2(connection, "PRAGMA data_version", -1, &statement, nil)
    guard prepared == SQLITE_OK else { throw error(prepared) }
  }

  private func error(_ code: Int32) -> DatabaseError {
    let message = connection.map { String(cString: sqlite3_errmsg($0)) }
    return DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
  }
}
