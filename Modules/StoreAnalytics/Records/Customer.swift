import AnalyticsCore
import GRDB
import Storage

/// A customer known by the POS id (table `customer`); its integer key keeps distinct-customer counts cheap.
public struct Customer: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The table.
  public static let databaseTableName = "customer"
  /// The key.
  public var id: Int64?
  /// The POS's customer id.
  public var externalId: String

  enum CodingKeys: String, CodingKey {
    case id
    case externalId = "external_id"
  }

  /// Takes the id SQLite assigned.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
