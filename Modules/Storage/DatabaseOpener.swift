import AnalyticsCore
import Foundation
import GRDB

/// Opens Tally databases the same way for every domain: WAL, foreign keys on, a busy timeout,
/// `synchronous=NORMAL`, and the domain's migrations applied.
public enum DatabaseOpener {
  /// How long a connection waits for a lock held by another process before failing.
  public static let busyTimeout: TimeInterval = 5

  /// Opens (creating when needed) the database at `location` and migrates it with `migrator`.
  ///
  /// A file database is a `DatabasePool` in WAL mode; `.memory` is a `DatabaseQueue`.
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
      let folder = (path as NSString).deletingLastPathComponent
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
      do {
        let pool = try DatabasePool(path: path, configuration: configuration())
        try refuseNewerSchema(pool, migrator: migrator, path: path)
        try migrator.migrate(pool)
        return pool
      } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
        throw StorageError.notADatabase(path)
      } catch let error as DatabaseError {
        throw StorageError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
      }
    }
  }

  /// Refuses a path that exists but is not a regular file (`/dev/null`, a FIFO, a folder) before
  /// SQLite touches it: SQLite would leave a `-journal` or `-wal` file beside a device.
  static func refuseSpecialFile(_ path: String) throws {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
      return  // a new path
    }
    let type = attributes[.type] as? FileAttributeType
    guard type == .typeRegular else {
      throw TallyError.invalid(
        nil, path, expected: "a database file or a new path, not a device, folder or pipe",
        category: .usage)
    }
  }

  /// The connection settings every Tally database uses.
  public static func configuration() -> Configuration {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    configuration.busyMode = .timeout(busyTimeout)
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
    return configuration
  }

  /// Throws `StorageError.newerSchema` when the database holds migrations `migrator` lacks.
  static func refuseNewerSchema(
    _ writer: some DatabaseWriter, migrator: DatabaseMigrator, path: String
  ) throws {
    let applied = try writer.read { db in try migrator.appliedIdentifiers(db) }
    let known = Set(migrator.migrations)
    let unknown = applied.filter { !known.contains($0) }.sorted()
    if !unknown.isEmpty {
      throw StorageError.newerSchema(path: path, unknownMigrations: unknown)
    }
  }
}
