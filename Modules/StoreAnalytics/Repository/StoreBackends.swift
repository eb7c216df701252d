import AnalyticsCore
import Storage
import StoreModel

/// Where the store's data lives: an SQLite file (or memory), or a PostgreSQL server. Read once,
/// where the user's text comes in (an app's database option or environment).
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
  case sqlite(DatabaseLocation)
  /// A `postgres://` or `postgresql://` URL, as typed (its password is never printed).
  case postgres(url: String)

  /// The store location an app's database location names: a PostgreSQL URL typed where a path
  /// goes is that server, anything else an SQLite file.
  public init(_ location: DatabaseLocation) {
    if case .file(let path, _) = location, Self.isPostgresURL(path) {
      self = .postgres(url: path)
    } else {
      self = .sqlite(location)
    }
  }

  /// Whether `text` is a PostgreSQL URL rather than a file path (the scheme in any case).
  public static func isPostgresURL(_ text: String) -> Bool {
    let scheme = text.prefix(13).lowercased()
    return scheme.hasPrefix("postgres://") || scheme.hasPrefix("postgresql://")
  }

  public var description: String {
    switch self {
    case .sqlite(let location): return location.description
    case .postgres(let url): return url
    }
  }
}

/// The backends a program has, and the one function that picks among them (`open`). Each
/// backend module offers its own (StoreSQLite, StorePostgres); a program that leaves PostgreSQL
/// out (the store app's own) gives something else for `postgres` (its hand-off to the program that
/// has it).
public struct StoreBackends: Sendable {
  public typealias SQLite = @Sendable (DatabaseLocation) throws -> any StoreRepository
  public typealias Postgres =
    @Sendable (_ url: String, _ environment: [String: String]) throws -> any StoreRepository

  let sqlite: SQLite
  let postgres: Postgres?

  public init(sqlite: @escaping SQLite, postgres: Postgres?) {
    self.sqlite = sqlite
    self.postgres = postgres
  }

  /// The same backends with another way to PostgreSQL.
  public func with(postgres: @escaping Postgres) -> StoreBackends {
    StoreBackends(sqlite: sqlite, postgres: postgres)
  }

  /// Opens (and migrates) the store database at `location` with the backend it names.
  /// `environment` gives a PostgreSQL URL without a password its `PGPASSWORD` or `~/.pgpass`
  /// (the app reads the environment, not the domain).
  ///
  /// - throws: `TallyError` (unavailable) for a PostgreSQL URL in a program without PostgreSQL;
  ///   what the backend throws when it cannot open the database.
  public func open(
    _ location: StoreLocation, environment: [String: String],
    clock: TallyClock = .system
  ) throws -> ShopAnalytics {
    switch location {
    case .sqlite(let location):
      return ShopAnalytics(repository: try sqlite(location), clock: clock)
    case .postgres(let url):
      guard let postgres else {
        throw TallyError.refused(
          "a postgres:// database needs PostgreSQL, which this program is built without",
          category: .unavailable)
      }
      return ShopAnalytics(repository: try postgres(url, environment), clock: clock)
    }
  }
}
