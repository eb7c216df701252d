import AnalyticsCore
import DataFormats
import Foundation
import RVUDomain
import Testing

/// CMS RVU files of other releases and layouts, written here cell by cell: the parser finds the
/// header by its names and reads every kept column by name, wherever it stands.
@Suite("CMS RVU files of any release")
struct CatalogFileTests {
  /// The PPRRVU header of 2025 as two rows: the cell above, the cell of the header row.
  static let above = [
    "", "", "", "STATUS", "MEDICARE ", "WORK", "NON-FAC", "NA", "FACILITY ", "NA", "MP",
    "NON-FACILITY", "FACILITY", "PCTC", "GLOB", "PRE", "INTRA", "POST", "MULT", "BILAT", "ASST",
    "CO-", "TEAM", "ENDO", "CONV", "DIAGNOSTIC", "CALCULATION", "FAMILY", "PAYMENT", "PAYMENT",
    "PAYMENT",
  ]
  static let header = [
    "HCPCS", "MOD", "DESCRIPTION", "CODE", "PAYMENT", "RVU", "PE RVU", "INDICATOR", "PE RVU",
    "INDICATOR", "RVU", "TOTAL", "TOTAL", "IND", "DAYS", "OP", "OP", "OP", "PROC", "SURG", "SURG",
    "SURG", "SURG", "BASE", "FACTOR", "PROCEDURES", "FLAG", "INDICATOR", "AMOUNT", "AMOUNT",
    "AMOUNT",
  ]

  /// A code row in the 2025 layout: work RVU `work`, non-facility PE 1.00, facility PE 0.50,
  /// MP 0.10, totals 2.00 and 1.50, conversion factor 33.4009.
  static func cells(_ code: String, _ description: String, work: String = "1.30") -> [String] {
    [
      code, "", description, "A", "", work, "1.00", "", "0.50", "", "0.10", "2.00", "1.50", "0",
      "XXX", "0.00", "0.00", "0.00", "0", "0", "0", "0", "0", "", "33.4009", "09", "0", "99",
      "0.00", "0.00", "0.00",
    ]
  }

