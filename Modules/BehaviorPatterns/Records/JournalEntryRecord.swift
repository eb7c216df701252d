import GRDB

/// A row of `journal_entry`.
struct JournalEntryRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "journal_entry"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  var id: Int64?
  var occurredAt: Int64
  var title: String
  var content: String
  var createdAt: Int64
  var updatedAt: Int64

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
