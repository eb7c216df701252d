import AnalyticsCore
import Foundation

/// CSV records read from bytes as they stream in, in `CSVReader`'s dialect (RFC 4180: quoted
/// fields may hold commas, doubled quotes and line breaks; LF or CRLF; a UTF-8 byte order mark
/// skipped), without making a `String` of a field: a record is a list of byte ranges into the
/// current chunk, which the reader of the record turns into exactly the values it needs.
///
/// `CSVReader` makes a `String` of every field of a whole file in memory; the store import reads
/// files of millions of lines, and that was most of its time (issue 13). Memory stays bounded:
/// only the unread part of a chunk and one record are held, and a field longer than its limit
/// is refused as soon as it is seen, before it is held whole.
///
/// A class: the scanning closures would otherwise copy the reader, buffers and all, per record.
public final class CSVStream {
  private let read: () throws -> Data?
  private let fileName: String
  /// The byte between fields (a comma unless the user says otherwise).
  private let delimiter: UInt8
  @usableFromInline var buffer: [UInt8] = []
  /// Where the next record starts in `buffer`.
  private var position = 0
  private var exhausted = false
  private var startedReading = false
  /// The line the next record starts on.
  private var nextLine = 1
  /// The line the current record starts on.
  public private(set) var line = 0
  /// Where a field's bytes are in `buffer`; a quoted one still has its quotes.
  @usableFromInline struct Field {
    @usableFromInline var start: Int
    @usableFromInline var end: Int
    @usableFromInline var quoted: Bool

    @usableFromInline init(start: Int, end: Int, quoted: Bool) {
      self.start = start
      self.end = end
      self.quoted = quoted
    }
  }
  @usableFromInline var fields: [Field] = []
  /// The byte limit of each column by position; columns past the end take `CSVReader.fieldLimit`.
  public var limits: [Int] = []
  /// Column names by position, for errors about a field that is too long.
  public var names: [String] = []

  /// Reads records from the chunks `read` returns (`nil` or empty at the end).
  public init(
    fileName: String, delimiter: CSVDelimiter = .comma, read: @escaping () throws -> Data?
  ) {
    self.fileName = fileName
    self.delimiter = delimiter.byte
    self.read = read
  }

  /// How many fields the current record has.
  @inlinable public var fieldCount: Int { fields.count }

  /// Whether every field of the current record is empty (a blank line or a row of commas).
  @inlinable public var isBlank: Bool { fields.allSatisfy { $0.start == $0.end } }

  /// Where the current record is, for errors.
  public var source: TallyError.Source { TallyError.Source(fileName, line: line) }

  /// Moves to the next record; false at the end of the file.
  ///
  /// - throws: `TallyError` (bad data) for a quoted field that is never closed, too many fields
  ///   or a field longer than its limit, naming the line and column; errors of `read`.
  public func next() throws -> Bool {
    if !startedReading {
      startedReading = true
      while buffer.count < 3, !exhausted { try refill() }
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }
    while true {
      if position == buffer.count, exhausted { return false }
      if try scan(atEnd: exhausted) { return true }
      try refill()
    }
  }

  /// Calls `body` with the bytes of field `index` (unquoted), or empty bytes when the record has
  /// no such field. The bytes are valid only inside `body`. Inlinable: the store's import calls
  /// it for every field of millions of lines, and an unspecialised call from another module (a
  /// closure context and retains per field) made that import a twentieth slower.
  @inlinable public func withField<Result>(
    _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    guard index < fields.count else {
      return try body(UnsafeBufferPointer(start: nil, count: 0))
    }
    let field = fields[index]
    if field.quoted {
      let bytes = unquoted(buffer[field.start..<field.end])
      return try bytes.withUnsafeBufferPointer(body)
    }
    return try buffer.withUnsafeBufferPointer { all in
      try body(UnsafeBufferPointer(rebasing: all[field.start..<field.end]))
    }
  }

  /// The fields of the current record as strings (for the header).
  public var strings: [String] {
    (0..<fieldCount).map { withField($0) { String(decoding: $0, as: UTF8.self) } }
  }

  // MARK: Scanning

  /// Drops what was read and appends the next chunk.
  private func refill() throws {
    guard !exhausted else { return }
    buffer.removeSubrange(0..<position)
    position = 0
    if let chunk = try read(), !chunk.isEmpty {
      buffer.append(contentsOf: chunk)
    } else {
      exhausted = true
    }
  }

  /// The longest record, in bytes: every column has a limit, but a file may have up to
  /// `CSVReader.fieldCountLimit` columns.
  static let recordLimit = 16 << 20

  @usableFromInline static let quote: UInt8 = 0x22
  private static let lineFeed: UInt8 = 0x0A
  private static let carriageReturn: UInt8 = 0x0D

