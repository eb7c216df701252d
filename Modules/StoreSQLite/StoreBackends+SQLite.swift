import AnalyticsCore
import Storage
import StoreAnalytics

extension StoreBackends {
  /// SQLite only: a PostgreSQL URL is refused (`store-metrics` gives its hand-off instead).
  public static let sqlite = StoreBackends(
    sqlite: { try SQLiteStoreRepository.open($0) }, postgres: nil)
}

extension ShopAnalytics {
  /// An empty in-memory SQLite database, for tests and throwaway runs.
  public static func inMemory(clock: TallyClock = .system) throws -> ShopAnalytics {
    try StoreBackends.sqlite.open(.sqlite(.memory), environment: [:], clock: clock)
  }
}
