import AnalyticsCore
import GRDB
import Storage

/// A user's favorite HCPCS code, in the user's order.
public struct Favorite: Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "favorite"

  public var id: Int64?
  public var userId: String
  public var hcpcs: String
  /// Its place in the user's list: 0…n−1 with no gaps.
  public var sortOrder: Int
  public var createdAt: Instant

  public enum Columns {
    public static let id = Column("id")
    public static let userId = Column("user_id")
    public static let hcpcs = Column("hcpcs")
    public static let sortOrder = Column("sort_order")
    public static let createdAt = Column("created_at")
  }

  public init(id: Int64? = nil, userId: String, hcpcs: String, sortOrder: Int, createdAt: Instant) {
    self.id = id
    self.userId = userId
    self.hcpcs = hcpcs
    self.sortOrder = sortOrder
    self.createdAt = createdAt
  }

  public init(row: Row) throws {
    id = row[Columns.id]
    userId = row[Columns.userId]
    hcpcs = row[Columns.hcpcs]
    sortOrder = row[Columns.sortOrder]
    createdAt = row[Columns.createdAt]
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.userId] = userId
    container[Columns.hcpcs] = hcpcs
    container[Columns.sortOrder] = sortOrder
    container[Columns.createdAt] = createdAt
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension Favorite: UserOwned {
  static var ownerColumn: Column { Columns.userId }
}
