import AnalyticsCore
import ArgumentParser

/// `--month-first` / `--day-first`: how an imported file's slashed dates are read (`2/8/2026`
/// is 8 February month first, 2 August day first). Without either, a file decides by its first
/// date that reads one way only, and a date that could be either is refused with both readings.
public struct DateOrderOptions: ParsableArguments, Sendable {
  @Flag(help: "Read slashed dates as M/D/Y (2/8/2026 is 8 February).")
  var monthFirst = false

  @Flag(help: "Read slashed dates as D/M/Y (2/8/2026 is 2 August).")
  var dayFirst = false

  public init() {}

  public func validate() throws {
    guard !(monthFirst && dayFirst) else {
      throw ValidationError("give --month-first or --day-first, not both")
    }
  }

  /// The order asked for, if any.
  public var dateOrder: DateOrder? {
    monthFirst ? .monthFirst : dayFirst ? .dayFirst : nil
  }

  /// `error` with each of its problems that is a date read both ways hinted with these flags.
  public static func hinted(_ error: TallyError) -> TallyError {
    func hint(_ problem: TallyError) -> TallyError {
      problem.expected?.hasSuffix(WrittenDateTime.ambiguityEnding) == true
        ? problem.hinted("use --month-first or --day-first") : problem
    }
    var hinted = hint(error)
    hinted.furtherProblems = error.furtherProblems.map(hint)
    return hinted
  }
}
