import ArgumentParser
import Foundation

/// `--map column='File column'`, repeatable: which of a file's own columns holds one of Tally's,
/// for a spreadsheet or export whose header is not Tally's. Declared once for every CSV importer.
public struct ColumnMapOptions: ParsableArguments, Sendable {
  @Option(
    name: .customLong("map"),
    help: ArgumentHelp(
      "Read a Tally column from a column of the file's own: column='File column' (repeatable).",
      valueName: "column=file column"),
    transform: ColumnMapOptions.pair)
  var pairs: [Pair] = []

  public init() {}

  struct Pair: Sendable {
    let column: String
    let fileColumn: String
  }

  static func pair(_ text: String) throws -> Pair {
    guard let equals = text.firstIndex(of: "=") else {
      throw ValidationError(
        "expected column=file column, as order_id='Order #', not \(text.debugDescription)")
    }
    let column = text[..<equals].trimmingCharacters(in: .whitespaces)
    let fileColumn = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    guard !column.isEmpty, !fileColumn.isEmpty else {
      throw ValidationError(
        "expected column=file column with both names, as order_id='Order #', not "
          + text.debugDescription)
    }
    return Pair(column: column, fileColumn: fileColumn)
  }

  public func validate() throws {
    var seen = Set<String>()
    for pair in pairs where !seen.insert(pair.column).inserted {
      throw ValidationError("--map names \(pair.column) twice; expected each column once")
    }
  }

  /// Tally's column → the file's, as given.
  public var columns: [String: String] {
    Dictionary(pairs.map { ($0.column, $0.fileColumn) }) { $1 }
  }
}
