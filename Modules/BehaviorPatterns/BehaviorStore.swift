import AnalyticsCore
import Foundation
import GRDB
import Storage

/// The behavior database: pattern entries with their tags, favorite pattern types, medications
/// and their logs, the journal, and the reports computed from them.
///
/// Everything stays in the local database; nothing is sent anywhere.
public struct BehaviorStore: Sendable {
  /// The database connection (a pool for files, a queue in memory).
  public let writer: any DatabaseWriter

  /// Wraps an open, migrated database.
  public init(writer: any DatabaseWriter) { self.writer = writer }

  /// Opens the database at `location` and migrates it.
  public static func open(_ location: DatabaseLocation) throws -> BehaviorStore {
    BehaviorStore(
      writer: try DatabaseOpener.open(location, migrator: BehaviorPatternsModule.migrator))
  }

  /// An in-memory store (tests, throwaway runs).
  public static func inMemory() throws -> BehaviorStore { try open(.memory) }
}

/// Whole seconds since 1970 UTC: how instants are stored.
extension Date {
  var storedSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }
  init(storedSeconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(storedSeconds)) }
}
