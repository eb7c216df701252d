import AnalyticsCore
import Foundation
import Testing

@testable import StoreAnalytics

/// `Docs/Mappings`, the mappings Tally ships for point-of-sale exports.
private let mappings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/Mappings")
/// Files in each export's shape: the header as the vendor writes it (Docs/POSExports.md gives the
/// sources), rows made up, their figures counted by hand below.
private let exports = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Exports")

private func mapping(_ name: String) throws -> OrderLineMapping {
  try OrderLineMapping.parse(
    Data(contentsOf: mappings.appendingPathComponent(name + ".json")), fileName: name + ".json")
}

/// Imports `Exports/name.csv` through `Docs/Mappings/name.json` into a new store database.
private func imported(_ name: String, zone: String) throws -> (
  ShopAnalytics, OrderImportSummary
) {
  let store = try memoryStore(clock: .on(LocalDate(year: 2026, month: 11, day: 27)!))
  let data = LockedValue(
    Optional(try Data(contentsOf: exports.appendingPathComponent(name + ".csv"))))
  let summary = try store.importFile(
    named: name + ".csv",
    read: {
      data.withLock { data in
        defer { data = nil }
        return data
      }
    },
    newStoreZone: try Zone(identifier: zone), mapping: try mapping(name))
  return (store, summary)
}

/// Reads `rows` under `header` through `mapping`.
private func lines(_ header: String, _ rows: [String], _ mapping: OrderLineMapping) throws
  -> [OrderLineInput]
{
  try OrderLineFile.parse(
    Data(([header] + rows).joined(separator: "\n").utf8), fileName: "export.csv",
    mapping: mapping)
}

