import AnalyticsCore
import DataFormats
import Foundation
import Testing

@testable import StoreAnalytics

/// Reads `text` through `CSVStream` in chunks of `size` bytes.
private func streamed(_ text: String, chunk size: Int) throws -> [CSVRecord] {
  var bytes = Array(text.utf8)[...]
  let stream = CSVStream(fileName: "t.csv") {
    defer { bytes = bytes.dropFirst(min(size, bytes.count)) }
    return Data(bytes.prefix(size))
  }
  var records: [CSVRecord] = []
  while try stream.next() { records.append(CSVRecord(line: stream.line, fields: stream.strings)) }
  return records
}

private let header =
  "order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,unit_price"

private func lines(_ rows: String, name: String = "o.csv") throws -> [OrderLineInput] {
  try OrderLineFile.parse(Data((header + "\n" + rows).utf8), fileName: name)
}

@Suite("Import rules: streamed CSV, limits, future days, unknown customers")
struct ImportRulesTests {
  @Test(
    "the streamed reader gives CSVReader's records for every chunk size",
    arguments: [1, 2, 3, 5, 64, 1 << 20])
  func sameRecords(chunk: Int) throws {
    let text =
      "\u{FEFF}a,b,c\r\n1,\"x, \"\"quoted\"\"\",3\r\n\"multi\nline\",,\n\n,,\nlast,\"\",end"
    let expected = try CSVReader(text: text).records()
    #expect(try streamed(text, chunk: chunk) == expected)
    // By hand: the quoted field unquoted, the line numbers where records start.
    #expect(expected[1].fields == ["1", "x, \"quoted\"", "3"])
    #expect(expected.map(\.line) == [1, 2, 3, 5, 6, 7])
  }

