import AnalyticsCore
import GRDB
import Storage

/// The kinds of file sessions are imported from.
public enum SessionFileFormat: String, Sendable, CaseIterable {
  /// GPS tracks: one session with its track per file.
  case gpx, tcx
  /// Garmin's binary activity files: one session (with its track when it has positions).
  case fit
  /// Sessions without tracks, one per record.
  case csv, json

  /// Whether the file holds a track (else sessions typed in a table).
  public var hasTrack: Bool { self == .gpx || self == .tcx || self == .fit }

  /// The format a file name's extension names, else the one its first bytes look like (a GPX or
  /// TCX saved without its extension); `nil` when neither says.
  public static func of(_ data: some Collection<UInt8>, fileName: String) -> SessionFileFormat? {
    let dot = fileName.lastIndex(of: ".")
    if let dot, let format = SessionFileFormat(rawValue: fileName[dot...].dropFirst().lowercased())
    {
      return format
    }
    // A FIT file says ".FIT" at bytes 8–11 of its header.
    if Array(data.prefix(12).dropFirst(8)) == Array(".FIT".utf8) { return .fit }
    let head = String(decoding: data.prefix(sniffedBytes), as: UTF8.self)
    if head.contains("<gpx") { return .gpx }
    if head.contains("<TrainingCenterDatabase") { return .tcx }
    return nil
  }

  /// How far into a file its root element is looked for: room for an XML declaration, a BOM and
  /// a comment or two before it.
  static let sniffedBytes = 512
}

/// A file imported once (table `source_file`): its content hash makes a second import of the
/// same bytes a no-op.
public struct SourceFile: Sendable, Equatable {
  public var id: Int64?
  /// The file name as imported, shown as a session's source.
  public var name: String
  /// SHA-256 of the bytes, hex.
  public var sha256: String
  public var format: SessionFileFormat
  public var importedAt: Instant
  /// The day a file without times (a planned route) was walked, which makes the same route on
  /// another day a new session; `nil` for a file with times.
  public var plannedDay: LocalDate?

  public enum Columns {
    public static let id = Column("id")
    public static let name = Column("name")
    public static let sha256 = Column("sha256")
    public static let format = Column("format")
    public static let importedAt = Column("imported_at")
    public static let plannedDay = Column("planned_day")
  }
}

extension SourceFile: FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "source_file"

  /// Decodes by column name (`Instant` and the format enum are not Codable-stored).
  public init(row: Row) throws {
    id = row[Columns.id]
    name = row[Columns.name]
    sha256 = row[Columns.sha256]
    let text: String = row[Columns.format]
    guard let format = SessionFileFormat(rawValue: text) else {
      throw TallyError(
        .io,
        .invalid(field: "source_file.format", value: text, expected: "gpx, tcx, fit, csv or json"))
    }
    self.format = format
    importedAt = row[Columns.importedAt]
    plannedDay = row[Columns.plannedDay]
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.name] = name
    container[Columns.sha256] = sha256
    container[Columns.format] = format.rawValue
    container[Columns.importedAt] = importedAt
    container[Columns.plannedDay] = plannedDay
  }

  /// Takes the id SQLite assigned.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension DerivableRequest<SourceFile> {
  /// The file with these bytes (walked on `plannedDay`, for a file without times), if it was
  /// imported before.
  func withContent(_ sha256: String, plannedDay: LocalDate?) -> Self {
    filter(SourceFile.Columns.sha256 == sha256 && SourceFile.Columns.plannedDay == plannedDay)
  }
}
