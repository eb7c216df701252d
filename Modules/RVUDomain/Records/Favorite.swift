import Foundation
import GRDB

/// A user's favorite HCPCS code, in the user's order.
public struct Favorite: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The table.
  public static let databaseTableName = "favorite"

  /// The favorite id.
  public var id: Int64?
  /// The user it belongs to.
  public var userId: String
  /// The code.
  public var hcpcs: String
  /// Its place in the user's list: 0…n−1 with no gaps.
  public var sortOrder: Int
  /// When it was added.
  public var createdAt: Date

  /// Column names.
  public enum Columns {
    /// `user_id`.
    public static let userId = Column(CodingKeys.userId)
    /// `hcpcs`.
    public static let hcpcs = Column(CodingKeys.hcpcs)
    /// `sort_order`.
    public static let sortOrder = Column(CodingKeys.sortOrder)
  }

  enum CodingKeys: String, CodingKey {
    case id, hcpcs
    case userId = "user_id"
    case sortOrder = "sort_order"
    case createdAt = "created_at"
  }

  /// Takes the id SQLite assigned.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
