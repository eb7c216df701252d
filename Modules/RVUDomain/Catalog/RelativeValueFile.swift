import AnalyticsCore
import DataFormats
import Foundation

/// A parsed CMS Physician Fee Schedule RVU file ("PPRRVU" CSV).
///
/// The file starts with title rows, then a header row starting `HCPCS,MOD,DESCRIPTION`, then one
/// row per code+modifier. Column names repeat (`PE RVU`, `INDICATOR`, `TOTAL` twice), so columns
/// are read by position once the header has been checked.
public struct RelativeValueFile: Sendable {
  /// The title row's text (`2025 National Physician Fee Schedule Relative Value File October
  /// Release`), if found.
  public let title: String?
  /// The year named in the title, if any.
  public let titleYear: Int?
  /// The rows (their `year` is 0 until imported as a version).
  public let codes: [CatalogCode]

  /// Positions of the kept columns, and the header text expected there.
  enum Column: Int, CaseIterable {
    case hcpcs = 0
    case modifier = 1
    case description = 2
    case statusCode = 3
    case workRVU = 5
    case nonFacilityPE = 6
    case facilityPE = 8
    case malpractice = 10
    case nonFacilityTotal = 11
    case facilityTotal = 12
    case globalDays = 14
    case conversionFactor = 24

    var header: String {
      switch self {
      case .hcpcs: return "HCPCS"
      case .modifier: return "MOD"
      case .description: return "DESCRIPTION"
      case .statusCode: return "CODE"
      case .workRVU, .malpractice: return "RVU"
      case .nonFacilityPE, .facilityPE: return "PE RVU"
      case .nonFacilityTotal, .facilityTotal: return "TOTAL"
      case .globalDays: return "DAYS"
      case .conversionFactor: return "FACTOR"
      }
    }

    var name: String {
      switch self {
      case .hcpcs: return "HCPCS"
      case .modifier: return "MOD"
      case .description: return "DESCRIPTION"
      case .statusCode: return "STATUS CODE"
      case .workRVU: return "WORK RVU"
      case .nonFacilityPE: return "NON-FAC PE RVU"
      case .facilityPE: return "FACILITY PE RVU"
      case .malpractice: return "MP RVU"
      case .nonFacilityTotal: return "NON-FACILITY TOTAL"
      case .facilityTotal: return "FACILITY TOTAL"
      case .globalDays: return "GLOB DAYS"
      case .conversionFactor: return "CONV FACTOR"
      }
    }
  }

  /// The number of columns a data row must have.
  static let minimumColumns = Column.conversionFactor.rawValue + 1

  /// Parses the file's bytes.
  ///
  /// - Parameter fileName: used in error messages.
  /// - throws: `TallyError` (bad data) naming the line: no header row, a header that is not the
  ///   PPRRVU layout, a short row, an empty code, or a value that is not a number.
  public init(data: Data, fileName: String) throws {
    var iterator = CSVReader(data: data).makeIterator()
    var title: String?
    var titleYear: Int?
    var headerFound = false
    var codes: [CatalogCode] = []
    codes.reserveCapacity(20_000)
    var seen: [String: Int] = [:]
    while let record = try Self.next(&iterator, fileName) {
      if !headerFound {
        let fields = record.fields.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        if fields.count >= 3, fields[0] == "HCPCS", fields[1] == "MOD", fields[2] == "DESCRIPTION" {
          try Self.checkHeader(fields, line: record.line, fileName: fileName)
          headerFound = true
        } else if title == nil, let found = Self.title(in: record.fields) {
          (title, titleYear) = found
        }
        continue
      }
      if record.isBlank { continue }
      let code = try Self.code(from: record, fileName: fileName)
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
    guard headerFound else {
      throw Self.badFile(
        fileName, line: 1,
        "no header row starting HCPCS,MOD,DESCRIPTION: expected a CMS PPRRVU file")
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

  static func checkHeader(_ fields: [String], line: Int, fileName: String) throws {
    for column in Column.allCases {
      guard column.rawValue < fields.count, fields[column.rawValue] == column.header else {
        throw badFile(
          fileName, line: line,
          "column \(column.rawValue + 1) of the header should read \(column.header) "
            + "(\(column.name)): expected the CMS PPRRVU layout")
      }
    }
  }

  static func code(from record: CSVRecord, fileName: String) throws -> CatalogCode {
    let fields = record.fields
    guard fields.count >= minimumColumns else {
      throw badFile(
        fileName, line: record.line,
        "the row has \(fields.count) columns: expected at least \(minimumColumns)")
    }
    func text(_ column: Column) -> String {
      fields[column.rawValue].trimmingCharacters(in: .whitespaces)
    }
    func amount(_ column: Column) throws -> FixedDecimal {
      let value = text(column)
      guard let amount = try? FixedDecimal(parsing: value) else {
        throw badFile(
          fileName, line: record.line,
          "\(column.name) is \"\(value)\": expected a number with at most 2 decimals")
      }
      return amount
    }
    let hcpcs = text(.hcpcs).uppercased()
    guard !hcpcs.isEmpty else {
      throw badFile(fileName, line: record.line, "the HCPCS code is empty")
    }
    let factor = text(.conversionFactor)
    guard Double(factor) != nil else {
      throw badFile(
        fileName, line: record.line,
        "CONV FACTOR is \"\(factor)\": expected a number such as 32.3465")
    }
    let modifier = text(.modifier).uppercased()
    return CatalogCode(
      year: 0, hcpcs: hcpcs, modifier: modifier.isEmpty ? nil : modifier,
      description: text(.description), statusCode: text(.statusCode),
      workRVU: try amount(.workRVU), nonFacilityPracticeExpenseRVU: try amount(.nonFacilityPE),
      facilityPracticeExpenseRVU: try amount(.facilityPE), malpracticeRVU: try amount(.malpractice),
      nonFacilityTotal: try amount(.nonFacilityTotal), facilityTotal: try amount(.facilityTotal),
      globalDays: text(.globalDays), conversionFactor: factor)
  }

  /// A refusal at `line` of the file.
  static func badFile(_ fileName: String, line: Int, _ problem: String) -> TallyError {
    .refused(problem, source: TallyError.Source(fileName, line: line))
  }
}
