import AnalyticsCore
import Foundation
import StoreMemory
import Testing

@testable import StoreAnalytics

/// Refund, discount, comp and tip lines (issue 30): they belong to their order, take away from
/// its sales (tips count in none), and are figures of their own. Worked by hand:
/// - K1: Burger 2 × 10.00 (tax 1.60), a 2.00 discount (tax 0.16 back), a 3.00 tip: net 18.00,
///   tax 1.44.
/// - K2: a refund of one Fries at 3.50, written as a negative quantity: net −3.50.
/// - K3: a comped Soda of 2.00 and a Burger at 10.00 (tax 0.80): net 8.00, tax 0.80.
/// The day: 3 orders, net 22.50 = gross 30.00 − discounts 2.00 − comps 2.00 − refunds 3.50;
/// tax 2.24; tips 3.00. Items and categories count the sale lines: Burger 3 for 30.00 in 2
/// orders, Mains 30.00.
private let kinds = """
  order_id,store_id,placed_at,customer_id,item_name,category,quantity,unit_price,tax,kind
  K1,K,2026-03-08 12:00,c1,Burger,Mains,2,10.00,1.60,
  K1,K,2026-03-08 12:00,c1,Happy hour,Discounts,1,(2.00),-0.16,discount
  K1,K,2026-03-08 12:00,c1,Tip,Tips,1,3.00,,tip
  K2,K,2026-03-08 13:00,,Fries,Sides,-1,3.50,,
  K3,K,2026-03-08 14:00,c2,Soda,Drinks,1,2.00,,comp
  K3,K,2026-03-08 14:00,c2,Burger,Mains,1,10.00,0.80,SALE
  """

private let day8 = day("2026-03-08")

@Suite("Refund, discount, comp and tip lines")
struct LineKindTests {
  private func imported(_ backend: Backend, _ text: String = kinds) throws -> (
    ShopAnalytics, OrderImportSummary
  ) {
    let store = try ShopAnalytics(repository: backend.make(), clock: .on(day8))
    let summary = try store.importLines(
      try OrderLineFile.parse(Data(text.utf8), fileName: "kinds.csv"))
    return (store, summary)
  }

