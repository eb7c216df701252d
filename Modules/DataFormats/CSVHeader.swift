import AnalyticsCore

/// A CSV header row that maps column names to positions, so importers can accept columns in any
/// order and name what is missing.
public struct CSVHeader: Sendable {
  /// The column names as written, trimmed.
  public let names: [String]
  private var positions: [String: Int]
  /// The columns up to the last one with a name: empty names after it are a spreadsheet's
  /// trailing commas.
  private let namedColumns: Int
  /// Columns without a name before the last named one: their values would be read by nobody.
  private let unnamed: [Int]

  /// Reads a header record; names are matched case-insensitively with surrounding spaces ignored.
  public init(_ record: CSVRecord) {
    let names = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
    let namedColumns = (names.lastIndex { !$0.isEmpty } ?? -1) + 1
    self.names = names
    self.namedColumns = namedColumns
    unnamed = names.indices.filter { $0 < namedColumns && names[$0].isEmpty }
    var positions: [String: Int] = [:]
    for (index, name) in names.enumerated() where positions[name.lowercased()] == nil {
      positions[name.lowercased()] = index
    }
    self.positions = positions
  }

  /// How the refusal of a header whose columns another byte separates names that byte.
  private static let separatorLooksLike = "the separator looks like "

  /// The separator `error` says a header's columns look separated by, if it is that refusal, so
  /// that an app can say how to read the file.
  public static func suggestedDelimiter(in error: TallyError) -> CSVDelimiter? {
    guard error.field == "header", let expected = error.expected,
      let range = expected.range(of: separatorLooksLike)
    else { return nil }
    let named = expected[range.upperBound...].trimmingCharacters(in: ["'"])
    return try? CSVDelimiter(parsing: named)
  }

