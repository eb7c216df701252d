import GRDB

/// A row of `entry_tag`.
struct EntryTagRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "entry_tag"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  var entryId: Int64
  var tagId: Int64
}
