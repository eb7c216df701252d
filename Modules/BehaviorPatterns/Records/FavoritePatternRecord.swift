import GRDB

/// A row of `favorite_pattern`.
struct FavoritePatternRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "favorite_pattern"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  var patternType: String
  var position: Int
}
