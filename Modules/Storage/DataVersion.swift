import AnalyticsCore
import GRDB

/// A number that changes whenever anything commits to a database file: this process's writers,
/// another server, a CLI import. Answers computed from the file can be kept while it stays the
/// same.
///
/// SQLite's `PRAGMA data_version` changes on a connection when *another* connection has
/// committed since it last asked, and its values mean nothing across connections. So it is
/// always asked on one connection of its own that never writes, opened at the first question
/// (a command that never asks opens nothing).
public final class DataVersion: Sendable {
  private let path: String
  private let watcher = LockedValue<DatabaseQueue?>(nil)

  public init(path: String) {
    self.path = path
  }

  /// The file's current data version. Asking costs a read of the WAL index, no query.
  public func current() throws -> Int64 {
    let queue = try watcher.withLock { watcher -> DatabaseQueue in
      if let watcher { return watcher }
      var configuration = DatabaseOpener.configuration()
      configuration.readonly = true
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      watcher = queue
      return queue
    }
    return try queue.inDatabase { db in
      try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }
  }
}
