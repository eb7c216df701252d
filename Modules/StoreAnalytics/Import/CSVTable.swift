import AnalyticsCore
import DataFormats
import Foundation
import StoreModel

/// A small CSV file read whole through its header (`CSVHeader`): the split files' way to find
/// their columns, name the missing ones and skip blank rows. (Order-line files, which can be
/// millions of lines, stream through `OrderLineCSV`.)
struct CSVTable {
  /// A data row: its line, and its trimmed cells by column name (`nil` when absent or empty).
  struct Row {
    let source: TallyError.Source
    private let record: CSVRecord
    private let header: CSVHeader

    fileprivate init(source: TallyError.Source, record: CSVRecord, header: CSVHeader) {
      self.source = source
      self.record = record
      self.header = header
    }

    subscript(_ column: String) -> String? { header.cell(column, in: record) }

    /// A cell that must have a value.
    ///
    /// - throws: `TallyError` naming the line and column.
    func required(_ column: String) throws -> String {
      guard let value = self[column] else {
        throw TallyError(.badData, .missing(field: column, expected: "a value"), source: source)
      }
      return value
    }
  }

  let rows: [Row]

  /// Reads `data` named `fileName`, whose header must hold the `required` columns and no column
  /// but those and the `optional` ones.
  ///
  /// - throws: `TallyError` (bad data) for an empty file, a missing or unknown column or
  ///   malformed CSV.
  init(_ data: Data, fileName: String, required: [String], optional: [String] = []) throws {
    var iterator = CSVReader(
      data: try TextDecoder.utf8(data, source: TallyError.Source(fileName))
    ).makeIterator()
    func next() throws -> CSVRecord? {
      do { return try iterator.nextRecord() } catch {
        throw TallyError(.badData, .failed("\(error)"), source: TallyError.Source(fileName))
      }
    }
    guard let headerRecord = try next(), !headerRecord.isBlank else {
      throw TallyError(
        .badData,
        .missing(field: "header", expected: "a header with " + required.joined(separator: ", ")),
        source: TallyError.Source(fileName))
    }
    let header = try CSVHeader(
      headerRecord, required: required, optional: optional,
      source: TallyError.Source(fileName, line: headerRecord.line))
    var rows: [Row] = []
    while let record = try next() {
      if record.isBlank { continue }
      try header.refuseValuesPastLastColumn(
        in: record, source: TallyError.Source(fileName, line: record.line))
      rows.append(
        Row(source: TallyError.Source(fileName, line: record.line), record: record, header: header))
    }
    self.rows = rows
  }
}