  /// A file: a title row, the two header rows and `rows`, joined by `lineEnd`; a cell holding a
  /// comma is quoted.
  static func file(
    above: [String] = above, header: [String] = header, rows: [[String]],
    lineEnd: String = "\n",
    title: String = "2024 National Physician Fee Schedule Relative "
      + "Value File January Release"
  ) -> String {
    func line(_ cells: [String]) -> String {
      cells.map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ",")
    }
    let titleRow = ",," + title + String(repeating: ",", count: header.count - 3)
    return ([titleRow, line(above), line(header)] + rows.map(line)).joined(separator: lineEnd)
      + lineEnd
  }

  static func parse(_ text: String) throws -> RelativeValueFile {
    try RelativeValueFile(data: Data(text.utf8), fileName: "f.csv")
  }

  @Test("a later layout with PRIC IND after TEAM SURG moves every later column; all read right")
  func pricingIndicatorColumn() throws {
    // Insert the new column after TEAM SURG (index 22): ENDO BASE, CONV FACTOR, … move right.
    func inserted(_ cells: [String], _ value: String) -> [String] {
      var cells = cells
      cells.insert(value, at: 23)
      return cells
    }
    let text = Self.file(
      above: inserted(Self.above, "PRIC"), header: inserted(Self.header, "IND"),
      rows: [inserted(Self.cells("99213", "Office o/p est low 20 min"), "1")])
    let parsed = try Self.parse(text)
    let code = try #require(parsed.codes.first)
    #expect(code.hcpcs == "99213")
    #expect(code.workRVU == rvu("1.30"))
    #expect(code.nonFacilityPracticeExpenseRVU == rvu("1.00"))
    #expect(code.facilityPracticeExpenseRVU == rvu("0.50"))
    #expect(code.malpracticeRVU == rvu("0.10"))
    #expect(code.nonFacilityTotal == rvu("2.00"))
    #expect(code.facilityTotal == rvu("1.50"))
    #expect(code.globalDays == "XXX")
    #expect(code.conversionFactor == "33.4009")
    #expect(parsed.titleYear == 2024)
  }

  @Test("one header row with whole names, in another order, and extra columns")
  func reorderedOneRow() throws {
    let header = [
      "DESCRIPTION", "CONV FACTOR", "HCPCS", "NOTES", "WORK RVU", "MOD", "STATUS CODE",
      "FACILITY PE RVU", "NON-FAC PE RVU", "MP RVU", "FACILITY TOTAL", "NON-FACILITY TOTAL",
      "GLOB DAYS",
    ]
    let row = [
      "Office o/p est mod 30 min", "32.3465", "99214", "x", "1.92", "", "A", "0.81", "1.87",
      "0.13", "2.86", "3.92", "XXX",
    ]
    let parsed = try Self.parse(
      Self.file(above: Array(repeating: "", count: header.count), header: header, rows: [row]))
    let code = try #require(parsed.codes.first)
    #expect(code.hcpcs == "99214")
    #expect(code.description == "Office o/p est mod 30 min")
    #expect(code.workRVU == rvu("1.92"))
    #expect(code.facilityPracticeExpenseRVU == rvu("0.81"))
    #expect(code.nonFacilityPracticeExpenseRVU == rvu("1.87"))
    #expect(code.facilityTotal == rvu("2.86"))
    #expect(code.nonFacilityTotal == rvu("3.92"))
    #expect(code.conversionFactor == "32.3465")
  }

  @Test("rows of empty fields anywhere are skipped; trailing notes end the table quietly")
  func emptyRowsAndNotes() throws {
    let empty = Array(repeating: "", count: 31)
    var note = empty
    note[0] = "CPT codes and descriptions only are copyright 2023 American Medical Association."
    var spaces = empty
    spaces[2] = " "
    let text = Self.file(rows: [
      Self.cells("99212", "Office o/p est sf 10 min", work: "0.70"), empty, spaces,
      Self.cells("99213", "Office o/p est low 20 min"), empty, empty, note, empty,
    ])
    let parsed = try Self.parse(text)
    #expect(parsed.codes.map(\.hcpcs) == ["99212", "99213"])
  }

  @Test("CRLF, a byte order mark and quoted fields with commas and quotes")
  func crlfBOMQuoted() throws {
    let text = Self.file(
      rows: [
        Self.cells("80161", "Asy carbamazepin 10,11-epxid"), Self.cells("99213", "Say \"hi\""),
      ],
      lineEnd: "\r\n")
    // The quote of `Say "hi"` is written doubled inside a quoted field.
    let quoted = text.replacingOccurrences(of: "Say \"hi\"", with: "\"Say \"\"hi\"\"\"")
    let parsed = try RelativeValueFile(
      data: Data([0xEF, 0xBB, 0xBF] + Array(quoted.utf8)), fileName: "f.csv")
    #expect(parsed.codes.map(\.description) == ["Asy carbamazepin 10,11-epxid", "Say \"hi\""])
    #expect(parsed.codes.map(\.conversionFactor) == ["33.4009", "33.4009"])
    #expect(parsed.title?.hasSuffix("January Release") == true)
  }

  @Test("spaces and tabs around cells are ignored; inside a description they stay")
  func paddedCells() throws {
    var row = Self.cells(" 99214\t", "  Office o/p est  mod ")
    row[5] = " 1.92 "
    row[24] = "\t32.3465 "
    let code = try #require(try Self.parse(Self.file(rows: [row])).codes.first)
    #expect(code.hcpcs == "99214")
    #expect(code.description == "Office o/p est  mod")
    #expect(code.workRVU == rvu("1.92"))
    #expect(code.conversionFactor == "32.3465")
  }

  @Test("Windows-1252 bytes are read as such when the file is not UTF-8")
  func windows1252() throws {
    let text = Self.file(rows: [Self.cells("99213", "Caf_ visit")])
    // 0xE9 is é in Windows-1252 and not valid UTF-8 on its own.
    let bytes = Array(text.utf8).map { $0 == UInt8(ascii: "_") ? 0xE9 : $0 }
    let parsed = try RelativeValueFile(data: Data(bytes), fileName: "f.csv")
    #expect(parsed.codes.first?.description == "Café visit")
  }

  @Test("an empty RVU or conversion factor is null; JSON says so")
  func emptyNumbers() throws {
    var row = Self.cells("0001F", "Heart failure composite")
    row[6] = ""  // NON-FAC PE RVU
    row[24] = ""  // CONV FACTOR
    let code = try #require(try Self.parse(Self.file(rows: [row])).codes.first)
    #expect(code.nonFacilityPracticeExpenseRVU == nil)
    #expect(code.facilityPracticeExpenseRVU == rvu("0.50"))
    let object = code.jsonObject
    #expect(object["non_facility_pe_rvu"] == .null)
    #expect(object["conversion_factor"] == .null)
    #expect(object["work_rvu"] == .decimal(rvu("1.30")))
  }

  @Test(
    "text in a numeric column is refused naming line and column",
    arguments: [(5, "WORK RVU", "abc"), (8, "FACILITY PE RVU", "-1.00"), (24, "CONV FACTOR", "x")])
  func textInNumbers(index: Int, column: String, value: String) throws {
    var row = Self.cells("99213", "Office")
    row[index] = value
    // Title line 1, header lines 2 and 3, the good row line 4, the bad row line 5.
    #expect {
      try Self.parse(Self.file(rows: [Self.cells("99212", "Office"), row]))
    } throws: { error in
      let error = error as! TallyError
      return error.category == .badData && error.source?.description == "f.csv line 5"
        && error.field == column && error.value == value
    }
  }

  @Test("a header without a kept column is one error naming it")
  func missingColumn() throws {
    var above = Self.above
    var header = Self.header
    above.remove(at: 24)
    header.remove(at: 24)  // CONV over FACTOR
    var row = Self.cells("99213", "Office")
    row.remove(at: 24)
    #expect {
      try Self.parse(Self.file(above: above, header: header, rows: [row]))
    } throws: { error in
      let error = error as! TallyError
      return error.category == .badData && error.field == "column CONV FACTOR"
        && error.source?.description == "f.csv line 3"
    }
  }

  @Test("files written in other layouts import as a catalog version")
  func imports() throws {
    let store = try RVUStore.inMemory()
    var row = Self.cells("99213", "Office o/p est low 20 min")
    row[6] = ""
    let file = try Self.parse(
      Self.file(rows: [row, Self.cells("99214", "Office o/p est mod 30 min", work: "1.92")]))
    let summary = try store.importCatalog(file, year: nil, source: "f.csv")
    #expect(summary.year == 2024)
    #expect(summary.rowCount == 2)
    #expect(try store.code("99213", catalogYear: 2024).nonFacilityPracticeExpenseRVU == nil)
    #expect(try store.code("99214", catalogYear: 2024).workRVU == rvu("1.92"))
    #expect(
      try store.searchCodes("office visit established", catalogYear: 2024, userId: "u")
        .map(\.hcpcs).sorted() == ["99213", "99214"])
  }
}
