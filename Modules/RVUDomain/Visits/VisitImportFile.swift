import AnalyticsCore
import DataFormats
import Foundation

/// Reads a file of visits to import: a JSON array of visit bodies exactly as the seed's
/// `POST /api/visits` takes them, or a CSV with one row per procedure.
///
/// CSV columns, by header name in any order: `visit` (required: rows with the same value are one
/// visit), `date` (required), `time`, `notes`, `no_show` (`true`/`false`/`1`/`0`/`yes`/`no`),
/// `hcpcs`, `modifier`, `quantity` (default 1), `work_rvu`, `description`, `status_code`. A
/// no-show visit may have a single row with an empty `hcpcs`.
public enum VisitImportFile {
  /// One visit of a file and where it came from, so that a later refusal (an unknown code) can
  /// name the element or line.
  public struct Record: Sendable, Equatable {
    /// `visits.json element 3`, or `visits.csv line 7` (the visit's first row).
    public var source: TallyError.Source
    public var input: VisitInput

    public init(source: TallyError.Source, input: VisitInput) {
      self.source = source
      self.input = input
    }
  }

  /// The visits in `data`, in file order.
  ///
  /// - Parameter fileName: a name ending in `.csv` is read as CSV, anything else as JSON.
  /// - throws: `TallyError` (bad data) whose source names the first bad element or line and
  ///   whose field names its field or column.
  ///   A CSV's dates may be slashed (`2/8/2026`), read in `dateOrder`, else in the order the
  ///   file's first date that reads one way only proves; its times may be `1:30 PM`.
  /// - Parameter columns: Tally's column → the CSV file's own column that holds it.
  public static func parse(
    _ data: Data, fileName: String, dialect: CSVDialect = CSVDialect(),
    columns: [String: String] = [:]
  ) throws -> [Record] {
    let data = try TextDecoder.utf8(data, source: TallyError.Source(fileName))
    guard fileName.lowercased().hasSuffix(".csv") else {
      guard columns.isEmpty else {
        throw TallyError(
          .badData,
          .invalid(
            field: nil, value: "a column mapping for JSON",
            expected: "a mapping for a CSV file; JSON has Tally's own keys"),
          source: TallyError.Source(fileName))
      }
      return try parseJSON(data, fileName: fileName)
    }
    return try parseCSV(data, fileName: fileName, dialect: dialect, columns: columns)
  }

  // MARK: JSON

  /// A visit body as the seed's API takes it.
  private struct VisitBody: Decodable {
    let date: String
    let time: String?
    let notes: String?
    let isNoShow: Bool?
    let procedures: [ProcedureBody]?
    /// The place of service (`facility`, `non-facility`); `null` or absent: the user's.
    let setting: String?

    enum CodingKeys: String, CodingKey {
      case date, time, notes, procedures, setting
      case isNoShow = "is_no_show"
    }
  }

  /// A procedure body; `work_rvu` may be a number or a decimal string.
  private struct ProcedureBody: Decodable {
    let hcpcs: String
    let modifier: String?
    let description: String?
    let statusCode: String?
    let workRVU: Amount?
    /// An export's work RVU before the credit rules, which apply again on import: taken as the
    /// procedure's work RVU when present (else `work_rvu`, already reduced, would be reduced
    /// twice).
    let workRVUUnadjusted: Amount?
    /// Whether `work_rvu` was sent as `null`: refused, as the RVU backend refuses it (400 naming
    /// `work_rvu`), where leaving the key out means the catalog's.
    let workRVUIsNull: Bool
    let quantity: Int?

    enum CodingKeys: String, CodingKey {
      case hcpcs, modifier, description, quantity
      case statusCode = "status_code"
      case workRVU = "work_rvu"
      case workRVUUnadjusted = "work_rvu_unadjusted"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      hcpcs = try container.decode(String.self, forKey: .hcpcs)
      modifier = try container.decodeIfPresent(String.self, forKey: .modifier)
      description = try container.decodeIfPresent(String.self, forKey: .description)
      statusCode = try container.decodeIfPresent(String.self, forKey: .statusCode)
      workRVUIsNull = try container.contains(.workRVU) && container.decodeNil(forKey: .workRVU)
      workRVU = try container.decodeIfPresent(Amount.self, forKey: .workRVU)
      workRVUUnadjusted = try container.decodeIfPresent(Amount.self, forKey: .workRVUUnadjusted)
      quantity = try container.decodeIfPresent(Int.self, forKey: .quantity)
    }
  }

