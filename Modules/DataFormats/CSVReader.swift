import AnalyticsCore
import Foundation

/// Reads RFC 4180 CSV from bytes: fields separated by commas, records by LF or CRLF, fields in
/// double quotes may hold commas, quotes (doubled) and line breaks. A UTF-8 byte order mark is
/// skipped. Records come out one at a time with the line they start on, so importers can name
/// the line of a bad value.
public struct CSVReader: Sequence {
  private let bytes: [UInt8]
  private let delimiter: UInt8

  /// The longest field, in bytes: far above any name, note or number a file holds, far below
  /// what would let one cell fill memory or a database page chain (a 100 MB item name).
  public static let fieldLimit = 1 << 20

  /// The most fields one record may have: far above any layout Tally reads (CMS files have 31).
  public static let fieldCountLimit = 10_000

  /// A reader over `data`, its fields separated by `delimiter`.
  public init(data: Data, delimiter: CSVDelimiter = .comma) {
    bytes = [UInt8](data)
    self.delimiter = delimiter.byte
  }

  /// A reader over `text`.
  public init(text: String) {
    bytes = Array(text.utf8)
    delimiter = CSVDelimiter.comma.byte
  }

  /// Reads every record.
  ///
  /// - throws: `TallyError` (bad data) naming the line of an unterminated quoted field.
  public func records() throws -> [CSVRecord] {
    var iterator = makeIterator()
    var result: [CSVRecord] = []
    while let record = try iterator.nextRecord() { result.append(record) }
    return result
  }

  /// Iterates records; a malformed record ends the iteration (use `nextRecord()` to see why).
  public func makeIterator() -> Iterator { Iterator(bytes: bytes, delimiter: delimiter) }

  /// Walks the bytes record by record.
  public struct Iterator: IteratorProtocol {
    private let bytes: [UInt8]
    private let delimiter: UInt8
    private var index: Int
    private var line = 1

    init(bytes: [UInt8], delimiter: UInt8) {
      self.bytes = bytes
      self.delimiter = delimiter
      index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The next record, or `nil` at the end (errors end the iteration).
    public mutating func next() -> CSVRecord? { try? nextRecord() }

    /// The next record, or `nil` at the end.
    ///
    /// - throws: `TallyError` when a quoted field is never closed.
    public mutating func nextRecord() throws -> CSVRecord? {
      guard index < bytes.count else { return nil }
      let startLine = line
      var fields: [String] = []
      var field: [UInt8] = []
      var quoted = false
      var fieldWasQuoted = false
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if quoted {
          if byte == 0x22 {
            if index < bytes.count, bytes[index] == 0x22 {
              field.append(0x22)
              index += 1
            } else {
              quoted = false
            }
          } else {
            if byte == 0x0A { line += 1 }
            guard field.count < CSVReader.fieldLimit else {
              throw TallyError.refused(
                "a field longer than \(CSVReader.fieldLimit) bytes: expected shorter fields",
                source: TallyError.Source("CSV", line: startLine))
            }
            field.append(byte)
          }
          continue
        }
        switch byte {
        case 0x22 where field.isEmpty && !fieldWasQuoted:
          quoted = true
          fieldWasQuoted = true
        case delimiter:
          guard fields.count < CSVReader.fieldCountLimit else {
            throw TallyError.refused(
              "more than \(CSVReader.fieldCountLimit) fields in one record: expected fewer",
              source: TallyError.Source("CSV", line: startLine))
          }
          fields.append(String(decoding: field, as: UTF8.self))
          field.removeAll(keepingCapacity: true)
          fieldWasQuoted = false
        case 0x0A:
          line += 1
          if field.last == 0x0D, !fieldWasQuoted { field.removeLast() }
          fields.append(String(decoding: field, as: UTF8.self))
          return CSVRecord(line: startLine, fields: fields)
        case 0x0D where index < bytes.count && bytes[index] == 0x0A:
          continue  // CRLF: the LF ends the record
        default:
          guard field.count < CSVReader.fieldLimit else {
            throw TallyError.refused(
              "a field longer than \(CSVReader.fieldLimit) bytes: expected shorter fields",
              source: TallyError.Source("CSV", line: startLine))
          }
          field.append(byte)
        }
      }
      if quoted {
        throw TallyError(
          value: "line \(startLine)", expected: "a closing double quote for the quoted field",
          category: .badData)
      }
      fields.append(String(decoding: field, as: UTF8.self))
      return CSVRecord(line: startLine, fields: fields)
    }
  }
}

/// One record of a CSV file: its fields and the line it starts on.
public struct CSVRecord: Sendable, Equatable {
  /// The 1-based line number the record starts on (a quoted field may span lines).
  public let line: Int
  /// The fields, unquoted.
  public let fields: [String]

  /// Creates a record.
  public init(line: Int, fields: [String]) {
    self.line = line
    self.fields = fields
  }

  /// Whether every field is empty (a blank line, or a row of commas).
  public var isBlank: Bool { fields.allSatisfy(\.isEmpty) }
}
