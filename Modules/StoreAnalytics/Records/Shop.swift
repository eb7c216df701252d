import GRDB

/// A restaurant (table `shop`): an id, a name and the IANA zone its days and hours are counted in.
public struct Shop: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "shop"
  /// The store id as the POS exports it.
  public var id: String
  /// The display name.
  public var name: String
  /// The IANA time zone.
  public var timeZone: String

  /// Creates a store.
  public init(id: String, name: String, timeZone: String) {
    self.id = id
    self.name = name
    self.timeZone = timeZone
  }

  enum CodingKeys: String, CodingKey {
    case id, name
    case timeZone = "time_zone"
  }
}