  @Test("net sales and its parts, hand-worked, on every backend", arguments: Backend.allCases)
  func parts(backend: Backend) throws {
    let (store, summary) = try imported(backend)
    #expect(summary.orders == 3)
    #expect(summary.lines == 6)
    let days = try store.daily(storeId: "K", limit: 5, asOf: day8)
    #expect(days.map(\.totalOrders) == [3])
    #expect(days.map(\.totalRevenue) == [cents("22.50")])
    #expect(days.map(\.totalTax) == [cents("2.24")])
    let range = try DayRange(start: day8, end: day8)
    let metrics = try store.metrics(
      storeId: "K", current: range,
      previous: try DayRange(start: day("2026-03-07"), end: day("2026-03-07")))
    #expect(
      metrics.parts
        == SalesParts(
          gross: cents("30.00"), discounts: cents("2.00"), comps: cents("2.00"),
          refunds: cents("3.50"), tips: cents("3.00")))
    #expect(metrics.parts.net == metrics.totalRevenue)
    #expect(metrics.totalTax == cents("2.24"))
    for items in [
      try store.popular(storeId: "K", limit: 10),
      try store.popular(storeId: "K", range: range, limit: 10),
    ] {
      #expect(
        items.map { "\($0.itemName) \($0.timesOrdered) \($0.totalQuantity) \($0.totalRevenue)" }
          == ["Burger 2 3 30.00"])
    }
    for categories in [
      try store.categories(storeId: "K", limit: 10),
      try store.categories(storeId: "K", range: range, limit: 10),
    ] {
      #expect(categories.map(\.category) == ["Mains"])
      #expect(categories.map(\.totalRevenue) == [cents("30.00")])
    }
    try expectConsistent(store, allowingEmpty: ["store_day_status"])
  }

  @Test(
    "a line whose kind changes is an updated order; aggregates stay equal to a recount",
    arguments: Backend.allCases)
  func reimported(backend: Backend) throws {
    let (store, _) = try imported(backend)
    // K2 again, now two Fries refunded; K3's Soda no longer comped but sold.
    let again = kinds.replacingOccurrences(of: "Fries,Sides,-1,", with: "Fries,Sides,-2,")
      .replacingOccurrences(of: "Soda,Drinks,1,2.00,,comp", with: "Soda,Drinks,1,2.00,,sale")
    let summary = try store.importLines(
      try OrderLineFile.parse(Data(again.utf8), fileName: "again.csv"))
    #expect(summary.updated == 2)
    #expect(summary.alreadyPresent == 1)
    // Net: 18.00 − 7.00 + 12.00 = 23.00; gross 32.00, comps 0, refunds 7.00.
    let metrics = try store.metrics(
      storeId: "K", current: try DayRange(start: day8, end: day8),
      previous: try DayRange(start: day("2026-03-07"), end: day("2026-03-07")))
    #expect(metrics.totalRevenue == cents("23.00"))
    #expect(metrics.parts.gross == cents("32.00"))
    #expect(metrics.parts.comps == .zero)
    #expect(metrics.parts.refunds == cents("7.00"))
    try expectConsistent(store, allowingEmpty: ["store_day_status"])
  }

  @Test(
    "signs that cannot be read one way are refused naming the line",
    arguments: [
      ("X,K,2026-03-08 12:00,,Tea,Drinks,-1,-2.00,,", "quantity"),
      ("X,K,2026-03-08 12:00,,Tea,Drinks,-1,2.00,,sale", "quantity"),
      ("X,K,2026-03-08 12:00,,Tea,Drinks,1,2.00,-0.10,", "tax"),
      ("X,K,2026-03-08 12:00,,Tip,Tips,1,2.00,0.10,tip", "tax"),
      ("X,K,2026-03-08 12:00,,Tea,Drinks,1,2.00,,gift", "kind"),
    ])
  func refused(row: String, field: String) throws {
    let header =
      "order_id,store_id,placed_at,customer_id,item_name,category,quantity,unit_price,"
      + "tax,kind\n"
    let error = try #require(throws: TallyError.self) {
      let lines = try OrderLineFile.parse(Data((header + row).utf8), fileName: "k.csv")
      _ = try memoryStore(clock: .on(day8)).importLines(lines)
    }
    #expect(error.field == field, "\(error)")
    #expect(error.source?.line == 2)
  }

  @Test("a refund, discount or tip line never sets an item's menu price, name or category")
  func menuUntouched() throws {
    let store = try memoryStore(clock: .on(day8))
    _ = try store.importLines(
      try OrderLineFile.parse(
        Data(
          """
          order_id,store_id,placed_at,item_name,category,quantity,unit_price,kind
          M1,K,2026-03-08 12:00,Burger,Mains,1,10.00,
          M2,K,2026-03-08 13:00,Burger,Refunds,1,4.00,refund
          M2,K,2026-03-08 13:00,Tip,Tips,1,2.00,tip
          """.utf8), fileName: "m.csv"))
    let repository = try #require(store.repository as? MemoryStoreRepository)
    let menu = repository.snapshot.items.values.sorted { $0.id < $1.id }
      .map { "\($0.name) \($0.category) \($0.price.hundredths)" }
    // Burger keeps its sale's category and price; the tip names an item of its own.
    #expect(menu == ["Burger Mains 1000", "Tip Tips 200"])
  }

  @Test("JSON Lines take kind and negative amounts the same way")
  func jsonLines() throws {
    let lines = try OrderLineFile.parse(
      Data(
        """
        {"order_id":"J1","store_id":"K","placed_at":"2026-03-08 12:00","item_name":"Fries","category":"Sides","quantity":1,"unit_price":-3.50}
        {"order_id":"J1","store_id":"K","placed_at":"2026-03-08 12:00","item_name":"Tip","category":"Tips","quantity":1,"unit_price":"2.00","kind":"tip"}
        """.utf8), fileName: "k.jsonl")
    #expect(lines.map(\.kind) == [.refund, .tip])
    #expect(lines.map(\.unitPrice) == [cents("3.50"), cents("2.00")])
  }
}
