import Foundation
import GRDB

/// A file imported once: its content hash makes a second import of the same bytes a no-op.
public struct SourceFile: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The table.
  public static let databaseTableName = "source_file"

  /// The id.
  public var id: Int64?
  /// The file name as imported.
  public var name: String
  /// SHA-256 of the bytes.
  public var sha256: String
  /// `gpx`, `tcx`, `csv` or `json`.
  public var format: String
  /// When it was imported.
  public var importedAt: Date

  enum CodingKeys: String, CodingKey {
    case id, name, sha256, format
    case importedAt = "imported_at"
  }

  /// Takes the id SQLite assigned.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
