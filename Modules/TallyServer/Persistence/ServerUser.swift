import AnalyticsCore
import GRDB
import Storage

/// Someone who signed in with Google (table `user`); the id is Google's `sub`, which never
/// changes, while the email and name may. Written field by field: `Instant` is stored as INTEGER
/// milliseconds through its `DatabaseValueConvertible` conformance, not `Codable`.
public struct ServerUser: Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "user"
  public var id: String
  public var email: String
  public var name: String?
  public var picture: String?
  public var createdAt: Instant
  public var updatedAt: Instant

  public enum Columns {
    static let id = Column("id")
    static let email = Column("email")
    static let name = Column("name")
    static let picture = Column("picture")
    static let createdAt = Column("created_at")
    static let updatedAt = Column("updated_at")
  }

  init(
    id: String, email: String, name: String? = nil, picture: String? = nil, createdAt: Instant,
    updatedAt: Instant
  ) {
    self.id = id
    self.email = email
    self.name = name
    self.picture = picture
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  public init(row: Row) throws {
    id = row[Columns.id]
    email = row[Columns.email]
    name = row[Columns.name]
    picture = row[Columns.picture]
    createdAt = row[Columns.createdAt]
    updatedAt = row[Columns.updatedAt]
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.email] = email
    container[Columns.name] = name
    container[Columns.picture] = picture
    container[Columns.createdAt] = createdAt
    container[Columns.updatedAt] = updatedAt
  }
}
