import AnalyticsCore
import DataFormats
import Foundation

/// A parsed CMS Physician Fee Schedule RVU file ("PPRRVU" CSV), of any release.
///
/// CMS changes the layout between years (a January release ends with a row of empty fields,
/// later ones insert a `PRIC IND` column after `TEAM SURG`), so nothing is read by position: the
/// header is the row naming `HCPCS` and `DESCRIPTION`, each column's name is its header cell with
/// the cell of the row above (`WORK` over `RVU` is `WORK RVU`, `NON-FAC` over `PE RVU` is
/// `NON-FAC PE RVU`, which tells the repeated `PE RVU`, `INDICATOR` and `TOTAL` apart), and every
/// kept column is looked up by that name. Extra and reordered columns are fine.
public struct RelativeValueFile: Sendable {
  /// The title row's text (`2025 National Physician Fee Schedule Relative Value File October
  /// Release`), if found.
  public let title: String?
  /// The month the release the title names takes effect (`October Release`: 10; CMS releases
  /// in January, April, July and October), if it names one.
  public var titleReleaseMonth: Int? {
    guard let title = title?.lowercased() else { return nil }
    let months = [
      "january", "february", "march", "april", "may", "june", "july", "august", "september",
      "october", "november", "december",
    ]
    return months.firstIndex { title.contains($0 + " release") }.map { $0 + 1 }
  }
  /// The year named in the title, if any.
  public let titleYear: Int?
  /// The rows (their `version` is 0 until imported as one).
  public let codes: [CatalogCode]

  /// The kept columns, by their combined header names.
  enum Column: String, CaseIterable {
    case hcpcs = "HCPCS"
    case modifier = "MOD"
    case description = "DESCRIPTION"
    case statusCode = "STATUS CODE"
    case workRVU = "WORK RVU"
    case nonFacilityPE = "NON-FAC PE RVU"
    case facilityPE = "FACILITY PE RVU"
    case malpractice = "MP RVU"
    case nonFacilityTotal = "NON-FACILITY TOTAL"
    case facilityTotal = "FACILITY TOTAL"
    case globalDays = "GLOB DAYS"
    case conversionFactor = "CONV FACTOR"
    // The payment policy indicators: read when the file has all six (every CMS release does).
    case multipleProcedure = "MULT PROC"
    case bilateralSurgery = "BILAT SURG"
    case assistantAtSurgery = "ASST SURG"
    case coSurgeons = "CO- SURG"
    case teamSurgery = "TEAM SURG"
    case endoscopicBase = "ENDO BASE"

    /// The indicator columns, which a file may leave out together.
    static let indicators: [Column] = [
      .multipleProcedure, .bilateralSurgery, .assistantAtSurgery, .coSurgeons, .teamSurgery,
      .endoscopicBase,
    ]

    /// The columns that hold RVUs (hundredths).
    static let amounts: [Column] = [
      .workRVU, .nonFacilityPE, .facilityPE, .malpractice, .nonFacilityTotal, .facilityTotal,
    ]
  }

  /// The conversion factor's plausible range in dollars: it has stayed between 30 and 40 since
  /// the fee schedule began, so this refuses a misread column while allowing any future year.
  static let conversionFactors = 1.0...1000.0

  /// Parses the file's bytes, decoded as every importer's (`TextDecoder`: CMS's older files are
  /// Windows-1252); LF or CRLF; quoted fields.
  ///
  /// - Parameter fileName: used in error messages.
  /// - throws: `TallyError` (bad data) naming the line: no header row, a header without a kept
  ///   column (named), an empty code, a value that is not a number (naming the column), a code
  ///   and modifier listed twice.
  public init(data: Data, fileName: String) throws {
    var iterator = CSVReader(data: try TextDecoder.utf8(data, source: .init(fileName)))
      .makeIterator()
    var title: String?
    var titleYear: Int?
    var above: CSVRecord?
    var columns: [Column: Int]?
    var codes: [CatalogCode] = []
    codes.reserveCapacity(20_000)
    var seen: [String: Int] = [:]
    while let record = try Self.next(&iterator, fileName) {
      // Rows of empty fields (`,,,,`, `,, ,`) may stand anywhere: before, inside, after.
      if record.fields.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { continue }
      guard let columns else {
        if Self.isHeader(record) {
          columns = try Self.columns(header: record, above: above, fileName: fileName)
        } else {
          if title == nil, let found = Self.title(in: record.fields) { (title, titleYear) = found }
          above = record
        }
        continue
      }
      // Text after the last code (a note, a copyright line) ends the table.
      if Self.isNote(record, columns) { break }
      let code = try Self.code(from: record, columns, fileName: fileName)
      // A code and modifier appear once in a release; a repeated row would otherwise reach the
      // database's unique index as an I/O error instead of naming the line.
      if let first = seen.updateValue(
        record.line, forKey: code.hcpcs + "\u{0}" + (code.modifier ?? ""))
      {
        throw Self.badFile(
          fileName, line: record.line,
          "\(code.hcpcs)\(code.modifier.map { " " + $0 } ?? "") is listed again (first on line \(first)): expected each code and modifier once"
        )
      }
      codes.append(code)
    }
    guard columns != nil else {
      throw Self.badFile(
        fileName, line: 1,
        "no header row naming HCPCS and DESCRIPTION: expected a CMS PPRRVU file")
    }
    guard !codes.isEmpty else {
      throw Self.badFile(fileName, line: 1, "no code rows after the header")
    }
    self.title = title
    self.titleYear = titleYear
    self.codes = codes
  }

