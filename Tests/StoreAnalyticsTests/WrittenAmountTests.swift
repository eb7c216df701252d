import AnalyticsCore
import Foundation
import Testing

@testable import StoreAnalytics

/// Issue 30: amounts as spreadsheets and POS exports write them. A currency sign and thousands
/// grouped by commas are read exactly; a negative amount or one in parentheses is a refund line;
/// a comma that is not a thousands separator (a comma decimal) is refused naming the line and
/// column, never read as something else.
@Suite("Amounts as people write them")
struct WrittenAmountTests {
  func parse(_ price: String) throws -> [OrderLineInput] {
    try OrderLineFile.parse(
      Data(
        ("order_id,store_id,placed_at,item_name,category,quantity,unit_price\n"
          + "1,s,2026-02-08 12:00,Soup,Food,1,\(price)\n").utf8), fileName: "o.csv")
  }

  @Test(
    arguments: [
      ("$18.50", 1850), ("\"$1,234.50\"", 123_450), ("\"€ 4.50\"", 450), ("£12", 1200),
      ("\"12,345\"", 1_234_500), ("\"1,000,000.00\"", 100_000_000), (" 7.5 ", 750),
    ])
  func read(price: String, cents: Int64) throws {
    #expect(try parse(price).first?.unitPrice == FixedDecimal(hundredths: cents))
  }

  @Test(
    "a negative amount, as accounting and POS exports write one, is a refund line",
    arguments: ["(12.50)", "-12.50", "-$12.50", "$-12.50", "\"($12.50)\""])
  func refund(price: String) throws {
    let line = try #require(try parse(price).first)
    #expect(line.kind == .refund)
    #expect(line.unitPrice == FixedDecimal(hundredths: 1250))
    #expect(line.quantity == 1)
  }

  @Test(arguments: ["\"4,25\"", "\"1,23.00\"", "\"12,3456\"", "$", "12.505", "(-)", "--1"])
  func refused(price: String) throws {
    let error = try #require(throws: TallyError.self) { try parse(price) }
    #expect(error.field == "unit_price" && error.source?.line == 2, "\(error)")
    #expect(error.expected?.hasPrefix("an amount from 0 to 1000000.00") == true)
  }
}
