import AnalyticsCore
import GRDB
import Storage

/// A patient visit (encounter) logged by a user, with its procedures.
///
/// Read and written through `init(row:)` and `encode(to:)` rather than `Codable`: its instants
/// are stored as INTEGER milliseconds, which `Instant` reads as a database value.
public struct Visit: Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "visit"

  public var id: Int64?
  public var userId: String
  public var date: LocalDate
  /// The time of day, `HH:MM:SS`, when given.
  public var time: String?
  public var notes: String?
  /// Whether the patient did not show up (counts as a no-show, never as an encounter).
  public var isNoShow: Bool
  /// Σ work RVU × quantity of its procedures, kept with the visit in the same transaction so that
  /// period totals read one index; 0 for a no-show, which earns nothing (`totalWorkRVU(of:)`).
  public var totalWorkRVU: FixedDecimal
  /// Where the visit took place, for its payment estimate; `nil`: the user's setting.
  public var setting: PracticeSetting?
  public var createdAt: Instant
  public var updatedAt: Instant

  public enum Columns {
    public static let id = Column("id")
    public static let userId = Column("user_id")
    public static let date = Column("date")
    public static let time = Column("time")
    public static let notes = Column("notes")
    public static let isNoShow = Column("is_no_show")
    public static let totalWorkRVU = Column("total_work_rvu")
    public static let setting = Column("setting")
    public static let createdAt = Column("created_at")
    public static let updatedAt = Column("updated_at")
  }

  public init(
    id: Int64? = nil, userId: String, date: LocalDate, time: String? = nil, notes: String? = nil,
    isNoShow: Bool = false, totalWorkRVU: FixedDecimal, setting: PracticeSetting? = nil,
    createdAt: Instant, updatedAt: Instant
  ) {
    self.setting = setting
    self.id = id
    self.userId = userId
    self.date = date
    self.time = time
    self.notes = notes
    self.isNoShow = isNoShow
    self.totalWorkRVU = totalWorkRVU
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  public init(row: Row) throws {
    id = row[Columns.id]
    userId = row[Columns.userId]
    date = row[Columns.date]
    time = row[Columns.time]
    notes = row[Columns.notes]
    isNoShow = row[Columns.isNoShow]
    totalWorkRVU = row[Columns.totalWorkRVU]
    setting = (row[Columns.setting] as String?).flatMap(PracticeSetting.init(rawValue:))
    createdAt = row[Columns.createdAt]
    updatedAt = row[Columns.updatedAt]
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.userId] = userId
    container[Columns.date] = date
    container[Columns.time] = time
    container[Columns.notes] = notes
    container[Columns.isNoShow] = isNoShow
    container[Columns.totalWorkRVU] = totalWorkRVU
    container[Columns.setting] = setting?.rawValue
    container[Columns.createdAt] = createdAt
    container[Columns.updatedAt] = updatedAt
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// A visit's total: Σ work RVU × quantity of its procedures, or 0 for a no-show, whose
  /// procedures (kept as logged, in case it is marked attended later) earn nothing. Every write
  /// (add, update, import) takes its total from here.
  static func totalWorkRVU(of procedures: [Procedure], isNoShow: Bool) -> FixedDecimal {
    isNoShow ? .zero : procedures.map { $0.workRVU * $0.quantity }.sum()
  }
}

extension Visit: UserOwned {
  static var ownerColumn: Column { Columns.userId }
}
