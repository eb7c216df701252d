import AnalyticsCore
import GRDB
import Storage

/// Days a user does not work (vacation, conference, leave): left out of the working days a
/// target is paced over (`RVUGoal`).
public struct TimeOff: Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "time_off"

  public var id: Int64?
  public var userId: String
  /// The first and last day off, both included.
  public var from: LocalDate
  public var to: LocalDate
  public var note: String?
  public var createdAt: Instant

  public enum Columns {
    public static let id = Column("id")
    public static let userId = Column("user_id")
    public static let from = Column("first_day")
    public static let to = Column("last_day")
    public static let note = Column("note")
    public static let createdAt = Column("created_at")
  }

  public init(
    id: Int64? = nil, userId: String, from: LocalDate, to: LocalDate, note: String? = nil,
    createdAt: Instant
  ) {
    self.id = id
    self.userId = userId
    self.from = from
    self.to = to
    self.note = note
    self.createdAt = createdAt
  }

  public init(row: Row) throws {
    id = row[Columns.id]
    userId = row[Columns.userId]
    from = row[Columns.from]
    to = row[Columns.to]
    note = row[Columns.note]
    createdAt = row[Columns.createdAt]
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.userId] = userId
    container[Columns.from] = from
    container[Columns.to] = to
    container[Columns.note] = note
    container[Columns.createdAt] = createdAt
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// The working days (Monday to Friday) it takes.
  public var workingDays: Int { RVUGoal.workingDays(from: from, through: to) }
}

extension TimeOff: UserOwned {
  static var ownerColumn: Column { Columns.userId }
}
