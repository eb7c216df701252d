import GRDB

/// A row of `journal_tag`.
struct JournalTagRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "journal_tag"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  var journalId: Int64
  var tagId: Int64
}
