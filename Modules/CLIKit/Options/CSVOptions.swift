import AnalyticsCore
import ArgumentParser
import DataFormats
import Foundation
import Storage

/// How an imported CSV file is written, for what it cannot say itself: `--delimiter` (the byte
/// between its columns) and `--month-first` / `--day-first` (how its slashed dates are read:
/// `2/8/2026` is 8 February month first, 2 August day first). Without either of the last two, a
/// file decides by its first date that reads one way only, and a date that could be either is
/// refused with both readings.
public struct CSVDialectOptions: ParsableArguments, Sendable {
  @Option(
    help: ArgumentHelp(
      "The byte between columns: ',' (default), ';', '|' or tab.", valueName: "separator"),
    transform: CSVDelimiter.init(parsing:))
  var delimiter: CSVDelimiter = .comma

  @Flag(help: "Read slashed dates as M/D/Y (2/8/2026 is 8 February).")
  var monthFirst = false

  @Flag(help: "Read slashed dates as D/M/Y (2/8/2026 is 2 August).")
  var dayFirst = false

  @Flag(help: "Read amounts with a decimal comma: 4,25 and 1.234,50.")
  var decimalComma = false

  public init() {}

  public func validate() throws {
    guard !(monthFirst && dayFirst) else {
      throw ValidationError("give --month-first or --day-first, not both")
    }
  }

  /// The dialect asked for.
  public var dialect: CSVDialect {
    CSVDialect(
      delimiter: delimiter, dateOrder: monthFirst ? .monthFirst : dayFirst ? .dayFirst : nil,
      decimalComma: decimalComma)
  }

  /// `error` with each of its problems that these options mend hinted with the option: a date
  /// read both ways, a header another byte separates, an amount with a decimal comma in one of
  /// `amountFields` (a quantity in `quantityFields`, with up to 3 decimals).
  public static func hinted(
    _ error: TallyError, amountFields: Set<String>, quantityFields: Set<String> = []
  ) -> TallyError {
    func hint(_ problem: TallyError) -> TallyError {
      if let field = problem.field, let value = problem.value,
        amountFields.contains(field) && CSVDialect.looksDecimalComma(value)
          || quantityFields.contains(field) && CSVDialect.looksDecimalComma(value, decimals: 3)
      {
        return problem.hinted("use --decimal-comma")
      }
      if WrittenDateTime.isAmbiguity(problem) {
        return problem.hinted("use --month-first or --day-first")
      }
      if let delimiter = CSVHeader.suggestedDelimiter(in: problem) {
        return problem.hinted("use --delimiter " + (delimiter == .tab ? "tab" : "\(delimiter)"))
      }
      return problem
    }
    var hinted = hint(error)
    hinted.furtherProblems = error.furtherProblems.map(hint)
    return hinted
  }
}

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
