import AnalyticsCore
import Foundation
import GRDB
import Storage

/// The RVU database: the HCPCS catalog, users' visits and favorites, and RVU analytics.
///
/// Every read and write of user data is scoped to one user id: one user never sees, counts or
/// changes another's data.
public struct RVUStore: Sendable {
  /// The database connection (a pool for files, a queue in memory).
  public let writer: any DatabaseWriter

  /// Wraps an open, migrated database.
  public init(writer: any DatabaseWriter) { self.writer = writer }

  /// Opens the database at `location`, migrates it, and installs the starter catalog when the
  /// catalog is empty.
  public static func open(_ location: DatabaseLocation) throws -> RVUStore {
    let store = RVUStore(
      writer: try DatabaseOpener.open(location, migrator: RVUDomainModule.migrator))
    try store.installStarterCatalogIfEmpty()
    return store
  }

  /// An in-memory store (tests, throwaway runs).
  public static func inMemory() throws -> RVUStore { try open(.memory) }

  /// The user id used when none is given: `$RVU_USER`, else `local`.
  public static func defaultUser(environment: [String: String]) -> String {
    environment["RVU_USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "local"
  }
}
