import GRDB

/// A customer known by the POS id (table `customer`): its integer key keeps the per-day
/// distinct-customer rows narrow.
public struct Customer: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "customer"
  public var id: Int64
  /// The POS's customer id.
  public var externalId: String

  enum CodingKeys: String, CodingKey {
    case id
    case externalId = "external_id"
  }

  public enum Columns {
    static let id = Column(CodingKeys.id)
    static let externalId = Column(CodingKeys.externalId)
  }
}
