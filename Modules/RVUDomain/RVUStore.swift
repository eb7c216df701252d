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
  /// When "now" is: the wall clock, the app's as-of day, or a fixed instant in tests.
  let clock: TallyClock
  /// The user's zone: their today (the clock's day there) is the last day a visit may be
  /// logged on.
  let zone: Zone
  /// What tells a change to the file, by anyone (nil in memory: see `revision()`).
  let dataVersion: DataVersion?

  init(
    writer: any DatabaseWriter, clock: TallyClock, zone: Zone = .utc,
    dataVersion: DataVersion? = nil
  ) {
    self.writer = writer
    self.dataVersion = dataVersion
    self.clock = clock
    self.zone = zone
  }

  /// The user's today: a visit logged as having happened may not lie after it.
  func today() -> LocalDate { clock.today(in: zone) }

  /// Opens the database at `location`, migrates it, and installs the starter catalog when the
  /// catalog is empty.
  ///
  /// - Parameter zone: the user's zone, where the clock's day is the last day a visit may be
  ///   logged on.
  public static func open(
    _ location: DatabaseLocation, clock: TallyClock = .system, zone: Zone = .utc
  ) throws -> RVUStore {
    var dataVersion: DataVersion?
    if case .file(let path, _) = location { dataVersion = DataVersion(path: path) }
    let store = RVUStore(
      writer: try DatabaseOpener.open(location, migrator: RVUDomainModule.migrator), clock: clock,
      zone: zone, dataVersion: dataVersion)
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
  public static func inMemory(clock: TallyClock = .system, zone: Zone = .utc) throws
    -> RVUStore
  { try open(.memory, clock: clock, zone: zone) }

  /// The user id used when none is given.
  public static let localUser = "local"
}
