import GRDB
import Storage

/// The rucking database: sessions, their tracks, the profile, and analytics over them. Its
/// operations live beside their features (`RuckStore+Profile`, `+Import`, `+Sessions`,
/// `+Analytics`, `+Insights`).
public struct RuckStore: Sendable {
  /// Not public: callers go through the store's operations, so the schema can change under them;
  /// tests reach it with `@testable import` to recount.
  let writer: any DatabaseWriter

  /// Opens (and migrates) the database at `location`.
  public static func open(_ location: DatabaseLocation) throws -> RuckStore {
    RuckStore(writer: try DatabaseOpener.open(location, migrator: RuckAnalyticsModule.migrator))
  }

  /// An in-memory store (tests, throwaway runs).
  public static func inMemory() throws -> RuckStore { try open(.memory) }
}
