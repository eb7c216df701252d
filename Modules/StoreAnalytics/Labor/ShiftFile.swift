import AnalyticsCore
import DataFormats
import Foundation
import StoreModel

/// One shift of a shifts file, read but not yet placed in its store's zone.
public struct ShiftInput: Sendable, Equatable {
  public var source: TallyError.Source
  public var storeId: String
  public var employee: String
  public var start: PlacedAt
  public var end: PlacedAt
  public var hourlyWage: FixedDecimal

  public init(
    source: TallyError.Source, storeId: String, employee: String, start: PlacedAt, end: PlacedAt,
    hourlyWage: FixedDecimal
  ) {
    self.source = source
    self.storeId = storeId
    self.employee = employee
    self.start = start
    self.end = end
    self.hourlyWage = hourlyWage
  }
}

/// A shifts CSV as a scheduling or payroll export gives it: `store_id`, `employee`, `start`,
/// `end`, `hourly_wage` (another header read through a column map, as order imports are).
/// Times are read as `placed_at` is: with an offset or `Z` an instant, else a wall-clock time in
/// the store's zone.
public enum ShiftFile {
  public static let columns = ["store_id", "employee", "start", "end", "hourly_wage"]

  /// The most an hour of work is taken to cost: more is a typing error (cents as units).
  static let highestWage = FixedDecimal(hundredths: 100_000)

  /// Reads every row, or refuses the file naming each bad row's line, column and value.
  ///
  /// - throws: `TallyError` (bad data): a missing or unknown column, an empty cell, a time or
  ///   wage that does not read, the same employee starting twice at one store, no rows.
  public static func parse(
    _ data: Data, fileName: String, dialect: CSVDialect = CSVDialect(),
    columns renamed: [String: String] = [:]
  ) throws -> [ShiftInput] {
    var problems = Problems()
    let table = try CSVTable(
      data, fileName: fileName, required: columns, renamed: renamed,
      delimiter: dialect.delimiter, problems: &problems)
    var shifts: [ShiftInput] = []
    var seen: [String: TallyError.Source] = [:]
    for row in table.rows {
      try problems.collect {
        func time(_ field: String) throws -> PlacedAt {
          let text = try row.required(field)
          guard let time = OrderLineFile.parsePlacedAt(text, order: dialect.dateOrder) else {
            throw OrderLineFile.placedAtProblem(
              text, order: dialect.dateOrder, source: row.source, field: field)
          }
          return time
        }
        let storeId = try row.required("store_id")
        let employee = try row.required("employee")
        let (start, end) = (try time("start"), try time("end"))
        let text = try row.required("hourly_wage")
        guard let wage = try? FixedDecimal(parsing: dialect.pointDecimal(text)), wage >= .zero,
          wage <= highestWage
        else {
          throw TallyError.invalid(
            "hourly_wage", text, expected: "an amount from 0 to \(highestWage), such as 16.50",
            source: row.source)
        }
        let key = "\(storeId)\u{0}\(employee)\u{0}\(start)"
        if let first = seen[key] {
          let earlier = first.line.map { "line \($0)" } ?? "an earlier line"
          throw TallyError.invalid(
            "start", try row.required("start"),
            expected: "one shift per employee and start (\(earlier) starts \(employee) then)",
            source: row.source)
        }
        seen[key] = row.source
        shifts.append(
          ShiftInput(
            source: row.source, storeId: storeId, employee: employee, start: start, end: end,
            hourlyWage: wage))
      }
    }
    try problems.check()
    guard !shifts.isEmpty else {
      throw TallyError(
        .badData, .missing(field: "rows", expected: "at least one shift"),
        source: TallyError.Source(fileName))
    }
    return shifts
  }
}
