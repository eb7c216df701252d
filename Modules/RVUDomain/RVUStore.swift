import AnalyticsCore
import Foundation
import GRDB
import Storage

/// The RVU database: the HCPCS catalog, users' visits and favorites, and RVU analytics.
///
/// Every read and write of user data is scoped to one user id (`owned(by:)`): one user never
/// sees, counts or changes another's data. The connection stays inside, as in GRDB's demo
/// `AppDatabase`: callers get domain values and operations, never SQL.
public struct RVUStore: Sendable {
  /// A pool for files, a queue in memory. Internal only so that the domain's extensions (and
  /// `@testable` recounts) can reach it.
  let writer: any DatabaseWriter
  /// When "now" is: the wall clock, or a fixed instant in tests.
  let clock: @Sendable () -> Instant

  init(writer: any DatabaseWriter, clock: @escaping @Sendable () -> Instant) {
    self.writer = writer
    self.clock = clock
  }

  /// Opens the database at `location`, migrates it, and installs the starter catalog when the
  /// catalog is empty.
  public static func open(
    _ location: DatabaseLocation, clock: @escaping @Sendable () -> Instant = { Instant(Date()) }
  ) throws -> RVUStore {
    let store = RVUStore(
      writer: try DatabaseOpener.open(location, migrator: RVUDomainModule.migrator), clock: clock)
    try store.installStarterCatalogIfEmpty()
    return store
  }

  /// An in-memory store (tests, throwaway runs).
  public static func inMemory(
    clock: @escaping @Sendable () -> Instant = { Instant(Date()) }
  ) throws -> RVUStore { try open(.memory, clock: clock) }

  /// The user id used when none is given.
  public static let localUser = "local"
}
