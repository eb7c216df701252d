import GRDB

/// A row of `medication`.
struct MedicationRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "medication"
  static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
  static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

  var id: Int64?
  var name: String
  var dosage: String?
  var frequency: String
  var since: String
  var stoppedOn: String?
  var notes: String?
  var createdAt: Int64

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
