import GRDB

/// What a user may do with a store. Both roles read every report; `owner` is kept so that a later
/// write API can tell them apart without a migration.
public enum StoreRole: String, Sendable, Codable, CaseIterable {
  case owner
  case viewer
}

/// One user's access to one store (table `store_grant`): row-level security, kept by the server.
struct StoreGrant: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "store_grant"
  var userId: String
  var storeId: String
  var role: StoreRole

  enum CodingKeys: String, CodingKey {
    case role
    case userId = "user_id"
    case storeId = "store_id"
  }

  enum Columns {
    static let userId = Column(CodingKeys.userId)
    static let storeId = Column(CodingKeys.storeId)
  }
}
