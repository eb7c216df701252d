import GRDB

/// A row of `pattern_entry`.
struct PatternEntryRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "pattern_entry"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  var id: Int64?
  var occurredAt: Int64
  var category: String
  var patternType: String
  var intensity: Int?
  var durationMinutes: Int?
  var contextNotes: String?
  var specificDetails: String?
  var customName: String?
  var createdAt: Int64
  var updatedAt: Int64

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