  /// Reads a file's header and checks it against the columns Tally reads: a column that is not
  /// one of them is refused with the closest known name (a misspelt `Modifer` would otherwise be
  /// skipped and its values lost without a word), and so is a column named twice (one of its
  /// values would be read); then every `required` column must be there.
  /// Empty header cells (a spreadsheet's trailing commas) are not columns.
  ///
  /// - Parameter renamed: Tally's column → the file's column that holds it (a spreadsheet's own
  ///   header); Tally's name then reads that column, and Tally's own name is not one of the file's.
  /// - throws: `TallyError` (bad data) at `source` (the header's line) naming the column.
  public init(
    _ record: CSVRecord, required: [String], optional: [String],
    renamed: [String: String] = [:], delimiter: CSVDelimiter = .comma, source: TallyError.Source
  ) throws {
    self.init(record)
    // A Tally column given that is not one: the command's mistake, not the file's.
    do {
      try KnownNames.refuseUnknown(
        renamed.keys, known: required + optional, kind: .key, source: nil)
    } catch var error as TallyError {
      error.category = .usage
      throw error
    }
    // Each column given is read once, and is in the file: a name mistyped there would otherwise
    // leave the column it stands for unread.
    var given: [String: String] = [:]
    for (column, name) in renamed.sorted(by: { $0.key < $1.key }) {
      if let other = given[name.lowercased()] {
        throw TallyError(
          .badData,
          .invalid(
            field: column, value: name,
            expected: "a column read once (\(TallyError.quote(name)) is \(other) already)"),
          source: source)
      }
      given[name.lowercased()] = column
      guard names.contains(where: { $0.lowercased() == name.lowercased() }) else {
        throw TallyError(
          .badData,
          .missing(
            field: name,
            expected: "the column given for \(column); the file's columns are "
              + names.filter { !$0.isEmpty }.joined(separator: ", ")),
          source: source)
      }
    }
    let fileName = { (column: String) in renamed[column] ?? column }
    let required = required.map(fileName)
    let optional = optional.map(fileName)
    // A spreadsheet in a comma-decimal locale writes ';' (or a tab) between columns: the whole
    // header is then one name. Said as what it is, not as an unknown column.
    let known = Set((required + optional).map { $0.lowercased() })
    for separator in [CSVDelimiter.semicolon, .tab, .comma, .bar]
    where separator != delimiter && names.count == 1 {
      let parts = names[0].split(separator: Character(UnicodeScalar(separator.byte))).map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }
      if parts.count > 1, parts.contains(where: known.contains) {
        throw TallyError(
          .badData,
          .invalid(
            field: "header", value: names[0],
            expected: "columns separated by \(delimiter); " + Self.separatorLooksLike
              + "\(separator)"),
          source: source)
      }
    }
    var seen: [String: Int] = [:]
    for (index, name) in names.enumerated() where !name.isEmpty {
      if let first = seen[name.lowercased()] {
        throw TallyError(
          .badData,
          .invalid(
            field: "column", value: name,
            expected: "each column once (columns \(first + 1) and \(index + 1) are both "
              + "\(TallyError.quote(name)))"),
          source: source)
      }
      seen[name.lowercased()] = index
    }
    try KnownNames.refuseUnknown(
      names.filter { !$0.isEmpty }, known: required + optional, kind: .column, source: source)
    for column in required where position(of: column) == nil {
      throw TallyError(
        .badData,
        .missing(field: column, expected: "the columns " + required.joined(separator: ", ")),
        source: source)
    }
    let filePositions = positions
    for (column, name) in renamed {
      positions[column.lowercased()] = filePositions[name.lowercased()]
    }
  }

  /// The trimmed text of `record`'s cell in column `name`; `nil` when the header has no such
  /// column, the record ends before it, or the cell is empty.
  public func cell(_ name: String, in record: CSVRecord) -> String? {
    guard let position = position(of: name), position < record.fields.count else { return nil }
    let value = record.fields[position].trimmingCharacters(in: .whitespaces)
    return value.isEmpty ? nil : value
  }

  /// Whether a record of `fieldCount` fields may hold a value no column reads, so that
  /// `refuseValuesPastLastColumn` is worth asking (a fast path asks this first).
  public func mayHoldUnreadValues(fieldCount: Int) -> Bool {
    fieldCount > namedColumns || !unnamed.isEmpty
  }

  /// Refuses a record with a value past the header's last named column, or under a column
  /// without a name. An unquoted comma in a value (`4,25` for 4.25, as a spreadsheet in a
  /// comma-decimal locale writes it) moves every later field one column on: read by position,
  /// the row would go in with wrong values and no word — also when the header has a trailing
  /// comma of its own. Empty fields there (a spreadsheet's trailing commas) are fine.
  ///
  /// - Parameters:
  ///   - fieldCount: how many fields the record has.
  ///   - field: the text of field `index`, asked only for the fields no column reads.
  /// - throws: `TallyError` (bad data) naming the first such value.
  public func refuseValuesPastLastColumn(
    fieldCount: Int, field: (Int) -> String, source: TallyError.Source
  ) throws {
    guard mayHoldUnreadValues(fieldCount: fieldCount) else { return }
    for index in unnamed + Array(namedColumns..<max(namedColumns, fieldCount))
    where index < fieldCount {
      let value = field(index).trimmingCharacters(in: .whitespaces)
      guard value.isEmpty else {
        let lastName = names[..<namedColumns].last ?? ""
        throw TallyError(
          .badData,
          .refused(
            (index >= namedColumns
              ? "\(fieldCount) fields where the header has \(namedColumns): "
                + "\(TallyError.quote(value)) is past the last column (\(lastName)); "
              : "\(TallyError.quote(value)) is under column \(index + 1), which has no name; ")
              + "expected a value with a comma in quotes, as in \"4,25\""),
          source: source)
      }
    }
  }

  /// `refuseValuesPastLastColumn(fieldCount:field:source:)` for a record read whole.
  public func refuseValuesPastLastColumn(in record: CSVRecord, source: TallyError.Source) throws {
    try refuseValuesPastLastColumn(
      fieldCount: record.fields.count, field: { record.fields[$0] }, source: source)
  }

  /// The position of a column, or `nil`.
  public func position(of name: String) -> Int? { positions[name.lowercased()] }
}
