import AnalyticsCore

/// A CSV header row that maps column names to positions, so importers can accept columns in any
/// order and name what is missing.
public struct CSVHeader: Sendable {
  /// The column names as written, trimmed.
  public let names: [String]
  private let positions: [String: Int]

  /// Reads a header record; names are matched case-insensitively with surrounding spaces ignored.
  public init(_ record: CSVRecord) {
    names = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
    var positions: [String: Int] = [:]
    for (index, name) in names.enumerated() where positions[name.lowercased()] == nil {
      positions[name.lowercased()] = index
    }
    self.positions = positions
  }

  /// The position of a column, or `nil`.
  public func position(of name: String) -> Int? { positions[name.lowercased()] }

  /// The position of a required column.
  ///
  /// - throws: `TallyError` (bad data) naming the column and the file's header line.
  public func require(_ name: String, line: Int = 1) throws -> Int {
    guard let position = position(of: name) else {
      throw TallyError(
        value: names.joined(separator: ","),
        expected: "a header on line \(line) with a column named \(name)", category: .badData)
    }
    return position
  }
}
