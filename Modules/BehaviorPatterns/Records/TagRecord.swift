import GRDB

/// A row of `tag`.
struct TagRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "tag"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  var id: Int64?
  var name: String

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
