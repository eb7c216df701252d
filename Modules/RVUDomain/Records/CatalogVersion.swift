import AnalyticsCore
import GRDB
import Storage

/// One imported version of the HCPCS catalog (a CMS release, or the bundled starter catalog).
public struct CatalogVersion: Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "catalog_version"

  /// The release's key: the day it took effect as a number `yyyymmdd` (20251001 for CMS's
  /// October 2025 release), so that versions sort by when they took effect and the one in force
  /// on a date of service is the greatest key not after it (CMS's January release and its
  /// quarterly corrections each apply from their own day).
  public var version: Int
  /// The fee-schedule year.
  public var year: Int { version / 10_000 }
  /// The day it took effect.
  public var effectiveOn: LocalDate { Self.day(ofVersion: version) }
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
    public static let version = Column("version")
    public static let title = Column("title")
    public static let source = Column("source")
    public static let importedAt = Column("imported_at")
    public static let rowCount = Column("row_count")
  }

  public init(
    version: Int, title: String, source: String, importedAt: Instant, rowCount: Int
  ) {
    self.version = version
    self.title = title
    self.source = source
    self.importedAt = importedAt
    self.rowCount = rowCount
  }

  public init(row: Row) throws {
    version = row[Columns.version]
    title = row[Columns.title]
    source = row[Columns.source]
    importedAt = row[Columns.importedAt]
    rowCount = row[Columns.rowCount]
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.version] = version
    container[Columns.title] = title
    container[Columns.source] = source
    container[Columns.importedAt] = importedAt
    container[Columns.rowCount] = rowCount
  }

  /// The key of a release that took effect on `day`.
  public static func version(effectiveOn day: LocalDate) -> Int {
    day.year * 10_000 + day.month * 100 + day.day
  }

  /// The day a key names (keys are made by `version(effectiveOn:)`).
  static func day(ofVersion version: Int) -> LocalDate {
    LocalDate(year: version / 10_000, month: version / 100 % 100, day: version % 100)!
  }
}