  /// Reads the record at `position` into `fields`; false when the buffer ends first
  /// (unless `atEnd`, where the end of the file ends the record).
  private func scan(atEnd: Bool) throws -> Bool {
    // Fields are gathered in a local array: appending to the class's own would check exclusive
    // access on every field.
    var fields: [Field] = []
    swap(&fields, &self.fields)
    fields.removeAll(keepingCapacity: true)
    defer { swap(&fields, &self.fields) }
    let limits = self.limits
    let fileName = self.fileName
    let names = self.names
    let nextLine = self.nextLine
    let delimiter = self.delimiter
    /// Refuses a field (perhaps still being read) longer than its column's limit. `length`
    /// counts quotes, so it is held against twice the limit (every byte a doubled quote) — a
    /// bound on memory; the reader of the record checks the exact length of what it keeps.
    func check(length: Int, column: Int) throws(TallyError) {
      let limit = column < limits.count ? limits[column] : CSVReader.fieldLimit
      guard length > 2 * limit + 2 else { return }
      let name = column < names.count ? names[column] : "column \(column + 1)"
      throw TallyError.invalid(
        name, "longer than \(limit) bytes", expected: "at most \(limit) bytes",
        source: TallyError.Source(fileName, line: nextLine))
    }
    var lines = 0
    let recordStart = position
    let found: Int? = try buffer.withUnsafeBufferPointer { bytes throws(TallyError) -> Int? in
      let count = bytes.count
      var index = recordStart
      var fieldStart = index
      var fieldQuoted = false
      // What it needs comes in as arguments: a nested function that captured the variables above
      // had every access to them checked for exclusivity at run time, a twelfth of the reading
      // thread's instructions (callgrind).
      func endField(
        _ end: Int, start: Int, quoted: Bool, into fields: inout [Field]
      ) throws(TallyError) {
        var end = end
        if end > start, bytes[end - 1] == Self.carriageReturn,
          end == count || bytes[end] == Self.lineFeed
        {
          end -= 1
        }
        try check(length: end - start, column: fields.count)
        guard fields.count < CSVReader.fieldCountLimit else {
          throw TallyError.refused(
            "more than \(CSVReader.fieldCountLimit) fields in one record: expected fewer",
            source: TallyError.Source(fileName, line: nextLine))
        }
        fields.append(Field(start: start, end: end, quoted: quoted))
      }
      while index < count {
        let byte = bytes[index]
        if byte == delimiter {
          try endField(index, start: fieldStart, quoted: fieldQuoted, into: &fields)
          index += 1
          fieldStart = index
          fieldQuoted = false
        } else if byte == Self.lineFeed {
          try endField(index, start: fieldStart, quoted: fieldQuoted, into: &fields)
          lines += 1
          return index + 1
        } else if byte == Self.quote, index == fieldStart {
          fieldQuoted = true
          index += 1
          while true {
            guard index < count else {
              guard !atEnd else {
                throw TallyError(
                  .badData,
                  .invalid(
                    field: fields.count < names.count ? names[fields.count] : nil,
                    value: "an open quote", expected: "a closing double quote"),
                  source: TallyError.Source(fileName, line: nextLine))
              }
              try check(length: index - fieldStart, column: fields.count)
              return nil
            }
            let inner = bytes[index]
            if inner == Self.quote {
              if index + 1 < count, bytes[index + 1] == Self.quote {
                index += 2
                continue
              }
              if index + 1 == count, !atEnd { return nil }  // `""` may be cut by the chunk
              index += 1
              break
            }
            if inner == Self.lineFeed { lines += 1 }
            index += 1
          }
        } else {
          index += 1
        }
      }
      // The buffer ended inside the record.
      try check(length: index - fieldStart, column: fields.count)
      guard index - recordStart <= Self.recordLimit else {
        throw TallyError.refused(
          "a record longer than \(Self.recordLimit >> 20) MiB: expected shorter records",
          source: TallyError.Source(fileName, line: nextLine))
      }
      guard atEnd else { return nil }
      try endField(index, start: fieldStart, quoted: fieldQuoted, into: &fields)
      return index
    }
    guard let found else { return false }
    position = found
    line = nextLine
    self.nextLine += lines
    return true
  }

  /// A quoted field's text: `""` is one quote; what follows the closing quote is kept, as
  /// `CSVReader` does.
  @usableFromInline func unquoted(_ raw: ArraySlice<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(raw.count)
    var index = raw.startIndex + 1
    var inQuotes = true
    while index < raw.endIndex {
      let byte = raw[index]
      if inQuotes, byte == Self.quote {
        if index + 1 < raw.endIndex, raw[index + 1] == Self.quote {
          result.append(Self.quote)
          index += 2
          continue
        }
        inQuotes = false
      } else {
        result.append(byte)
      }
      index += 1
    }
    return result
  }
}