@Suite("Point-of-sale exports read through the shipped mappings")
struct POSExportTests {
  @Test("Square Items Detail: Date + Time in its Time Zone, Net Sales over Qty, None category")
  func square() throws {
    // Imported without a zone of its own (UTC): the store takes the one its Time Zone names.
    let (store, summary) = try imported("square-items-detail", zone: "UTC")
    #expect(summary.createdStoreZones["Sunrise Social"]?.identifier == "America/New_York")
    // By hand: 5 transactions (one a refund), 6 item rows and 2 of them discounted (a discount
    // line each): 8 lines, one store named by Location.
    #expect(summary.orders == 5)
    #expect(summary.lines == 8)
    #expect(summary.createdStores == ["Sunrise Social"])
    let days = try store.daily(storeId: "Sunrise Social", limit: 10, asOf: day("2026-07-31"))
      .sorted { $0.date < $1.date }
    // 18 July: 8.00 + 4.00 (the croissant's net, after its 0.50 discount) + 16.20; tax 0.66 +
    // 0.33 + 1.34. 19 July: 4.00 − 4.00 (the refunded coffee) + 1,234.00 (23:30 Eastern, 03:30
    // UTC on the 20th); tax 0.33 − 0.33 + 101.81.
    #expect(days.map(\.date) == [day("2026-07-18"), day("2026-07-19")])
    #expect(days.map(\.totalOrders) == [2, 3])
    #expect(days.map(\.totalRevenue) == [cents("28.20"), cents("1234.00")])
    #expect(days.map(\.totalTax) == [cents("2.33"), cents("101.81")])
    let metrics = try store.metrics(
      storeId: "Sunrise Social",
      current: try DayRange(start: day("2026-07-18"), end: day("2026-07-19")),
      previous: try DayRange(start: day("2026-07-16"), end: day("2026-07-17")))
    // Gross: the sale rows' Gross Sales, 8.00 + 4.50 + 18.00 + 4.00 + 1,234.00 = 1,268.50; their
    // Discounts 0.50 + 1.80; the refund row 4.00; net 1,268.50 − 2.30 − 4.00.
    #expect(metrics.parts.gross == cents("1268.50"))
    #expect(metrics.parts.discounts == cents("2.30"))
    #expect(metrics.parts.refunds == cents("4.00"))
    #expect(metrics.parts.net == cents("1262.20"))
    #expect(metrics.totalRevenue == cents("1262.20"))
    let items = try store.popular(storeId: "Sunrise Social", limit: 10)
    let byName = Dictionary(uniqueKeysWithValues: items.map { ($0.itemName, $0) })
    #expect(byName["Drip Coffee"]?.totalQuantity == 3)
    #expect(byName["Drip Coffee"]?.totalRevenue == cents("12.00"))
    // An item's revenue is its gross sales, as POS item reports show.
    #expect(byName["Matcha Latte"]?.totalRevenue == cents("18.00"))
    let categories = try store.categories(storeId: "Sunrise Social", limit: 10)
    #expect(
      Set(categories.map(\.category)) == ["Drinks", "Uncategorized", "Catering"])
    // The instant: 12:59:30 on 18 July in New York (EDT, UTC−4) is 16:59:30 UTC.
    let parsed = try OrderLineFile.parse(
      Data(contentsOf: exports.appendingPathComponent("square-items-detail.csv")),
      fileName: "square-items-detail.csv", mapping: try mapping("square-items-detail"))
    #expect(
      parsed[0].placedAt == .instant(try #require(Instant.parse("2026-07-18T16:59:30Z", zone: nil)))
    )
    #expect(
      parsed.map(\.kind) == [.sale, .sale, .discount, .sale, .discount, .sale, .refund, .sale])
    #expect(parsed[3].unitPrice == cents("6.00"))
    #expect(parsed[4].unitPrice == cents("1.80"))
    #expect(parsed[4].itemName == "Matcha Latte")
    #expect(parsed[3].customerId == "CUST9")
    #expect(parsed[6].quantity == 1)
    #expect(parsed[6].unitPrice == cents("4.00"))
    #expect(parsed[6].tax == cents("0.33"))
  }

  @Test("Toast ItemSelectionDetails: M/D/YY h:mm AM/PM, Net Price over Qty, Void? as cancelled")
  func toast() throws {
    let (store, summary) = try imported("toast-item-selection-details", zone: "America/Chicago")
    #expect(summary.orders == 3)
    #expect(summary.lines == 6)
    let days = try store.daily(storeId: "Main Street", limit: 10, asOf: day("2026-10-31"))
      .filter { $0.totalOrders > 0 }
    // 8 October: 20.00 + 2 × 9.00 − 2.00 (the salads' discount) and 2 × 20.00 + 1,013.00; tax
    // 1.65 + 1.32 + 3.30 + 83.57.
    // 9 October: the one order's only selection is voided, so it is cancelled and sells nothing.
    #expect(days.map(\.date) == [day("2026-10-08")])
    #expect(days.map(\.totalOrders) == [2])
    #expect(days.map(\.totalRevenue) == [cents("1089.00")])
    #expect(days.map(\.totalTax) == [cents("89.84")])
    let items = try store.popular(storeId: "Main Street", limit: 10)
    #expect(
      items.map { "\($0.itemName) \($0.totalQuantity) \($0.totalRevenue)" }.sorted() == [
        "Caesar Salad 2 18.00", "House Wine 1 1013.00", "Margherita Pizza 3 60.00",
      ])
    let parsed = try OrderLineFile.parse(
      Data(contentsOf: exports.appendingPathComponent("toast-item-selection-details.csv")),
      fileName: "toast-item-selection-details.csv",
      mapping: try mapping("toast-item-selection-details"))
    #expect(
      parsed.map(\.status) == [
        .completed, .completed, .completed, .completed, .completed, .cancelled,
      ])
    #expect(parsed.map(\.kind) == [.sale, .sale, .discount, .sale, .sale, .sale])
    #expect(parsed[1].subcategory == "(Salads)")
    #expect(
      parsed[0].placedAt
        == .local(LocalDateTime(date: day("2026-10-08"), time: TimeOfDay(hour: 17, minute: 18)!)))
  }

  @Test("Shopify orders export: order fields of the first row carried to the order's other rows")
  func shopify() throws {
    let (store, summary) = try imported("shopify-orders-export", zone: "America/Los_Angeles")
    #expect(summary.orders == 3)
    #expect(summary.lines == 4)
    #expect(Set(summary.createdStores) == ["Venice Store", "online"])
    // #1001: 298.00 + 2 × 15.00, tax 23.78 (the order's, on its first row); #1003 refunded.
    let venice = try store.daily(storeId: "Venice Store", limit: 10, asOf: day("2026-05-31"))
      .filter { $0.totalOrders > 0 }
    #expect(venice.map(\.date) == [day("2026-05-12")])
    #expect(venice.map(\.totalRevenue) == [cents("328.00")])
    #expect(venice.map(\.totalTax) == [cents("23.78")])
    #expect(venice.map(\.uniqueCustomers) == [1])
    // #1002 has no Location: an online order, 3 × 15.00.
    let online = try store.daily(storeId: "online", limit: 10, asOf: day("2026-05-31"))
    #expect(online.map(\.totalRevenue) == [cents("45.00")])
    let parsed = try OrderLineFile.parse(
      Data(contentsOf: exports.appendingPathComponent("shopify-orders-export.csv")),
      fileName: "shopify-orders-export.csv", mapping: try mapping("shopify-orders-export"))
    #expect(parsed[1].customerId == "ada@example.com")
    #expect(parsed[1].status == .completed)
    #expect(parsed[1].tax == .zero)
    #expect(parsed[3].status == .refunded)
    #expect(
      parsed[0].placedAt == .instant(try #require(Instant.parse("2026-05-12T19:54:01Z", zone: nil)))
    )
  }

  @Test("a mapping that is not JSON is refused saying that TOML is not read")
  func tomlMapping() throws {
    let error = try #require(throws: TallyError.self) {
      try OrderLineMapping.parse(
        Data("[columns]\norder_id = \"Order #\"\n".utf8), fileName: "m.toml")
    }
    #expect(
      error.expected?.hasSuffix("a TOML or YAML mapping is not read: Docs/Mappings has JSON ones)")
        == true)
  }

  @Test("what a mapping cannot take is refused naming the file's column and value")
  func refusals() throws {
    let square = try mapping("square-items-detail")
    let header = """
      Date,Time,Time Zone,Category,Item,Qty,Gross Sales,Tax,Transaction ID,Event Type,Location,\
      Customer ID,SKU
      """
    func refusal(_ row: String, _ mapping: OrderLineMapping) throws -> TallyError {
      try #require(throws: TallyError.self) { try lines(header, [row], mapping) }
    }
    // 20.00 for 3 is no unit price in cents.
    let inexact = try refusal(
      "2026-07-18,09:00:00,Eastern Time (US & Canada),Drinks,Tea,3.0,$20.00,,T1,Payment,S,,", square
    )
    #expect(inexact.field == "Gross Sales (line_total)")
    #expect(inexact.value == "$20.00")
    #expect(inexact.expected == "a total that 3 units give at a price in whole cents")
    // A weighed line is taken: 4.87 for 0.375 lb is 12.99 a pound (12.99 × 0.375 = 4.87125),
    // and the line's amount stays the export's 4.87.
    let weighed = try lines(
      header,
      ["2026-07-18,09:00:00,Eastern Time (US & Canada),Deli,Cheddar,0.375,$4.87,,T1,Payment,S,,"],
      square)
    #expect(weighed[0].quantity == Quantity(thousandths: 375))
    #expect(weighed[0].unitPrice == cents("12.99"))
    #expect(weighed[0].quantity.amount(at: weighed[0].unitPrice) == cents("4.87"))
    let zone = try refusal(
      "2026-07-18,09:00:00,Mars Standard Time,Drinks,Tea,1.0,$2.00,,T1,Payment,S,,", square)
    #expect(zone.field == "Time Zone (placed_zone)")
    #expect(zone.value == "Mars Standard Time")
    // A quantity negative while its total is not.
    let signs = try refusal(
      "2026-07-18,09:00:00,Eastern Time (US & Canada),Drinks,Tea,-1.0,$2.00,,T1,Payment,S,,", square
    )
    #expect(signs.field == "Gross Sales (line_total)")
    // A Payment row of a negative amount is a sale that cannot be.
    let negativeSale = try refusal(
      "2026-07-18,09:00:00,Eastern Time (US & Canada),Drinks,Tea,1.0,-$2.00,,T1,Payment,S,,", square
    )
    #expect(negativeSale.field == "unit_price")
    // A column neither read nor ignored is still refused, with the closest name.
    let unknown = try #require(throws: TallyError.self) {
      try lines(header + ",Tip", [], square)
    }
    #expect(unknown.field == "column")
    #expect(unknown.value == "Tip")
    // Shopify: an order's discount is a discount line; a line's own, which the order's may
    // already hold, is refused rather than counted twice.
    let shopify = try mapping("shopify-orders-export")
    let discounted = try lines(
      "Name,Financial Status,Created at,Lineitem quantity,Lineitem name,Lineitem price,"
        + "Discount Amount,Location",
      ["#7,paid,2026-05-12 12:54:01 -0700,1,Tote,20.00,2.00,Venice"], shopify)
    #expect(discounted.map(\.kind) == [.sale, .discount])
    #expect(discounted.map(\.itemName) == ["Tote", "Order discount"])
    #expect(discounted.map(\.unitPrice) == [cents("20.00"), cents("2.00")])
    let lineDiscount = try #require(throws: TallyError.self) {
      try lines(
        "Name,Financial Status,Created at,Lineitem quantity,Lineitem name,Lineitem price,"
          + "Lineitem discount,Location",
        ["#7,paid,2026-05-12 12:54:01 -0700,1,Tote,20.00,2.00,Venice"], shopify)
    }
    #expect(lineDiscount.field == "Lineitem discount")
    #expect(lineDiscount.value == "2.00")
    let partly = try #require(throws: TallyError.self) {
      try lines(
        "Name,Financial Status,Created at,Lineitem quantity,Lineitem name,Lineitem price,Location",
        ["#7,partially_refunded,2026-05-12 12:54:01 -0700,1,Tote,20.00,"], shopify)
    }
    #expect(partly.field == "Financial Status (status)")
    #expect(partly.value == "partially_refunded")
  }

  @Test("--map alone renames columns; Tally's other columns keep their names")
  func columnMap() throws {
    let mapping = try OrderLineMapping(columns: ["order_id": "Order #", "placed_at": "Date"])
      .checked(source: nil)
    let read = try lines(
      "Order #,store_id,Date,item_name,category,quantity,unit_price",
      ["17,s,2026-02-08 13:30,Soup,Soups,2.0,4.50"], mapping)
    #expect(read.map(\.orderId) == ["17"])
    #expect(read.map(\.quantity) == [2])
    // The file's own order_id column is now one Tally does not read.
    let both = try #require(throws: TallyError.self) {
      try lines(
        "Order #,order_id,store_id,Date,item_name,category,quantity,unit_price", [], mapping)
    }
    #expect(both.value == "order_id")
    // Names that are not Tally's are refused in the mapping itself.
    let wrong = try #require(throws: TallyError.self) {
      try OrderLineMapping(columns: ["order": "Order #"]).checked(source: nil)
    }
    #expect(wrong.value == "order")
    #expect(wrong.expected?.contains("did you mean 'order_id'?") == true)
  }

  @Test("a column given over a mapping's takes its place; the column it replaces is ignored")
  func columnOverMapping() throws {
    let toast = try mapping("toast-item-selection-details").adding(columns: ["item_id": "Item Id"])
      .checked(source: nil)
    #expect(toast.columns["item_id"] == "Item Id")
    #expect(toast.ignored.contains("Master Id"))
    #expect(!toast.ignored.contains("Item Id"))
  }

  @Test("a column given takes the place of a fixed value or of the other price column")
  func columnOverFixed() throws {
    let shopify = try mapping("shopify-orders-export").adding(columns: ["category": "Vendor"])
      .checked(source: nil)
    #expect(shopify.fixed["category"] == nil)
    #expect(!shopify.ignored.contains("Vendor"))
    let total = try mapping("shopify-orders-export").adding(columns: ["line_total": "Total"])
      .checked(source: nil)
    #expect(total.columns["unit_price"] == nil)
    #expect(total.ignored.contains("Lineitem price"))
  }

  @Test("a discounted line of 3 imports: its gross over its quantity, its discount a line apart")
  func discountedLine() throws {
    // Net Sales 14.00 for 3 is no unit price in cents; Gross Sales 15.00 is 3 × 5.00.
    let read = try lines(
      "Date,Time,Time Zone,Category,Item,Qty,Gross Sales,Discounts,Net Sales,Transaction ID,"
        + "Event Type,Location",
      [
        "2026-07-18,09:00:00,Eastern Time (US & Canada),Bakery,Scone,3.0,$15.00,-$1.00,$14.00,"
          + "T1,Payment,S"
      ], try mapping("square-items-detail"))
    #expect(read.map(\.kind) == [.sale, .discount])
    #expect(read.map(\.quantity) == [3, 1])
    #expect(read.map(\.unitPrice) == [cents("5.00"), cents("1.00")])
  }

  @Test("lines of one order at two times are refused, the times as the file wrote them")
  func disagreeingTimes() throws {
    let read = try lines(
      "Date,Time,Time Zone,Category,Item,Qty,Gross Sales,Transaction ID,Event Type,Location",
      [
        "2026-07-18,09:00:00,Eastern Time (US & Canada),Drinks,Tea,1.0,$2.00,T1,Payment,S",
        "2026-07-19,11:00:00,Eastern Time (US & Canada),Drinks,Tea,1.0,$2.00,T1,Refund,S",
      ], try mapping("square-items-detail"))
    let error = try #require(throws: TallyError.self) {
      try memoryStore().importLines(read)
    }
    #expect(error.value == "2026-07-19 11:00 (America/New_York)")
    #expect(error.expected?.hasPrefix("2026-07-18 09:00 (America/New_York) as on") == true)
  }

  @Test("a negative quantity with a total of 0.00 is still a refund line")
  func zeroTotalRefund() throws {
    let mapping = try OrderLineMapping(columns: ["line_total": "Total"]).checked(source: nil)
    let read = try lines(
      "order_id,store_id,placed_at,item_name,category,quantity,Total",
      ["R1,s,2026-02-08 13:30,Soup,Soups,-1,0.00", "R2,s,2026-02-08 13:31,Soup,Soups,-2,-9.00"],
      mapping)
    #expect(read.map(\.kind) == [.refund, .refund])
    #expect(read.map(\.quantity) == [1, 2])
    #expect(read.map(\.unitPrice) == [.zero, cents("4.50")])
  }

  @Test("every column of the shipped mappings' exports is read or named as ignored")
  func mappingsCoverTheirHeaders() throws {
    for name in ["square-items-detail", "toast-item-selection-details", "shopify-orders-export"] {
      let text = try String(
        contentsOf: exports.appendingPathComponent(name + ".csv"), encoding: .utf8)
      // An empty file under the export's header reads (no unknown, no missing column).
      let header = String(text.prefix { !$0.isNewline })
      let read = try lines(header, [], mapping(name))
      #expect(read.isEmpty, "\(name)")
    }
  }
}
