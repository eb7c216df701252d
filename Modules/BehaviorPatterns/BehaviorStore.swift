import AnalyticsCore
import Foundation
import GRDB
import Storage

/// The behavior database: pattern entries with their tags, favorite pattern types, medications
/// and their logs, the journal, and the reports computed from them.
///
/// Everything stays in the local database; nothing is sent anywhere.
public struct BehaviorStore: Sendable {
  /// The database connection (a pool for files, a queue in memory): internal, so that only this
  /// module's operations (and `@testable` tests) reach the tables.
  let writer: any DatabaseWriter

  /// Opens the database at `location` and migrates it.
  public static func open(_ location: DatabaseLocation) throws -> BehaviorStore {
    BehaviorStore(
      writer: try DatabaseOpener.open(location, migrator: BehaviorPatternsModule.migrator))
  }

  /// An in-memory store (tests, throwaway runs).
  public static func inMemory() throws -> BehaviorStore { try open(.memory) }
}
