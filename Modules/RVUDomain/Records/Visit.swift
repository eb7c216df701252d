import AnalyticsCore
import Foundation
import GRDB
import Storage

/// A patient visit (encounter) logged by a user, with its procedures.
public struct Visit: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The table.
  public static let databaseTableName = "visit"

  /// The visit id.
  public var id: Int64?
  /// The user it belongs to.
  public var userId: String
  /// The day of the visit.
  public var date: LocalDate
  /// The time of day, `HH:MM:SS`, when given.
  public var time: String?
  /// Free-text notes.
  public var notes: String?
  /// Whether the patient did not show up (counts as a no-show, never as an encounter).
  public var isNoShow: Bool
  /// Σ work RVU × quantity of its procedures, kept with the visit in the same transaction so that
  /// period totals read one index (0 for a no-show's procedures is not implied: they are summed).
  public var totalWorkRVU: FixedDecimal
  /// When it was first saved.
  public var createdAt: Date
  /// When it was last changed.
  public var updatedAt: Date

  /// Column names.
  public enum Columns {
    /// `user_id`.
    public static let userId = Column(CodingKeys.userId)
    /// `date`.
    public static let date = Column(CodingKeys.date)
  }

  enum CodingKeys: String, CodingKey {
    case id, date, time, notes
    case userId = "user_id"
    case isNoShow = "is_no_show"
    case totalWorkRVU = "total_work_rvu"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
  }

  /// Takes the id SQLite assigned.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
