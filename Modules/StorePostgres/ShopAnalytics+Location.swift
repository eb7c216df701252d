import AnalyticsCore
import Foundation
import Storage
import StoreAnalytics

extension ShopAnalytics {
  /// Opens the store database at `location`: a `postgres://` URL selects PostgreSQL, anything
  /// else is an SQLite file. `environment` gives a URL without a password its `PGPASSWORD` or
  /// `~/.pgpass` (the app reads the environment, not this module).
  public static func open(
    _ location: DatabaseLocation, environment: [String: String],
    today: @escaping StoreToday = ShopAnalytics.today
  ) throws -> ShopAnalytics {
    if let url = location.postgresURL {
      return try open(postgresURL: url, environment: environment, today: today)
    }
    return try open(location, today: today)
  }

  /// Opens the PostgreSQL database at `url` (`postgres://…`), taking a password missing from it
  /// from `environment`.
  public static func open(
    postgresURL url: String, environment: [String: String],
    today: @escaping StoreToday
  ) throws -> ShopAnalytics {
    let repository = try PostgresStoreRepository.open(
      PostgresLocation(url: url, environment: environment))
    return ShopAnalytics(repository: repository, today: today)
  }
}