  private static func next(_ iterator: inout CSVReader.Iterator, _ fileName: String) throws
    -> CSVRecord?
  {
    do {
      return try iterator.nextRecord()
    } catch var error as TallyError {
      error.category = .badData
      throw error.source == nil ? error.at(TallyError.Source(fileName)) : error
    }
  }

  /// A cell's text, uppercased, with runs of spaces made one.
  static func name(_ cell: String) -> String {
    cell.split(whereSeparator: \.isWhitespace).joined(separator: " ").uppercased()
  }

  /// Whether a row is the header: it names the code and description columns.
  static func isHeader(_ record: CSVRecord) -> Bool {
    let names = Set(record.fields.map(name))
    return names.contains(Column.hcpcs.rawValue) && names.contains(Column.description.rawValue)
  }

  /// The position of every kept column: by the name the header cell makes with the cell above it
  /// (`CONV` over `FACTOR`), else by the header cell alone (a one-row header that spells the
  /// whole name, `WORK RVU`).
  ///
  /// - throws: `TallyError` naming the first kept column the header lacks.
  static func columns(header: CSVRecord, above: CSVRecord?, fileName: String) throws
    -> [Column: Int]
  {
    let combined = header.fields.indices.map { index in
      let upper = above.flatMap { index < $0.fields.count ? name($0.fields[index]) : nil } ?? ""
      return [upper, name(header.fields[index])].filter { !$0.isEmpty }.joined(separator: " ")
    }
    let twoRows = CSVHeader(CSVRecord(line: header.line, fields: combined))
    let oneRow = CSVHeader(CSVRecord(line: header.line, fields: header.fields.map(name)))
    var positions: [Column: Int] = [:]
    for column in Column.allCases {
      guard
        let position = twoRows.position(of: column.rawValue) ?? oneRow.position(of: column.rawValue)
      else {
        if Column.indicators.contains(column) { continue }
        throw TallyError(
          .badData,
          .missing(
            field: "column " + column.rawValue,
            expected:
              "a header naming it, as in the CMS PPRRVU layout (two header rows read together)"),
          source: TallyError.Source(fileName, line: header.line))
      }
      positions[column] = position
    }
    // Indicators are read all together or not at all.
    if !Column.indicators.allSatisfy({ positions[$0] != nil }) {
      for column in Column.indicators { positions[column] = nil }
    }
    return positions
  }

  /// The title text and its year, from a row such as
  /// `,,2025 National Physician Fee Schedule Relative Value File October Release`.
  static func title(in fields: [String]) -> (String, Int?)? {
    for field in fields {
      let text = field.trimmingCharacters(in: .whitespaces)
      guard text.range(of: "Physician Fee Schedule", options: .caseInsensitive) != nil else {
        continue
      }
      let digits = text.prefix(4)
      let year = digits.count == 4 && digits.allSatisfy(\.isNumber) ? Int(digits) : nil
      return (text, year)
    }
    return nil
  }

  /// Whether a row after the codes is a note: its code cell is no HCPCS code and it has no
  /// RVU, unlike a code row with a bad value, which is an error.
  static func isNote(_ record: CSVRecord, _ columns: [Column: Int]) -> Bool {
    func cell(_ column: Column) -> String {
      let position = columns[column]!
      return position < record.fields.count
        ? trimmed(record.fields[position]) : ""
    }
    let code = cell(.hcpcs)
    let looksLikeCode =
      code.count == 5 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    return !looksLikeCode && (Column.amounts + [.conversionFactor]).allSatisfy { cell($0).isEmpty }
  }

