import AnalyticsCore
import GRDB
import Storage

/// One imported version of the HCPCS catalog (a CMS release, or the bundled starter catalog).
public struct CatalogVersion: Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "catalog_version"

  /// The fee-schedule year: the key of the version, since CMS publishes one file per year that
  /// later releases of the same year replace.
  public var year: Int
  /// The file's title row (`2025 National Physician Fee Schedule Relative Value File October
  /// Release`), or the starter catalog's name.
  public var title: String
  /// The file name imported, or `starter`.
  public var source: String
  public var importedAt: Instant
  /// How many code+modifier rows it holds.
  public var rowCount: Int

  /// The years a version may have: the fee schedule began in 1992, and two centuries of
  /// releases is far beyond any file a user has.
  public static let years = 1992...2199

  public enum Columns {
    public static let year = Column("year")
    public static let title = Column("title")
    public static let source = Column("source")
    public static let importedAt = Column("imported_at")
    public static let rowCount = Column("row_count")
  }

  public init(year: Int, title: String, source: String, importedAt: Instant, rowCount: Int) {
    self.year = year
    self.title = title
    self.source = source
    self.importedAt = importedAt
    self.rowCount = rowCount
  }

  public init(row: Row) throws {
    year = row[Columns.year]
    title = row[Columns.title]
    source = row[Columns.source]
    importedAt = row[Columns.importedAt]
    rowCount = row[Columns.rowCount]
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.year] = year
    container[Columns.title] = title
    container[Columns.source] = source
    container[Columns.importedAt] = importedAt
    container[Columns.rowCount] = rowCount
  }
}
