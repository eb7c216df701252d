import AnalyticsCore
import DataFormats
import Foundation
import Testing

@testable import StoreAnalytics
@testable import StoreModel

/// A deli's day, sold by weight (issue 30: "fractional quantities (sold by weight)"). Each line's
/// amount is its unit price × its weight rounded to the cent, halves up, as a scale register
/// prices it; worked out by hand:
/// - D1: Cheddar 0.375 lb × 12.99 = 4.87125 → 4.87; Bread 1 × 4.50 = 4.50.
/// - D2: Cheddar 1.25 lb × 12.99 = 16.2375 → 16.24.
/// - D3: Olives 0.5 lb × 9.99 = 4.995 → 5.00.
/// - D4: Cheddar returned, -0.375 lb × 12.99: a refund line of 4.87.
private let deli = """
  order_id,store_id,placed_at,item_name,category,quantity,unit_price
  D1,deli,2026-03-02 12:00,Cheddar,Cheese,0.375,12.99
  D1,deli,2026-03-02 12:00,Bread,Bakery,1,4.50
  D2,deli,2026-03-02 13:00,Cheddar,Cheese,1.25,12.99
  D3,deli,2026-03-02 14:00,Olives,Deli,0.500,9.99
  D4,deli,2026-03-02 15:00,Cheddar,Cheese,-0.375,12.99
  """

@Suite("Items sold by weight")
struct WeighedQuantityTests {
  @Test("a quantity is whole units or thousandths, read exactly and written without padding")
  func parsing() {
    #expect(Quantity(parsing: "0.375")?.thousandths == 375)
    #expect(Quantity(parsing: "2.0")?.thousandths == 2000)
    #expect(Quantity(parsing: "+1.5")?.thousandths == 1500)
    #expect(Quantity(parsing: "1.2500")?.thousandths == 1250)
    for refused in ["1.2345", ".", "", "1e3", "-1", "1,5", "0.37 5"] {
      #expect(Quantity(parsing: refused) == nil, "\(refused)")
    }
    #expect(Quantity(thousandths: 1625).description == "1.625")
    #expect(Quantity(thousandths: 500).description == "0.5")
    #expect(Quantity(thousandths: 3050).description == "3.05")
    #expect(Quantity(thousandths: 7000).description == "7")
    #expect(Quantity(thousandths: 500).roundedUnits == 1)
    #expect(Quantity(thousandths: 1499).roundedUnits == 1)
  }

  @Test("a weighed line's total gives back the price in cents a register used, or none")
  func unitPriceOfATotal() {
    // 4.87 for 0.375 lb: 12.98 (4.8675) and 12.99 (4.87125) both give 4.87; 4.87 ÷ 0.375 =
    // 12.9867, nearest 12.99.
    #expect(Quantity(thousandths: 375).unitPrice(for: cents("4.87")) == cents("12.99"))
    // 32.48 for 2.5 lb: 12.99 × 2.5 = 32.475 → 32.48.
    #expect(Quantity(thousandths: 2500).unitPrice(for: cents("32.48")) == cents("12.99"))
    // 10.00 for 3: 3.33 gives 9.99, 3.34 gives 10.02.
    #expect(Quantity(3).unitPrice(for: cents("10.00")) == nil)
    #expect(Quantity(3).unitPrice(for: cents("10.02")) == cents("3.34"))
  }

  @Test(
    "a deli's weighed sales: line amounts, items, categories and net sales",
    arguments: Backend.allCases)
  func deliDay(backend: Backend) throws {
    let store = try ShopAnalytics(repository: backend.make())
    let lines = try OrderLineFile.parse(Data(deli.utf8), fileName: "deli.csv")
    #expect(lines.map(\.quantity.thousandths) == [375, 1000, 1250, 500, 375])
    #expect(lines[4].kind == .refund)
    let summary = try store.importLines(lines)
    #expect(summary.orders == 4)
    try expectConsistent(
      store, allowingEmpty: ["store_day_customer", "store_customer", "store_day_status"])

    let items = try store.popular(storeId: "deli", limit: 10)
    #expect(items.map(\.itemName) == ["Cheddar", "Olives", "Bread"])
    #expect(items.map(\.timesOrdered) == [2, 1, 1])
    #expect(items.map(\.totalQuantity.description) == ["1.625", "0.5", "1"])
    // 4.87 + 16.24; Cheddar's average price: 21.11 ÷ 1.625 = 12.9908 → 12.99; Olives 10.00.
    #expect(items.map(\.totalRevenue) == [cents("21.11"), cents("5.00"), cents("4.50")])
    #expect(items.map(\.averagePrice) == [cents("12.99"), cents("10.00"), cents("4.50")])
    let categories = try store.categories(storeId: "deli", limit: 10)
    #expect(categories.map(\.category) == ["Cheese", "Deli", "Bakery"])
    #expect(categories.map(\.itemsSold.description) == ["1.625", "0.5", "1"])

    // Gross 4.87 + 4.50 + 16.24 + 5.00 = 30.61; the return 4.87; net 25.74.
    let metrics = try store.metrics(
      storeId: "deli", range: .week, asOf: day("2026-03-02"), calendar: false)
    #expect(metrics.parts.gross == cents("30.61"))
    #expect(metrics.parts.refunds == cents("4.87"))
    #expect(metrics.totalRevenue == cents("25.74"))

    // The CLI's JSON says the weight; the seed app, which decodes Int, gets whole units.
    #expect(StoreWire.popular(items[0])["total_quantity"]?.plainText == "1.625")
    #expect(StoreWire.popular(items[0], seedApp: true)["total_quantity"] == .int(2))
    #expect(StoreWire.category(categories[1], seedApp: true)["items_sold"] == .int(1))

    // The same file again changes nothing: every weighed line is read as stored.
    let again = try store.importLines(
      try OrderLineFile.parse(Data(deli.utf8), fileName: "deli.csv"))
    #expect(again.orders == 0 && again.updated == 0 && again.alreadyPresent == 4)
  }

  /// A European scale's export: `;` between fields and a decimal comma in weights and prices.
  @Test("a weight with a decimal comma is read with the file's decimal comma")
  func decimalComma() throws {
    let lines = try OrderLineFile.parse(
      Data(
        """
        order_id;store_id;placed_at;item_name;category;quantity;unit_price
        D1;deli;2026-03-02 12:00;Comté;Cheese;0,375;12,99
        D2;deli;2026-03-02 12:05;Comté;Cheese;-1,25;12,99
        """.utf8), fileName: "deli.csv",
      dialect: CSVDialect(delimiter: .semicolon, decimalComma: true))
    #expect(lines.map(\.quantity.thousandths) == [375, 1250])
    #expect(lines.map(\.kind) == [.sale, .refund])
    #expect(lines[0].unitPrice == cents("12.99"))
    // Read with a decimal point, the same weight is a number the CLI hints about.
    #expect(CSVDialect.looksDecimalComma("0,375", decimals: 3))
    #expect(!CSVDialect.looksDecimalComma("0,375"))
  }

  @Test("a weight with more than three decimals is refused naming it")
  func tooPrecise() throws {
    let error = try #require(throws: TallyError.self) {
      try OrderLineFile.parse(
        Data(
          """
          order_id,store_id,placed_at,item_name,category,quantity,unit_price
          D1,deli,2026-03-02 12:00,Saffron,Spices,0.0005,9.99
          """.utf8), fileName: "deli.csv")
    }
    #expect(
      error.description
        == "deli.csv line 2: quantity \"0.0005\" is not valid: expected a number above 0 up to 100000, with at most 3 decimals (0.375 when weighed)"
    )
  }
}
