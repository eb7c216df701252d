import AnalyticsCore
import ArgumentParser
import DataFormats

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
