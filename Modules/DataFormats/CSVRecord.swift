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
