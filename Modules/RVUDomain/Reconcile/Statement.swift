import AnalyticsCore
import DataFormats
import Foundation

/// An employer's RVU statement as a practice's billing or EHR system exports it: one CSV row per
/// billed line, by day or by month. What the physician checks their own log against
/// (`RVUStore.reconcile`).
///
/// Columns, by header name in any order (a file's own names mapped to these like an import's):
/// `date` (a day) or `month` (`2025-11`, `Nov 2025`, `November 2025`, `11/2025`), `hcpcs`
/// (required), `modifier`, `units` (default 1; negative for a reversal), `work_rvu` (the line's
/// credited work RVUs for all its units). A column of another name is refused with the closest
/// of these.
public struct Statement: Sendable, Equatable {
  /// One billed line.
  public struct Line: Sendable, Equatable {
    public var source: TallyError.Source
    /// The day of service, for a statement by day.
    public var date: LocalDate?
    /// The first day of the month, for a statement by month (and for one by day, the day's).
    public var month: LocalDate
    public var hcpcs: String
    /// Upper-cased; `nil` when empty.
    public var modifier: String?
    public var units: Int
    public var workRVU: FixedDecimal?
  }

  public var lines: [Line]
  /// Whether the file gives days (`date`), else months.
  public var byDay: Bool
  /// Whether it has a `modifier` column: then lines are matched by code and modifier, else by
  /// code alone.
  public var hasModifiers: Bool
  /// Whether it has a `work_rvu` column.
  public var hasWorkRVUs: Bool

  static let columns = ["date", "month", "hcpcs", "modifier", "units", "work_rvu"]
  /// Units of one line: a day's repeats of a code are a handful; thousands is a typing slip.
  static let units = -10_000...10_000
  /// Work RVUs of one line, either way: a year of a surgeon's work fits many times over.
  static let workRVUs = FixedDecimal(hundredths: -10_000_000)...FixedDecimal(hundredths: 10_000_000)

  /// Reads a statement CSV.
  ///
  /// - Parameter columns: Tally's column → the file's own column that holds it.
  /// - throws: `TallyError` (bad data) naming the file, line, column and value of every bad row
  ///   (up to `Problems`' limit), a missing `hcpcs` column, a file with both or neither of
  ///   `date` and `month`, or one without lines.
  public static func parse(
    _ data: Data, fileName: String, dialect: CSVDialect = CSVDialect(),
    columns renamed: [String: String] = [:]
  ) throws -> Statement {
    var problems = Problems()
    let table = try CSVTable(
      data, fileName: fileName, required: ["hcpcs"],
      optional: columns.filter { $0 != "hcpcs" }, renamed: renamed,
      delimiter: dialect.delimiter, problems: &problems)
    let (hasDate, hasMonth) = (table.hasColumn("date"), table.hasColumn("month"))
    guard hasDate != hasMonth else {
      throw TallyError(
        .badData,
        .missing(
          field: hasDate ? "one of date and month" : "date or month",
          expected: hasDate
            ? "a statement by day (date) or by month (month), not both"
            : "a column of the day (date) or month (month) of each line"),
        source: TallyError.Source(fileName))
    }
    let dateOrder =
      dialect.dateOrder
      ?? WrittenDateTime.order(provenBy: table.rows.lazy.map { $0["date"] ?? "" })
    var lines: [Line] = []
    for row in table.rows {
      try problems.collect {
        lines.append(
          try line(
            row, byDay: hasDate, hasWorkRVUs: table.hasColumn("work_rvu"), dialect: dialect,
            dateOrder: dateOrder))
      }
    }
    try problems.check()
    guard !lines.isEmpty else {
      throw TallyError(
        .badData, .missing(field: "lines", expected: "at least one billed line under the header"),
        source: TallyError.Source(fileName))
    }
    return Statement(
      lines: lines, byDay: hasDate, hasModifiers: table.hasColumn("modifier"),
      hasWorkRVUs: table.hasColumn("work_rvu"))
  }

  private static func line(
    _ row: CSVTable.Row, byDay: Bool, hasWorkRVUs: Bool, dialect: CSVDialect,
    dateOrder: DateOrder?
  ) throws -> Line {
    let source = row.source
    func fail(_ column: String, _ value: String, expected: String) -> TallyError {
      .invalid(column, value, expected: expected, source: source)
    }
    let hcpcs = try row.required("hcpcs").uppercased()
    guard hcpcs.count == 5, hcpcs.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else { throw fail("hcpcs", hcpcs, expected: "a five-character HCPCS/CPT code such as 99213") }
    var date: LocalDate?
    let month: LocalDate
    if byDay {
      let text = try row.required("date")
      date = try WrittenDateTime.day(text, order: dateOrder, field: "date", source: source)
      month = LocalDate(year: date!.year, month: date!.month, day: 1)!
    } else {
      let text = try row.required("month")
      guard let read = Self.month(text) else {
        throw fail(
          "month", text, expected: "a month as YYYY-MM (or Nov 2025, November 2025, 11/2025)")
      }
      month = read
    }
    let modifier = row["modifier"].map { $0.uppercased() }
    var units = 1
    if let text = row["units"] {
      guard let value = Int(text), Self.units.contains(value) else {
        throw fail("units", text, expected: "a whole number from -10000 to 10000")
      }
      units = value
    }
    var workRVU: FixedDecimal?
    // A blank cell of a column the file has would read as 0 and show a difference that is
    // not one.
    if hasWorkRVUs, row["work_rvu"] == nil {
      throw TallyError(
        .badData, .missing(field: "work_rvu", expected: "the line's work RVUs, such as 3.14"),
        source: source)
    }
    if let text = row["work_rvu"] {
      guard let value = try? FixedDecimal(parsing: dialect.pointDecimal(text)),
        Self.workRVUs.contains(value)
      else {
        throw fail(
          "work_rvu", text, expected: "a number of work RVUs with at most 2 decimals, such as 3.14")
      }
      workRVU = value
    }
    return Line(
      source: source, date: date, month: month, hcpcs: hcpcs, modifier: modifier, units: units,
      workRVU: workRVU)
  }

  /// The first day of a month written `2025-11`, `2025/11`, `11/2025`, `Nov 2025` or
  /// `November 2025`; `nil` otherwise.
  static func month(_ text: String) -> LocalDate? {
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == " " })
    guard parts.count == 2 else { return nil }
    let (first, second) = (String(parts[0]), String(parts[1]))
    var year: Int?
    var month: Int?
    if first.count == 4, let value = Int(first) {
      (year, month) = (value, second.count <= 2 ? Int(second) : nil)
    } else if second.count == 4, let value = Int(second) {
      year = value
      if let number = Int(first), first.count <= 2 {
        month = number
      } else {
        let name = first.lowercased()
        month = LocalDate.monthNames.firstIndex {
          $0.lowercased() == name || (name.count == 3 && $0.lowercased().hasPrefix(name))
        }.map { $0 + 1 }
      }
    }
    guard let year, let month, (1992...2199).contains(year) else { return nil }
    return LocalDate(year: year, month: month, day: 1)
  }
}
