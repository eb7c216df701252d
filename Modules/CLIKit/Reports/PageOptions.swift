import AnalyticsCore
import ArgumentParser
import ReportKit

/// `--format` of a command that also writes a page: the usual table, json or csv, or html or pdf.
public enum PageFormat: String, CaseIterable, ExpressibleByArgument {
  case table, json, csv, html, pdf

  /// The page format, `nil` for the text formats.
  public var page: ReportFormat? { ReportFormat(rawValue: rawValue) }
  /// The text format, `nil` for the page formats.
  public var text: OutputFormat? { OutputFormat(rawValue: rawValue) }
}

/// The global options of a command whose `--format` also takes html and pdf, with `--output`:
/// the same groups as `GlobalOptions` (`--db`, `--as-of`, `--time-zone`, `--wide`) with the wider
/// format, handed on as a `GlobalOptions`.
public struct PageOptions: ParsableArguments {
  public init() {}

  @OptionGroup public var database: DatabaseOption

  /// `nil` when not given: each command has its own default (a table, or a page for `report`).
  @Option(
    help: ArgumentHelp("Output format: table, json, csv, html or pdf.", valueName: "format"))
  public var format: PageFormat?

  @OptionGroup public var days: DayOptions

  @OptionGroup public var width: WideOption

  @Option(
    help: ArgumentHelp(
      "Where an html or pdf page is written (default: standard output; pdf needs a file).",
      valueName: "file"))
  public var output: String?

  public func validate() throws {
    if output != nil, let format, format.page == nil {
      throw ValidationError(
        TallyError.invalid(
          "--output", output ?? "",
          expected: "--format html or pdf (tables, json and csv go to "
            + "standard output)"
        ).description)
    }
  }

  /// For a command that also prints tables, json and csv: without `--format`, a `--output` name
  /// must say which page (`.html`, `.htm`, `.pdf`), since `week.csv` would otherwise get HTML. A
  /// command that only writes pages (`ruck-cli report`) takes any name, as `rvu-cli report` does.
  public func requirePageName() throws {
    if let output, output != "-", format == nil, ReportFormat.named(output) == nil {
      throw ValidationError(
        TallyError.invalid(
          "--output", output,
          expected: "a file ending in .html, .htm or .pdf, or --format html or pdf (tables, json "
            + "and csv go to standard output)"
        ).description)
    }
  }

  /// For a command that only writes pages (`ruck-cli report`, `ruck-cli map`): `--format` may
  /// name html or pdf only.
  public func requirePageFormat() throws {
    if let format, format.page == nil {
      throw ValidationError(
        TallyError.invalid("--format", format.rawValue, expected: "html or pdf").description)
    }
  }

  /// `--format`, else the page a `--output` name ending in `.html`, `.htm` or `.pdf` asks for,
  /// else `nil`: each command's default. `--output week.pdf` alone printed the table and wrote
  /// nothing.
  var chosenFormat: PageFormat? {
    if let format { return format }
    return ReportFormat.named(output).flatMap { PageFormat(rawValue: $0.rawValue) }
  }

  /// The same options as `GlobalOptions`, the text format standing in for a page format.
  public var global: GlobalOptions {
    GlobalOptions(
      database: database, format: chosenFormat?.text ?? .table, days: days, width: width)
  }

  /// The page format asked for, `nil` for a text format or none.
  public var page: ReportFormat? { chosenFormat?.page }

  /// Writes `page` in the chosen page format (html when none was asked for or implied, pdf
  /// through Chromium) to `--output`.
  public func write(_ page: ReportPage) throws {
    try ReportOutput.write(
      html: page.render(), format: self.page ?? .implied(by: output), to: output)
  }
}
