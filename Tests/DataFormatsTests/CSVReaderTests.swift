import AnalyticsCore
import DataFormats
import Testing

@Suite("CSV reader")
struct CSVReaderTests {
  @Test(
    "RFC 4180 records",
    arguments: [
      ("a,b\n1,2\n", [[["a", "b"], ["1", "2"]]], [1, 2]),
      ("a,b\r\n1,2\r\n", [[["a", "b"], ["1", "2"]]], [1, 2]),
      ("a,b\n1,2", [[["a", "b"], ["1", "2"]]], [1, 2]),  // no final line break
      ("\u{FEFF}a\nx\n", [[["a"], ["x"]]], [1, 2]),  // BOM skipped
      ("\"x, y\",\"say \"\"hi\"\"\"\n", [[["x, y", "say \"hi\""]]], [1]),
      ("\"two\nlines\",z\nnext\n", [[["two\nlines", "z"], ["next"]]], [1, 3]),
      ("a,,\n", [[["a", "", ""]]], [1]),
      ("\"\",b\n", [[["", "b"]]], [1]),
      ("\"cr\r\nlf\",1\r\n", [[["cr\r\nlf", "1"]]], [1]),
      ("", [[]], []),
    ] as [(String, [[[String]]], [Int])])
  func records(text: String, expected: [[[String]]], lines: [Int]) throws {
    let records = try CSVReader(text: text).records()
    #expect(records.map(\.fields) == expected[0])
    #expect(records.map(\.line) == lines)
  }

  @Test("an unterminated quote names its line") func unterminated() {
    #expect {
      try CSVReader(text: "a\n\"open,b\nc\n").records()
    } throws: { error in
      let error = error as! TallyError
      return error.value == "line 2" && error.category == .badData
    }
  }

  @Test("iterating stops at the end") func iterating() {
    let fields = CSVReader(text: "1\n2\n").map(\.fields)
    #expect(fields == [["1"], ["2"]])
    #expect(CSVRecord(line: 1, fields: ["", ""]).isBlank)
  }

  @Test("headers map names to positions") func header() throws {
    let header = CSVHeader(CSVRecord(line: 1, fields: [" Order_ID ", "qty", "qty"]))
    #expect(header.position(of: "order_id") == 0)
    #expect(header.position(of: "QTY") == 1)  // the first of repeated names
    let record = CSVRecord(line: 1, fields: ["2"])
    #expect(header.cell("QTY", in: record) == nil)  // the record ends before it
    #expect(header.cell("order_id", in: record) == "2")
  }
}

@Suite("A header checked against the columns Tally reads")
struct CSVHeaderCheckTests {
  func check(_ fields: [String]) throws -> CSVHeader {
    try CSVHeader(
      CSVRecord(line: 2, fields: fields), required: ["visit", "date"],
      optional: ["modifier", "quantity"], source: .init("v.csv", line: 2))
  }

  @Test func knownColumnsInAnyCaseAndOrderAndTrailingEmptyCells() throws {
    let header = try check(["Date", " VISIT ", "quantity", "", ""])
    #expect(header.position(of: "visit") == 1)
  }

  @Test(
    "an unknown, missing or repeated column is refused at the header's line, naming it",
    arguments: [
      (
        ["Visit", "Date", "HCPCS", "Qty", "Modifer"],
        #"v.csv line 2: column "HCPCS" is not valid: expected one of visit, date, modifier, quantity: also not known: "Qty", "Modifer" (did you mean 'modifier'?)"#
      ),
      (
        ["Visit", "Date", "Modifer"],
        #"v.csv line 2: column "Modifer" is not valid: expected one of visit, date, modifier, quantity; did you mean 'modifier'?"#
      ),
      (["visit", "modifier"], "v.csv line 2: date is missing: expected the columns visit, date"),
      (
        ["visit;date;modifier"],
        #"v.csv line 2: header "visit;date;modifier" is not valid: expected columns separated by ','; the separator looks like ';'"#
      ),
      (
        ["visit", "date", "Quantity", "quantity"],
        #"v.csv line 2: column "quantity" is not valid: expected each column once (columns 3 and 4 are both "quantity")"#
      ),
    ])
  func refused(fields: [String], message: String) {
    #expect {
      _ = try check(fields)
    } throws: { error in
      (error as? TallyError)?.description == message
        && (error as? TallyError)?.category == .badData
    }
  }
}

@Suite("Values past the header's last column")
struct CSVWidthTests {
  @Test(
    "a value past the last column is refused, naming it; empty fields past it are fine",
    arguments: [
      // An unquoted comma-decimal (4,25): the tax lands past the header.
      ("A,Soup,1,4,25", "5 fields where the header has 4: \"25\" is past the last column (price)"),
      ("A,Soup,1,4.25,,  ,", nil),  // a spreadsheet's trailing commas
      ("A,Soup,1,4.25", nil),
      ("A,Soup", nil),  // short rows are the readers' to judge (a missing value)
      (
        "A,Soup,1,4.25,, x ",
        "6 fields where the header has 4: \"x\" is past the last column (price)"
      ),
    ] as [(String, String?)])
  func pastLastColumn(row: String, refusal: String?) throws {
    try check(row: row, refusal: refusal, header: ["order", "item", "qty", "price"])
    // A header with trailing commas of its own: its empty names read nothing either.
    try check(row: row, refusal: refusal, header: ["order", "item", "qty", "price", "", ""])
  }

  /// A column without a name inside the header reads nothing: a value there is refused.
  @Test func underAnUnnamedColumn() throws {
    try check(
      row: "A,7,Soup,1", refusal: #""7" is under column 2, which has no name"#,
      header: ["order", "", "item", "qty"])
    try check(row: "A,,Soup,1", refusal: nil, header: ["order", "", "item", "qty"])
  }

  func check(row: String, refusal: String?, header names: [String]) throws {
    let header = CSVHeader(CSVRecord(line: 1, fields: names))
    let record = try #require(CSVReader(text: row).records().first)
    let source = TallyError.Source("o.csv", line: 2)
    if let refusal {
      let error = try #require(throws: TallyError.self) {
        try header.refuseValuesPastLastColumn(in: record, source: source)
      }
      #expect(error.category == .badData)
      #expect(error.description.hasPrefix("o.csv line 2: " + refusal))
    } else {
      try header.refuseValuesPastLastColumn(in: record, source: source)
    }
  }
}

@Suite("CSV limits")
struct CSVLimitTests {
  @Test("a field over 1 MiB is refused, quoted or not, naming its line", arguments: [false, true])
  func longField(quoted: Bool) {
    let big = String(repeating: "A", count: CSVReader.fieldLimit + 1)
    let text = "a,b\n1,2\n3," + (quoted ? "\"\(big)\"" : big) + "\n"
    #expect {
      try CSVReader(text: text).records()
    } throws: { error in
      (error as? TallyError)?.source?.line == 3 && (error as? TallyError)?.category == .badData
    }
  }

  @Test("a field of exactly 1 MiB is read") func limitField() throws {
    let text = "a\n" + String(repeating: "B", count: CSVReader.fieldLimit) + "\n"
    #expect(try CSVReader(text: text).records()[1].fields[0].utf8.count == CSVReader.fieldLimit)
  }

  @Test("a record with more than 10,000 fields is refused") func manyFields() {
    let text = String(repeating: "x,", count: CSVReader.fieldCountLimit + 1) + "x\n"
    #expect(throws: TallyError.self) { try CSVReader(text: text).records() }
  }
}
