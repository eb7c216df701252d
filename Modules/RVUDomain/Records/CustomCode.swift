import AnalyticsCore
import GRDB
import Storage

/// A user's own code: one the catalog lacks (a new Category III code, a practice's internal
/// one), with the description and work RVU the user gives it. A visit logs it like a catalog
/// code; the catalog's own code of the same name wins.
public struct CustomCode: Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "custom_code"
  /// The longest description, in bytes of UTF-8: above CMS's long descriptors (a few hundred
  /// letters), below a note's limit.
  public static let descriptionLimit = 500

  public var id: Int64?
  public var userId: String
  public var hcpcs: String
  public var description: String
  public var workRVU: FixedDecimal
  public var createdAt: Instant

  public enum Columns {
    public static let id = Column("id")
    public static let userId = Column("user_id")
    public static let hcpcs = Column("hcpcs")
    public static let description = Column("description")
    public static let workRVU = Column("work_rvu")
    public static let createdAt = Column("created_at")
  }

  public init(
    id: Int64? = nil, userId: String, hcpcs: String, description: String,
    workRVU: FixedDecimal, createdAt: Instant
  ) {
    self.id = id
    self.userId = userId
    self.hcpcs = hcpcs
    self.description = description
    self.workRVU = workRVU
    self.createdAt = createdAt
  }

  public init(row: Row) throws {
    id = row[Columns.id]
    userId = row[Columns.userId]
    hcpcs = row[Columns.hcpcs]
    description = row[Columns.description]
    workRVU = row[Columns.workRVU]
    createdAt = row[Columns.createdAt]
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.userId] = userId
    container[Columns.hcpcs] = hcpcs
    container[Columns.description] = description
    container[Columns.workRVU] = workRVU
    container[Columns.createdAt] = createdAt
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension CustomCode: UserOwned {
  static var ownerColumn: Column { Columns.userId }
}