  static func code(from record: CSVRecord, _ columns: [Column: Int], fileName: String) throws
    -> CatalogCode
  {
    let source = TallyError.Source(fileName, line: record.line)
    // A row cut short (not a cell left empty) has lost its values: refused, not read as empty.
    let needed = columns.values.max()! + 1
    guard record.fields.count >= needed else {
      throw badFile(
        fileName, line: record.line,
        "the row has \(record.fields.count) columns: expected at least \(needed), as the header has"
      )
    }
    func text(_ column: Column) -> String {
      trimmed(record.fields[columns[column]!])
    }
    /// An RVU: `nil` where CMS leaves the cell empty; else within `ProcedureInput.workRVUs`
    /// (a larger number is a misread column, not a value) with at most 2 decimals.
    func amount(_ column: Column) throws -> FixedDecimal? {
      let value = text(column)
      guard !value.isEmpty else { return nil }
      let rvus = ProcedureInput.workRVUs
      guard let amount = try? FixedDecimal(parsing: value), rvus.contains(amount) else {
        throw TallyError.invalid(
          column.rawValue, value,
          expected: "an RVU from \(rvus.lowerBound) to \(rvus.upperBound) with at most 2 decimals",
          source: source)
      }
      return amount
    }
    let hcpcs = text(.hcpcs).uppercased()
    guard !hcpcs.isEmpty else {
      throw TallyError(.badData, .missing(field: "HCPCS", expected: "a code"), source: source)
    }
    let factor = text(.conversionFactor)
    if !factor.isEmpty {
      guard let dollars = Double(factor), conversionFactors.contains(dollars),
        ConversionFactor(factor) != nil
      else {
        throw TallyError.invalid(
          Column.conversionFactor.rawValue, factor,
          expected: "dollars per RVU from 1 to 1000 such as 32.3465", source: source)
      }
    }
    /// An indicator: one digit (CMS writes 0–9).
    func indicator(_ column: Column) throws -> Int {
      let value = text(column)
      guard value.count == 1, let digit = Int(value) else {
        throw TallyError.invalid(
          column.rawValue, value, expected: "one digit from 0 to 9, as CMS writes it",
          source: source)
      }
      return digit
    }
    var indicators: PaymentIndicators?
    if columns[.multipleProcedure] != nil {
      let base = text(.endoscopicBase).uppercased()
      indicators = PaymentIndicators(
        multipleProcedure: try indicator(.multipleProcedure),
        bilateralSurgery: try indicator(.bilateralSurgery),
        assistantAtSurgery: try indicator(.assistantAtSurgery),
        coSurgeons: try indicator(.coSurgeons), teamSurgery: try indicator(.teamSurgery),
        endoscopicBase: base.isEmpty ? nil : base)
    }
    let modifier = text(.modifier).uppercased()
    return CatalogCode(
      version: 0, hcpcs: hcpcs, modifier: modifier.isEmpty ? nil : modifier,
      description: text(.description), statusCode: text(.statusCode),
      workRVU: try amount(.workRVU), nonFacilityPracticeExpenseRVU: try amount(.nonFacilityPE),
      facilityPracticeExpenseRVU: try amount(.facilityPE), malpracticeRVU: try amount(.malpractice),
      nonFacilityTotal: try amount(.nonFacilityTotal), facilityTotal: try amount(.facilityTotal),
      globalDays: text(.globalDays), conversionFactor: factor, indicators: indicators)
  }

  /// `cell` without leading and trailing spaces and tabs. Foundation's `trimmingCharacters`
  /// bridges every string to `NSString`: for the 12 kept cells of 19,000 rows it was most of the
  /// parse (`perf` on the catalog benchmark), this walks the UTF-8 bytes.
  static func trimmed(_ cell: String) -> String {
    let bytes = cell.utf8
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
      let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    if first == bytes.startIndex && bytes.index(after: last) == bytes.endIndex { return cell }
    return String(Substring(bytes[first...last]))
  }

  /// A refusal at `line` of the file.
  static func badFile(_ fileName: String, line: Int, _ problem: String) -> TallyError {
    .refused(problem, source: TallyError.Source(fileName, line: line))
  }
}
