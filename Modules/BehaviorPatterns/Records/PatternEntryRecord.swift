import GRDB

/// A row of `pattern_entry`.
struct PatternEntryRecord: Encodable, Sendable, Equatable, FetchableRecord,
  MutablePersistableRecord
{
  static let databaseTableName = "pattern_entry"
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

  /// Creates the member-wise record.
  init(
    id: Int64?, occurredAt: Int64, category: String, patternType: String, intensity: Int?,
    durationMinutes: Int?, contextNotes: String?, specificDetails: String?, customName: String?,
    createdAt: Int64, updatedAt: Int64
  ) {
    self.id = id
    self.occurredAt = occurredAt
    self.category = category
    self.patternType = patternType
    self.intensity = intensity
    self.durationMinutes = durationMinutes
    self.contextNotes = contextNotes
    self.specificDetails = specificDetails
    self.customName = customName
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// Reads the columns by name, without Codable's per-row key conversion (5× faster for the
  /// 100,000-row export).
  init(row: Row) {
    id = row["id"]
    occurredAt = row["occurred_at"]
    category = row["category"]
    patternType = row["pattern_type"]
    intensity = row["intensity"]
    durationMinutes = row["duration_minutes"]
    contextNotes = row["context_notes"]
    specificDetails = row["specific_details"]
    customName = row["custom_name"]
    createdAt = row["created_at"]
    updatedAt = row["updated_at"]
  }

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
