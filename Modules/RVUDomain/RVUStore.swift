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
  /// The user's today (the app's as-of day, in the user's zone): a visit logged as having
  /// happened may not lie after it.
  let today: @Sendable () -> LocalDate
  /// What tells a change to the file, by anyone (nil in memory: see `revision()`).
  let dataVersion: DataVersion?

  /// - Parameter today: by default the clock's day in UTC; apps pass the day in the user's zone.
  init(
    writer: any DatabaseWriter, clock: @escaping @Sendable () -> Instant,
    today: (@Sendable () -> LocalDate)? = nil, dataVersion: DataVersion? = nil
  ) {
    self.writer = writer
    self.dataVersion = dataVersion
    self.clock = clock
    self.today = today ?? { Zone.utc.localDate(of: clock()) }
  }

  /// Opens the database at `location`, migrates it, and installs the starter catalog when the
  /// catalog is empty.
  ///
  /// - Parameter today: the user's today (the as-of day), after which no visit may be logged;
  ///   by default the clock's day in UTC.
  public static func open(
    _ location: DatabaseLocation, clock: @escaping @Sendable () -> Instant = { Instant(Date()) },
    today: (@Sendable () -> LocalDate)? = nil
  ) throws -> RVUStore {
    var dataVersion: DataVersion?
    if case .file(let path, _) = location { dataVersion = DataVersion(path: path) }
    let store = RVUStore(
      writer: try DatabaseOpener.open(location, migrator: RVUDomainModule.migrator), clock: clock,
      today: today, dataVersion: dataVersion)
    try store.installStarterCatalogIfEmpty()
    return store
  }

  /// A number that changes whenever the data changes, written by anyone (this store, another
  /// process on the same file); nil for a database in memory, whose one connection cannot tell.
  /// A server keeps answers while it is unchanged.
  public func revision() throws -> Int64? {
    do { return try dataVersion?.current() } catch { throw StorageError.classify(error) ?? error }
  }

  /// An in-memory store (tests, throwaway runs).
  public static func inMemory(
    clock: @escaping @Sendable () -> Instant = { Instant(Date()) },
    today: (@Sendable () -> LocalDate)? = nil
  ) throws -> RVUStore { try open(.memory, clock: clock, today: today) }

  /// The user id used when none is given.
  public static let localUser = "local"
}
