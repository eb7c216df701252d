import GRDB

/// A row of `medication_log`.
struct MedicationLogRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord
{
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

  /// Creates the member-wise record.
  init(
    id: Int64?, medicationId: Int64, occurredAt: Int64, taken: Bool, skippedReason: String?,
    effectiveness: Int?, mood: Int?, energyLevel: Int?, sideEffects: String?, notes: String?,
    createdAt: Int64
  ) {
    self.id = id
    self.medicationId = medicationId
    self.occurredAt = occurredAt
    self.taken = taken
    self.skippedReason = skippedReason
    self.effectiveness = effectiveness
    self.mood = mood
    self.energyLevel = energyLevel
    self.sideEffects = sideEffects
    self.notes = notes
    self.createdAt = createdAt
  }

  /// Reads the columns by name, without Codable's per-row key conversion.
  init(row: Row) {
    id = row["id"]
    medicationId = row["medication_id"]
    occurredAt = row["occurred_at"]
    taken = row["taken"]
    skippedReason = row["skipped_reason"]
    effectiveness = row["effectiveness"]
    mood = row["mood"]
    energyLevel = row["energy_level"]
    sideEffects = row["side_effects"]
    notes = row["notes"]
    createdAt = row["created_at"]
  }

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
