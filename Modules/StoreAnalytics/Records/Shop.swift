import GRDB

/// A restaurant (table `shop`): the IANA zone is what its local days and hours are counted in,
/// so changing it means re-deriving every order's day and hour.
public struct Shop: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "shop"
  /// The store id as the POS exports it.
  public var id: String
  public var name: String
  /// An IANA identifier (`America/Chicago`).
  public var timeZone: String

  public init(id: String, name: String, timeZone: String) {
    self.id = id
    self.name = name
    self.timeZone = timeZone
  }

  enum CodingKeys: String, CodingKey {
    case id, name
    case timeZone = "time_zone"
  }

  public enum Columns {
    static let id = Column(CodingKeys.id)
  }
}
