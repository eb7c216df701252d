import AnalyticsCore

/// Why a database could not be opened or prepared.
public struct StorageError: CategorizedError, Equatable {
  /// The closed set of causes.
  public enum Reason: Sendable, Equatable {
    /// The folder that should hold the database file does not exist.
    case missingFolder(String)
    /// The database was written by a newer version of the app (unknown migrations).
    case newerSchema(path: String, unknownMigrations: [String])
    /// The file exists but is not a SQLite database.
    case notADatabase(String)
    /// SQLite refused to open or prepare the file.
    case cannotOpen(path: String, reason: String)
  }

  /// The cause.
  public let reason: Reason

  /// Creates an error.
  public init(_ reason: Reason) { self.reason = reason }

  /// Missing folders are missing input; a foreign or newer file is bad data; the rest is I/O.
  public var category: ErrorCategory {
    switch reason {
    case .missingFolder: return .missingInput
    case .newerSchema, .notADatabase: return .badData
    case .cannotOpen: return .io
    }
  }

  /// One line naming the path and what to do.
  public var description: String {
    switch reason {
    case .missingFolder(let folder):
      return "the folder \(folder) does not exist: expected an existing folder for the database"
    case .newerSchema(let path, let unknown):
      return
        "\(path) was written by a newer version of Tally (unknown migrations: "
        + unknown.joined(separator: ", ") + "): upgrade the app before using this database"
    case .notADatabase(let path):
      return "\(path) is not a SQLite database: expected a database file written by Tally"
    case .cannotOpen(let path, let reason):
      return "cannot open the database \(path): \(reason)"
    }
  }
}