  @Test("a line with a value past the header (an unquoted 4,25) is refused, nothing written")
  func valuePastHeader() throws {
    let store = try memoryStore()
    let good = "A,S,2026-03-08 10:00,,c1,Club,Sandwiches,2,9.50"
    let shifted = "B,S,2026-03-08 11:00,,c2,Soup,Soups,1,4,25"
    let bytes = LockedValue(Optional(Data((header + "\n" + good + "\n" + shifted + "\n").utf8)))
    let error = try #require(throws: TallyError.self) {
      try store.importFile(
        named: "o.csv",
        read: {
          bytes.withLock { data in
            defer { data = nil }
            return data
          }
        })
    }
    #expect(error.category == .badData)
    #expect(
      error.description
        == "o.csv line 3: 10 fields where the header has 9: \"25\" is past the last column "
        + "(unit_price); expected a value with a comma in quotes, as in \"4,25\"")
    #expect(try store.stores().isEmpty)
    // Quoted, the same value is one field, and a comma is no decimal point: refused as a price.
    #expect(throws: TallyError.self) { try lines("B,S,2026-03-08 11:00,,c2,Soup,Soups,1,\"4,25\"") }
    #expect(try lines(good + ",,").count == 1)
  }

  @Test("an unclosed quote names its line")
  func unclosedQuote() throws {
    let error = try #require(throws: TallyError.self) {
      try streamed("a,b\n1,\"open\n2,3\n", chunk: 4)
    }
    #expect(error.category == .badData)
    #expect(error.source == TallyError.Source("t.csv", line: 2))
  }

  @Test(
    "texts longer than their limit name line, column and limit",
    arguments: [
      ("item_name", OrderLineInput.nameLimit), ("order_id", OrderLineInput.idLimit),
      ("customer_id", OrderLineInput.idLimit),
    ])
  func tooLong(column: String, limit: Int) throws {
    func row(_ length: Int) -> String {
      let value = String(repeating: "x", count: length)
      let fields = [
        "order_id": "A", "store_id": "S", "placed_at": "2026-03-08 10:00", "status": "completed",
        "customer_id": "c", "item_name": "Tea", "category": "Drinks", "quantity": "1",
        "unit_price": "1.00",
      ].merging([column: value]) { $1 }
      return header.split(separator: ",").map { fields[String($0)]! }.joined(separator: ",")
    }
    #expect(try lines(row(limit) + "\n").count == 1)
    let error = try #require(throws: TallyError.self) { try lines(row(limit + 1) + "\n") }
    #expect(error.category == .badData && error.field == column)
    #expect(error.source == TallyError.Source("o.csv", line: 2))
    #expect(error.expected == "at most \(limit) bytes")
  }

  @Test("lines made in code keep the same length limits")
  func codeLines() throws {
    let store = try memoryStore()
    let line = OrderLineInput(
      source: TallyError.Source("code"), orderId: "A", storeId: "S",
      placedAt: .local(
        LocalDateTime(date: day("2026-03-08"), time: TimeOfDay(hour: 10, minute: 0)!)),
      itemName: String(repeating: "é", count: 101), category: "Food", quantity: 1,
      unitPrice: FixedDecimal(hundredths: 100))
    // 101 × "é" is 202 UTF-8 bytes: over the 200-byte limit though only 101 characters.
    let error = try #require(throws: TallyError.self) { try store.importLines([line]) }
    #expect(error.field == "item_name" && error.expected == "at most 200 bytes")
    #expect(try store.stores().isEmpty)
  }

  @Test("a huge item_name is refused while read, without holding it")
  func hugeField() throws {
    // 8 MiB of name, fed 64 KiB at a time: refused once past twice the limit (quotes count),
    // long before the record ends.
    let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 16)
    let fed = LockedValue(0)
    let store = try memoryStore()
    let error = try #require(throws: TallyError.self) {
      try store.importFile(
        named: "big.csv",
        read: {
          fed.withLock { count in
            count += 1
            if count == 1 { return Data((header + "\nA,S,2026-03-08 10:00,,,").utf8) }
            return count < 128 ? chunk : nil
          }
        })
    }
    #expect(error.field == "item_name" && error.expected == "at most 200 bytes")
    #expect(error.source == TallyError.Source("big.csv", line: 2))
    #expect(fed.withLock { $0 } == 2)
    #expect(try store.stores().isEmpty)
  }

  @Test("quantities and amounts outside their ranges are refused; one parser for both files")
  func ranges() throws {
    for (row, field) in [
      ("A,S,2026-03-08 10:00,,,Tea,Drinks,100001,1.00", "quantity"),
      ("A,S,2026-03-08 10:00,,,Tea,Drinks,99999999999999999999,1.00", "quantity"),
      ("A,S,2026-03-08 10:00,,,Tea,Drinks,1,1000000.01", "unit_price"),
      ("A,S,2026-03-08 10:00,,,Tea,Drinks,1,-1000000.01", "unit_price"),
      ("A,S,2026-03-08 10:00,,,Tea,Drinks,-100001,1.00", "quantity"),
      ("A,S,2026-03-08 10:00,,,Tea,Drinks,1,1.005", "unit_price"),
    ] {
      let error = try #require(throws: TallyError.self) { try lines(row + "\n") }
      #expect(error.field == field, "\(row)")
      #expect(error.category == .badData)
    }
    // The largest line: 100,000 × 1,000,000.00 = 10¹¹ dollars = 10¹³ cents.
    let biggest = try lines("A,S,2026-03-08 10:00,,,Tea,Drinks,100000,1000000.00\n")
    #expect(biggest[0].quantity == 100_000)
    #expect(biggest[0].unitPrice == FixedDecimal(hundredths: 100_000_000))
    // Spellings the fast path leaves to FixedDecimal: +7.5 = 7.50, .5 = 0.50.
    #expect(OrderLineFile.amount("+7.5") == FixedDecimal(hundredths: 750))
    #expect(OrderLineFile.amount(".5") == FixedDecimal(hundredths: 50))
    #expect(OrderLineFile.amount("12") == FixedDecimal(hundredths: 1200))
    #expect(OrderLineFile.quantity("+3") == 3)
    #expect(OrderLineFile.quantity("0") == nil)
  }

  @Test("an order placed after today in its store's zone is refused; today is fine")
  func futureDay() throws {
    // Now: 2026-03-09 03:00Z = 03-08 23:00 in New York (EDT, -4), 03-09 in UTC.
    let now = try Instant(parsing: "2026-03-09T03:00:00Z")
    let store = try memoryStore(clock: .fixed(now))
    _ = try store.addStore(id: "NYC", name: "NYC", zone: Zone(identifier: "America/New_York"))
    let ok = try store.importLines(try lines("A,NYC,2026-03-08 23:30,,,Tea,Drinks,1,1.00\n"))
    #expect(ok.orders == 1)
    let error = try #require(throws: TallyError.self) {
      try store.importLines(
        try lines(
          "B,NYC,2026-03-08 22:00,,,Tea,Drinks,1,1.00\nC,NYC,2026-03-09T04:30:00Z,,,Tea,Drinks,1,1.00\n"
        ))
    }
    // 04:30Z is 00:30 on 03-09 in New York: tomorrow there.
    #expect(error.category == .badData && error.field == "placed_at")
    #expect(error.expected == "a day on or before 2026-03-08, today in the store's zone")
    #expect(error.source == TallyError.Source("o.csv", line: 3))
    #expect(try store.daily(storeId: "NYC", limit: 10, asOf: day("2026-03-08"))[0].totalOrders == 1)
  }

  /// An as-of day is each store's own: the import ends every store on the day given for its
  /// zone, not on the day one instant falls on.
  @Test("each store's last day comes from its own zone")
  func todayPerZone() throws {
    let days = [
      "Pacific/Auckland": day("2026-02-10"), "America/Chicago": day("2026-02-09"),
    ]
    let store = try memoryStore(
      clock: TallyClock(now: { Instant(Date()) }, today: { days[$0.identifier]! }))
    _ = try store.addStore(id: "AKL", name: "AKL", zone: Zone(identifier: "Pacific/Auckland"))
    _ = try store.addStore(id: "CHI", name: "CHI", zone: Zone(identifier: "America/Chicago"))
    let ok = try store.importLines(
      try lines(
        "A,AKL,2026-02-10 21:00,,,Tea,Drinks,1,1.00\nB,CHI,2026-02-09 21:00,,,Tea,Drinks,1,1.00\n"))
    #expect(ok.orders == 2)
    let error = try #require(throws: TallyError.self) {
      try store.importLines(try lines("C,CHI,2026-02-10 00:10,,,Tea,Drinks,1,1.00\n"))
    }
    #expect(error.expected == "a day on or before 2026-02-09, today in the store's zone")
  }

  @Test(
    "an order before 1900-01-01 in its store's zone is refused",
    arguments: [
      ("0001-01-01 10:00", false), ("1899-12-31 23:59", false), ("1900-01-01T04:00:00Z", false),
      ("1900-01-01 00:00", true), ("1900-01-01T05:00:00Z", true),
    ])
  func earliestDay(placedAt: String, accepted: Bool) throws {
    let store = try memoryStore()
    _ = try store.addStore(id: "NYC", name: "NYC", zone: Zone(identifier: "America/New_York"))
    let file = try lines("A,NYC,\(placedAt),,,Tea,Drinks,1,1.00\n")
    if accepted {
      #expect(try store.importLines(file).orders == 1)
    } else {
      // 1900-01-01T04:00Z is 23:00 on 1899-12-31 in New York (EST, -5).
      let error = try #require(throws: TallyError.self) { try store.importLines(file) }
      #expect(error.field == "placed_at" && error.expected == "a day from 1900-01-01 to 2199-12-31")
    }
  }

  @Test("unique customers are unknown (nil) when orders name none, 0 without orders")
  func unknownCustomers() throws {
    let store = try memoryStore()
    _ = try store.addStore(id: "S", name: "S", zone: .utc)
    _ = try store.importLines(
      try lines(
        "A,S,2026-03-07 10:00,,,Tea,Drinks,1,1.00\nB,S,2026-03-08 10:00,,c1,Tea,Drinks,1,1.00\n"))
    let days = try store.daily(storeId: "S", limit: 10, asOf: day("2026-03-08"))
    // 03-08: B names c1; 03-07: A names nobody.
    #expect(days.map(\.uniqueCustomers) == [1, nil])
    let one = try store.metrics(
      storeId: "S", range: .today, asOf: day("2026-03-07"), calendar: false)
    #expect(one.totalOrders == 1 && one.uniqueCustomers == nil)
    let both = try store.metrics(
      storeId: "S", range: .week, asOf: day("2026-03-08"), calendar: false)
    #expect(both.uniqueCustomers == 1)
    let none = try store.metrics(
      storeId: "S", range: .today, asOf: day("2026-03-01"), calendar: false)
    #expect(none.totalOrders == 0 && none.uniqueCustomers == 0)
    #expect(StoreWire.metrics(one)["unique_customers"] == .null)
  }

  @Test("an order whose lines are far apart in a file is refused naming the later line")
  func scatteredOrder() throws {
    var text = header + "\n"
    for order in 0..<30 { text += "O\(order),S,2026-03-08 10:00,,,Tea,Drinks,1,1.00\n" }
    text += "O0,S,2026-03-08 10:00,,,Cake,Sweets,1,2.00\n"
    let bytes = LockedValue(Optional(Data(text.utf8)))
    let store = try memoryStore()
    let error = try #require(throws: TallyError.self) {
      try store.importFile(
        named: "far.csv",
        read: {
          bytes.withLock { data in
            defer { data = nil }
            return data
          }
        },
        replace: false, newStoreZone: .utc, linesPerPart: 10)
    }
    #expect(error.field == "order_id" && error.value == "O0")
    #expect(error.source == TallyError.Source("far.csv", line: 32))
    #expect(try store.stores().isEmpty)
  }

  @Test("every wire row has the keys of its columns, in order")
  func columns() throws {
    let store = try fixture()
    let asOf = day("2026-03-08")
    #expect(
      try store.daily(storeId: "NYC", limit: 1, asOf: asOf).map(StoreWire.daily)[0].keys
        == StoreWire.dailyColumns)
    #expect(
      try store.hourly(storeId: "NYC", date: asOf).map { StoreWire.hourly($0, storeId: "NYC") }[0]
        .keys == StoreWire.hourlyColumns)
    #expect(
      try store.timeDistribution(storeId: "NYC", range: nil).map {
        StoreWire.timeDistribution($0, storeId: "NYC")
      }[0].keys == StoreWire.timeDistributionColumns)
    #expect(
      try store.categories(storeId: nil, limit: 1).map { StoreWire.category($0) }[0].keys
        == StoreWire.categoryColumns)
    #expect(
      try store.popular(storeId: "NYC", limit: 1).map { StoreWire.popular($0) }[0].keys
        == StoreWire.popularColumns)
    #expect(
      try store.weekdays(storeId: "NYC", range: DayRange(day: asOf)).map {
        StoreWire.weekday($0, storeId: "NYC")
      }[0].keys == StoreWire.weekdayColumns)
    #expect(
      StoreWire.chart(try store.chart(storeId: "NYC", range: .week, asOf: asOf))[0].keys
        == StoreWire.chartColumns)
    #expect(StoreWire.shop(try store.stores()[0]).keys == StoreWire.shopColumns)
  }
}