  /// A JSON number or string read as an exact amount with at most two decimals.
  private struct Amount: Decodable {
    let value: FixedDecimal

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text: String
      if let number = try? container.decode(Decimal.self) {
        text = "\(number)"
      } else {
        text = try container.decode(String.self)
      }
      guard let value = try? FixedDecimal(parsing: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "\(text) is not a number with at most 2 decimals")
      }
      self.value = value
    }
  }

  /// The keys of a visit body and its procedures. A visit as the CLI's JSON list writes
  /// it also has the keys Tally assigns (`id`, `user_id`, `total_work_rvu`, `created_at`,
  /// `updated_at`; a procedure's `id` and `visit_id`): they are read so that an export imports
  /// back, and made anew, as for a body the API takes.
  static let jsonKeys = KnownKeys(
    ["date", "time", "notes", "is_no_show", "procedures", "setting"]
      + ["id", "user_id", "total_work_rvu", "created_at", "updated_at", "estimated_payment"],
    nested: [
      "procedures": KnownKeys([
        "hcpcs", "modifier", "description", "status_code", "work_rvu", "quantity", "id",
        "visit_id", "work_rvu_unadjusted", "adjustment",
      ])
    ])

  static func parseJSON(_ data: Data, fileName: String) throws -> [Record] {
    try jsonKeys.refuseUnknown(
      in: data, source: TallyError.Source(fileName), element: { element($0, of: fileName) })
    let bodies: [VisitBody]
    do {
      bodies = try JSONDecoder().decode([VisitBody].self, from: data)
    } catch let error as DecodingError {
      throw describe(error, fileName: fileName)
    } catch {
      throw TallyError.refused(
        "not JSON: expected a JSON array of visits", source: TallyError.Source(fileName))
    }
    var problems = Problems()
    let records = try bodies.enumerated().compactMap { index, body in
      try problems.collect { try record(body, source: element(index, of: fileName)) }
    }
    try problems.check()
    return records
  }

  /// One visit body as a record.
  private static func record(_ body: VisitBody, source: TallyError.Source) throws -> Record {
    func fail(_ field: String, _ value: String, _ error: any Error) -> TallyError {
      let expected = (error as? TallyError)?.expected ?? "\(error)"
      return .invalid(field, value, expected: expected, source: source)
    }
    let date: LocalDate
    do { date = try LocalDate(parsing: body.date) } catch {
      throw fail("date", body.date, error)
    }
    var time: TimeOfDay?
    if let text = body.time, !text.isEmpty {
      do { time = try TimeOfDay(parsing: text) } catch { throw fail("time", text, error) }
    }
    let procedures = try (body.procedures ?? []).enumerated().map { position, item in
      let path = "procedures[\(position)]"
      guard !item.workRVUIsNull else {
        throw TallyError.invalid(
          path + ".work_rvu", "null",
          expected: "a work RVU such as 1.30 (leave work_rvu out to use the catalog's)",
          source: source)
      }
      do {
        let quantity = try ProcedureInput.checkQuantity(String(item.quantity ?? 1))
        var input = try ProcedureInput(
          hcpcs: item.hcpcs, modifier: item.modifier, quantity: quantity,
          workRVU: (item.workRVUUnadjusted ?? item.workRVU)?.value, description: item.description,
          statusCode: item.statusCode)
        if item.workRVUUnadjusted != nil { input.fileCredit = item.workRVU?.value }
        return input
      } catch var error as TallyError {
        error.category = .badData
        if case .invalid(let field, let value, let expected) = error.cause {
          error.cause = .invalid(
            field: path + "." + (field ?? "hcpcs"), value: value, expected: expected)
        }
        throw error.at(source)
      }
    }
    var setting: PracticeSetting?
    if let text = body.setting {
      do { setting = try PracticeSetting(parsing: text) } catch {
        throw fail("setting", text, error)
      }
    }
    return Record(
      source: source,
      input: VisitInput(
        date: date, time: time, notes: body.notes, isNoShow: body.isNoShow ?? false,
        procedures: procedures, setting: setting))
  }

  /// `visits.json element 3`: JSON has no useful line, so the source names the array element.
  private static func element(_ index: Int, of fileName: String) -> TallyError.Source {
    TallyError.Source("\(fileName) element \(index + 1)")
  }

  /// The element and field (`procedures[0].quantity`) a decoding error's path points at.
  private static func describe(_ error: DecodingError, fileName: String) -> TallyError {
    let (path, problem): ([any CodingKey], String)
    var isMissing = false
    switch error {
    case .typeMismatch(let type, let context):
      path = context.codingPath
      problem = type == Int.self ? "a whole number" : "a \(type)".lowercased()
    case .valueNotFound(_, let context):
      path = context.codingPath
      problem = "a value"
      isMissing = true
    case .keyNotFound(let key, let context):
      path = context.codingPath + [key]
      problem = "a value"
      isMissing = true
    case .dataCorrupted(let context):
      path = context.codingPath
      problem = context.debugDescription
    @unknown default:
      return .refused("not a valid visits file", source: TallyError.Source(fileName))
    }
    guard let index = path.first?.intValue else {
      return .refused(
        "expected a JSON array of visits (\(problem))", source: TallyError.Source(fileName))
    }
    let field = CodingPathText.text(Array(path.dropFirst()))
    let source = element(index, of: fileName)
    if field.isEmpty {
      return .refused("expected an object with date and procedures (\(problem))", source: source)
    }
    if isMissing {
      return TallyError(.badData, .missing(field: field, expected: problem), source: source)
    }
    return .refused("\(field): expected \(problem)", source: source)
  }

  // MARK: CSV

  /// The CSV columns besides `visit` and `date`.
  static let csvOptionalColumns = [
    "time", "notes", "no_show", "setting", "hcpcs", "modifier", "quantity", "work_rvu",
    "work_rvu_unadjusted", "description", "status_code",
  ]

  /// Every CSV column, in the order an export writes them.
  public static let csvColumns = ["visit", "date"] + csvOptionalColumns

  static func parseCSV(
    _ data: Data, fileName: String, dialect: CSVDialect = CSVDialect(),
    columns: [String: String] = [:]
  )
    throws -> [Record]
  {
    var problems = Problems()
    let table = try CSVTable(
      data, fileName: fileName, required: ["visit", "date"], optional: csvOptionalColumns,
      renamed: columns, delimiter: dialect.delimiter, problems: &problems)
    var order: [String] = []
    var visits: [String: Record] = [:]
    let dateOrder =
      dialect.dateOrder
      ?? WrittenDateTime.order(provenBy: table.rows.lazy.map { $0["date"] ?? "" })
    for row in table.rows {
      try problems.collect {
        try readRow(row, dialect: dialect, dateOrder: dateOrder, order: &order, visits: &visits)
      }
    }
    try problems.check()
    return order.map { visits[$0]! }
  }

  /// One CSV row: a visit's first row, or a further procedure of a visit read before.
  private static func readRow(
    _ row: CSVTable.Row, dialect: CSVDialect, dateOrder: DateOrder?, order: inout [String],
    visits: inout [String: Record]
  ) throws {
    let source = row.source
    func cell(_ name: String) -> String? { row[name] }
    func fail(_ column: String, _ value: String, expected: String) -> TallyError {
      .invalid(column, value, expected: expected, source: source)
    }
    func missing(_ column: String, expected: String) -> TallyError {
      TallyError(.badData, .missing(field: column, expected: expected), source: source)
    }
    guard let key = cell("visit") else {
      throw missing("visit", expected: "a value naming the visit")
    }
    guard let dateText = cell("date") else {
      throw missing("date", expected: "YYYY-MM-DD")
    }
    let date = try WrittenDateTime.day(
      dateText, order: dateOrder, field: "date", source: source)
    var time: TimeOfDay?
    if let text = cell("time") {
      guard let (read, milliseconds) = WrittenDateTime.readTime(text), milliseconds == 0 else {
        throw fail("time", text, expected: "a time of day as HH:MM (or 1:30 PM)")
      }
      time = read
    }
    var isNoShow = false
    if let text = cell("no_show") {
      switch text.lowercased() {
      case "true", "1", "yes": isNoShow = true
      case "false", "0", "no": isNoShow = false
      default: throw fail("no_show", text, expected: "true or false")
      }
    }
    var setting: PracticeSetting?
    if let text = cell("setting") {
      do { setting = try PracticeSetting(parsing: text) } catch {
        throw fail("setting", text, expected: "facility or non-facility")
      }
    }
    var procedures: [ProcedureInput] = []
    if let hcpcs = cell("hcpcs") {
      do {
        func amount(_ column: String) throws -> FixedDecimal? {
          try cell(column).map { text in
            do { return try ProcedureInput.parseWorkRVU(dialect.pointDecimal(text)) } catch var
              error as TallyError
            {
              // Echoed as the file has it, not with its marks swapped, in its own column.
              if case .invalid(_, _, let expected) = error.cause {
                error.cause = .invalid(field: column, value: text, expected: expected)
              }
              throw error
            }
          }
        }
        let workRVU = try amount("work_rvu")
        // An export's work RVU before the credit rules, which apply again on import (as in
        // JSON): `work_rvu` is then checked against the rules' credit.
        let unadjusted = try amount("work_rvu_unadjusted")
        let quantity = try ProcedureInput.checkQuantity(cell("quantity") ?? "1")
        var input = try ProcedureInput(
          hcpcs: hcpcs, modifier: cell("modifier"), quantity: quantity,
          workRVU: unadjusted ?? workRVU, description: cell("description"),
          statusCode: cell("status_code"))
        if unadjusted != nil { input.fileCredit = workRVU }
        procedures.append(input)
      } catch var error as TallyError {
        error.category = .badData
        throw error.at(source)
      }
    }
    let input = VisitInput(
      date: date, time: time, notes: cell("notes"), isNoShow: isNoShow, procedures: procedures,
      setting: setting)
    if var existing = visits[key] {
      guard existing.input.date == date, existing.input.time == time,
        existing.input.notes == input.notes, existing.input.isNoShow == isNoShow,
        existing.input.setting == setting
      else {
        throw fail(
          "visit", key,
          expected: "rows of one visit that agree on date, time, notes, no_show and setting")
      }
      existing.input.procedures += procedures
      visits[key] = existing
    } else {
      order.append(key)
      visits[key] = Record(source: source, input: input)
    }
  }
}
