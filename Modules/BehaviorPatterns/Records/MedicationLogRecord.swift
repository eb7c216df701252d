import GRDB

/// A row of `medication_log`.
struct MedicationLogRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "medication_log"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  var id: Int64?
  var medicationId: Int64
  var occurredAt: Int64
  var taken: Bool
  var skippedReason: String?
  var effectiveness: Int?
  var mood: Int?
  var energyLevel: Int?
  var sideEffects: String?
  var notes: String?
  var createdAt: Int64

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
