import AnalyticsCore
import DataFormats
import Foundation
import Storage

extension CSVDialectOptions {
  /// Reads the CSV file at `path` and hands its bytes, name, these options' dialect and the
  /// column map to a domain's parser; a problem these options mend comes back hinted with the
  /// option (`hinted`). The one way every command that reads a user's CSV file reads it.
  public func read<T>(
    _ path: String, columns: ColumnMapOptions, amountFields: Set<String>,
    _ parse: (Data, String, CSVDialect, [String: String]) throws -> T
  ) throws -> T {
    do {
      return try parse(readFile(path), PathText.name(of: path), dialect, columns.columns)
    } catch let error as TallyError {
      throw Self.hinted(error, amountFields: amountFields)
    }
  }
}

/// Runs `body`, naming a domain's field in a refused value as the option that gave it
/// (`days "0"` → `--days "0"`): the domain names its own fields, never a command's options.
/// `options`: the domain's field → the option's name without `--`.
public func namingOptions<T>(_ options: [String: String], _ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch var error as TallyError {
    if case .invalid(field: let field?, let value, let expected) = error.cause,
      let option = options[field]
    {
      error.cause = .invalid(field: "--" + option, value: value, expected: expected)
    }
    throw error
  }
}
