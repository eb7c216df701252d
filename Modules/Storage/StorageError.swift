import AnalyticsCore
import GRDB

/// The storage failures, as `TallyError`s: one error type all the way up, so the apps and the
/// server never see GRDB's or SQLite's types.
public enum StorageError {
  /// The folder that should hold the database file does not exist.
  public static func missingFolder(_ folder: String) -> TallyError {
    TallyError(
      .missingInput,
      .notFound(kind: "folder", name: folder, expected: "an existing folder for the database"))
  }

  /// The database was written by a newer version of the app (unknown migrations).
  public static func newerSchema(path: String, unknownMigrations: [String]) -> TallyError {
    .refused(
      "\(path) was written by a newer version of Tally (unknown migrations: "
        + unknownMigrations.joined(separator: ", ")
        + "): upgrade the app before using this database")
  }

  /// The file is a database of another app (none of its migrations is this app's); `app` is the
  /// prefix its migrations carry (`rvu`, `behavior`, `store`, `ruck`).
  public static func otherApp(path: String, app: String) -> TallyError {
    .refused(
      "\(path) is a database of another Tally app (\(app)): expected this app's database or a "
        + "new path")
  }

  /// The file exists but is not a SQLite database.
  public static func notADatabase(_ path: String) -> TallyError {
    .refused("\(path) is not a SQLite database: expected a database file written by Tally")
  }

  /// SQLite refused to open or prepare the file.
  public static func cannotOpen(path: String, reason: String) -> TallyError {
    TallyError(.io, .failed("cannot open the database \(path): \(reason)"))
  }

  /// An error thrown underneath a domain by SQLite (locked, disk full, …) as a `TallyError` of
  /// category `.io`, or `nil` when `error` did not come from the database.
  ///
  /// Bad data never gets this far: domains validate before writing, so what SQLite refuses here
  /// is the machine's problem, reported without SQL.
  public static func classify(_ error: any Error) -> TallyError? {
    guard let error = error as? DatabaseError else { return nil }
    let reason: String
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED: reason = "the database is busy (another process holds it)"
    case .SQLITE_FULL: reason = "the disk is full"
    case .SQLITE_READONLY: reason = "the database is read-only"
    case .SQLITE_CORRUPT, .SQLITE_NOTADB: reason = "the database file is damaged"
    case .SQLITE_IOERR, .SQLITE_CANTOPEN: reason = "the database could not be read or written"
    default: reason = "the database refused the change (SQLite code \(error.resultCode.rawValue))"
    }
    return TallyError(.io, .failed(reason))
  }
}
