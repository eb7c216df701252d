import Foundation
import GRDB

/// One imported version of the HCPCS catalog (a CMS release, or the bundled starter catalog).
public struct CatalogVersion: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "catalog_version"

  /// The fee-schedule year; the key of the version.
  public var year: Int
  /// The file's title row (`2025 National Physician Fee Schedule Relative Value File October
  /// Release`), or the starter catalog's name.
  public var title: String
  /// The file name imported, or `starter`.
  public var source: String
  /// When it was imported.
  public var importedAt: Date
  /// How many code+modifier rows it holds.
  public var rowCount: Int

  /// Column names.
  public enum Columns {
    /// `year`.
    public static let year = Column(CodingKeys.year)
  }

  enum CodingKeys: String, CodingKey {
    case year, title, source
    case importedAt = "imported_at"
    case rowCount = "row_count"
  }
}
