import GRDB

/// A row of `tag`.
struct TagRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "tag"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  enum Columns {
    static let id = Column("id")
    static let name = Column("name")
  }

  var id: Int64?
  var name: String

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension DerivableRequest<TagRecord> {
  /// The tag called `name`, case ignored (the column is `COLLATE NOCASE`).
  func named(_ name: String) -> Self { filter(TagRecord.Columns.name == name) }
}
