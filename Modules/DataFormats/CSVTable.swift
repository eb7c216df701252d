import AnalyticsCore
import Foundation

/// A CSV file read whole through its header (`CSVHeader`): the one way every importer of a small
/// CSV file (the store's split files, visits, ruck sessions) finds its columns by name, names the
/// missing and unknown ones, skips blank rows and refuses a value past the last column. Files of
/// millions of lines stream through `CSVStream` instead.
public struct CSVTable: Sendable {
  /// A data row: its line, and its trimmed cells by column name (`nil` when absent or empty).
  public struct Row: Sendable {
    public let source: TallyError.Source
    private let record: CSVRecord
    private let header: CSVHeader

    fileprivate init(source: TallyError.Source, record: CSVRecord, header: CSVHeader) {
      self.source = source
      self.record = record
      self.header = header
    }

    /// The trimmed cell of a column, by Tally's name (a renamed column reads the file's).
    public subscript(_ column: String) -> String? { header.cell(column, in: record) }

    /// A cell that must have a value.
    ///
    /// - throws: `TallyError` naming the line and column.
    public func required(_ column: String) throws -> String {
      guard let value = self[column] else {
        throw TallyError(.badData, .missing(field: column, expected: "a value"), source: source)
      }
      return value
    }
  }

  /// The data rows, blank ones left out.
  public let rows: [Row]
  private let header: CSVHeader

  /// Whether the file has a column, by Tally's name (a renamed column counts as it).
  public func hasColumn(_ name: String) -> Bool { header.position(of: name) != nil }

  /// Reads `data` named `fileName` (any text encoding `TextDecoder` reads), whose header must
  /// hold the `required` columns and no column but those and the `optional` ones (`renamed`:
  /// Tally's column → the file's, as `CSVHeader` takes it).
  ///
  /// - Parameter problems: where a row with a value past the last column goes (it is left out),
  ///   so that a file's bad rows are all named in one run.
  /// - throws: `TallyError` (bad data) for an empty file, a missing or unknown column or
  ///   malformed CSV.
  public init(
    _ data: Data, fileName: String, required: [String], optional: [String] = [],
    renamed: [String: String] = [:], delimiter: CSVDelimiter = .comma,
    problems: inout Problems
  ) throws {
    var iterator = CSVReader(
      data: try TextDecoder.utf8(data, source: TallyError.Source(fileName)), delimiter: delimiter
    ).makeIterator()
    func next() throws -> CSVRecord? {
      do { return try iterator.nextRecord() } catch var error as TallyError {
        error.category = .badData
        throw error.source == nil ? error.at(TallyError.Source(fileName)) : error
      } catch {
        throw TallyError(.badData, .failed("\(error)"), source: TallyError.Source(fileName))
      }
    }
    let first = try next()
    guard let headerRecord = first, !headerRecord.isBlank else {
      throw TallyError(
        .badData,
        .missing(
          field: "header",
          expected: "a header with " + required.joined(separator: ", ")
            + (first == nil ? " (the file is empty)" : "")),
        source: TallyError.Source(fileName))
    }
    let header = try CSVHeader(
      headerRecord, required: required, optional: optional, renamed: renamed,
      delimiter: delimiter, source: TallyError.Source(fileName, line: headerRecord.line))
    var rows: [Row] = []
    while let record = try next() {
      if record.isBlank { continue }
      let source = TallyError.Source(fileName, line: record.line)
      try problems.collect {
        try header.refuseValuesPastLastColumn(in: record, source: source)
        rows.append(Row(source: source, record: record, header: header))
      }
    }
    self.rows = rows
    self.header = header
  }
}
