import GRDB

/// A row of `journal_link`.
struct JournalLinkRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "journal_link"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  var journalId: Int64
  var entryId: Int64
}
