import AnalyticsCore
import GRDB
import Storage

/// A procedure performed at a visit: a point-in-time copy of the code's description, status and
/// work RVU as they were when the visit was logged, and a quantity.
///
/// `userId`, `date` and `isNoShow` repeat the visit's, written in the same transaction, so that
/// per-code analytics read one covering index without a join.
public struct Procedure: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "procedure"

  public var id: Int64?
  public var visitId: Int64
  /// Its position within the visit (0-based, as entered).
  public var position: Int
  public var userId: String
  public var date: LocalDate
  /// Whether the visit was a no-show.
  public var isNoShow: Bool
  public var hcpcs: String
  /// The modifier as entered, or `nil`.
  public var modifier: String?
  /// The description at the time of the visit.
  public var description: String
  /// The status code at the time of the visit.
  public var statusCode: String
  /// The work RVU of one unit credited at the time of the visit: after the modifier and
  /// multiple-procedure rules (`CreditRules`), what analytics sum.
  public var workRVU: FixedDecimal
  /// How many units, 1–1000.
  public var quantity: Int
  /// The work RVU of one unit before those rules; `nil` when no rule had anything to say (and
  /// for visits logged before they were applied).
  public var workRVUUnadjusted: FixedDecimal? = nil
  /// What the rules did (`bilateral 150%; multiple procedure 50%`), or `nil`.
  public var adjustment: String? = nil

  public enum Columns {
    public static let visitId = Column(CodingKeys.visitId)
    public static let position = Column(CodingKeys.position)
    public static let userId = Column(CodingKeys.userId)
    public static let date = Column(CodingKeys.date)
    public static let isNoShow = Column(CodingKeys.isNoShow)
  }

  enum CodingKeys: String, CodingKey {
    case id, position, date, hcpcs, modifier, description, quantity
    case visitId = "visit_id"
    case userId = "user_id"
    case isNoShow = "is_no_show"
    case statusCode = "status_code"
    case workRVU = "work_rvu"
    case workRVUUnadjusted = "work_rvu_unadjusted"
    case adjustment
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension Procedure: UserOwned {
  static var ownerColumn: Column { Columns.userId }
}
