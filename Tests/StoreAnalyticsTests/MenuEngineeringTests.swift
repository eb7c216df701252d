import AnalyticsCore
import Foundation
import StoreAnalytics
import Testing

/// The Kasavana–Smith matrix (issue 34 §3) on a menu built for it, by hand, on every backend.
/// Store M in March 2026: Burger 10 × 10.00 (cost 4.00), Fries 8 × 3.00 (1.00), Salad 2 × 8.00
/// (2.00), Steak 1 × 30.00 (12.00), Soup 1 × 4.00 (3.00): 22 items sold, 5 items.
/// Contributions: Burger 100 − 40 = 60, Fries 24 − 8 = 16, Salad 16 − 4 = 12, Steak 18, Soup 1;
/// 107 in all, 107 / 22 = 4.863… → 4.86 a unit on average. Popular from 70% × 1/5 = 14%:
/// Burger 45.5%, Fries 36.4%; Salad 9.1%, Steak and Soup 4.5% are not.
let menuOrders = """
  order_id,store_id,placed_at,status,item_name,category,quantity,unit_price
  1,M,2026-03-02 12:00,completed,Burger,Mains,10,10.00
  2,M,2026-03-02 13:00,completed,Fries,Sides,8,3.00
  3,M,2026-03-03 12:00,completed,Salad,Mains,2,8.00
  4,M,2026-03-03 19:00,completed,Steak,Mains,1,30.00
  5,M,2026-03-04 12:00,completed,Soup,Starters,1,4.00
  6,M,2026-03-04 12:30,completed,Pie,Sweets,1,5.00
  7,M,2026-01-04 12:30,completed,Tea,Drinks,1,2.00
  """

@Suite("Menu engineering")
struct MenuEngineeringTests {
  let costs = """
    item,unit_cost
    Burger,4.00
    Fries,1.00
    Salad,2.00
    Steak,12.00
    Soup,3.00
    Tea,0.50
    """

  @Test("stars, plowhorses, puzzles and dogs, by hand", arguments: Backend.allCases)
  func matrix(backend: Backend) throws {
    let store = ShopAnalytics(repository: try backend.make(), clock: .on(day("2026-12-31")))
    _ = try store.importLines(try OrderLineFile.parse(Data(menuOrders.utf8), fileName: "m.csv"))
    let march = try DayRange(start: day("2026-03-01"), end: day("2026-03-31"))
    let matrix = try store.menuEngineering(
      storeId: "M", range: march,
      costs: try MenuCosts.parse(Data(costs.utf8), fileName: "costs.csv"))
    #expect(
      matrix.items.map { "\($0.name) \($0.label.rawValue) \($0.contribution) \($0.unitMargin)" }
        == [
          "Burger star 60.00 6.00", "Steak puzzle 18.00 18.00", "Fries plowhorse 16.00 2.00",
          "Salad puzzle 12.00 6.00", "Soup dog 1.00 1.00",
        ])
    #expect(matrix.averageMargin == cents("4.86") && matrix.contribution == cents("107.00"))
    #expect(matrix.popularityThreshold == 14)
    #expect(matrix.items[0].mixPercent == 45.5)
    // Pie was sold without a cost; Tea has one but was not sold in March.
    #expect(matrix.withoutCost == ["Pie"] && matrix.notSold == ["Tea"])
  }

  @Test("a cost for an item never sold is refused with its line and the closest name")
  func misspelt() throws {
    let store = try memoryStore()
    _ = try store.importLines(try OrderLineFile.parse(Data(menuOrders.utf8), fileName: "m.csv"))
    let error = try #require(throws: TallyError.self) {
      try store.menuEngineering(
        storeId: "M", range: try DayRange(start: day("2026-03-01"), end: day("2026-03-31")),
        costs: try MenuCosts.parse(Data("item,unit_cost\nBurgr,4.00\n".utf8), fileName: "c.csv"))
    }
    #expect(error.source?.line == 2 && error.description.contains("'Burger'"))
    let negative = try #require(throws: TallyError.self) {
      try MenuCosts.parse(Data("item,unit_cost\nBurger,-1\n".utf8), fileName: "c.csv")
    }
    #expect(negative.value == "-1")
  }
}

@Suite("Item families")
struct ItemFamilyTests {
  @Test("a trailing size in parentheses is dropped; other names stay whole")
  func names() {
    #expect(ItemFamily.name(of: "The Thai Chicken Pizza (L)") == "The Thai Chicken Pizza")
    #expect(ItemFamily.name(of: "Latte (16 oz)") == "Latte")
    #expect(ItemFamily.name(of: "Fries") == "Fries")
    #expect(ItemFamily.name(of: "(L)") == "(L)")
    #expect(ItemFamily.name(of: "Soup (a very long note here)") == "Soup (a very long note here)")
  }

  @Test("sizes roll up; ranked by revenue", arguments: Backend.allCases)
  func rollUp(backend: Backend) throws {
    let store = ShopAnalytics(repository: try backend.make(), clock: .on(day("2026-12-31")))
    _ = try store.importLines(
      try OrderLineFile.parse(
        Data(
          """
          order_id,store_id,placed_at,status,item_name,category,quantity,unit_price
          1,F,2026-03-02 12:00,completed,Pizza (S),Pizza,2,10.00
          1,F,2026-03-02 12:00,completed,Pizza (L),Pizza,1,16.00
          2,F,2026-03-03 12:00,completed,Pizza (L),Pizza,1,16.00
          3,F,2026-03-03 13:00,completed,Salad,Greens,4,9.00
          """.utf8), fileName: "f.csv"))
    let families = try store.popularFamilies(storeId: "F", limit: 10)
    // Pizza: 2 × 10 + 16 + 16 = 52.00 over 4 units, two sizes; its times_ordered sums the
    // sizes' (order 1 has both): 1 + 2 = 3. Salad 36.00.
    #expect(families.map(\.family) == ["Pizza", "Salad"])
    #expect(families[0].totalRevenue == cents("52.00") && families[0].items == 2)
    #expect(families[0].timesOrdered == 3 && families[0].averagePrice == cents("13.00"))
  }

  /// The pizza set files each size as a subcategory (Chicken / L): by family, a dish is one row
  /// of its category, not one per size; a family whose sizes share a subcategory keeps it.
  @Test(
    "categories by family: a dish in several subcategories is one row", arguments: Backend.allCases)
  func familiesAcrossSubcategories(backend: Backend) throws {
    let store = ShopAnalytics(repository: try backend.make(), clock: .on(day("2026-12-31")))
    _ = try store.importLines(
      try OrderLineFile.parse(
        Data(
          """
          order_id,store_id,placed_at,item_name,category,subcategory,quantity,unit_price
          1,F,2026-03-02 12:00,Thai (S),Chicken,S,2,12.00
          2,F,2026-03-02 13:00,Thai (L),Chicken,L,1,20.75
          3,F,2026-03-03 12:00,Veggie (M),Veggie,M,1,16.00
          4,F,2026-03-03 12:10,Veggie (L),Veggie,M,1,18.00
          """.utf8), fileName: "f.csv"))
    let rows = try store.categoryBreakdown(
      of: StoreGroup(store.store("F")), byFamily: true, limit: 10)
    // Thai: 2 × 12.00 + 20.75 = 44.75 over 3 pizzas, two items, no one subcategory; Veggie:
    // 16.00 + 18.00 = 34.00, both filed under M.
    #expect(
      rows.map {
        "\($0.category ?? "-")/\($0.subcategory ?? "-") \($0.family) \($0.items) \($0.totalQuantity) \($0.totalRevenue)"
      } == ["Chicken/- Thai 2 3 44.75", "Veggie/M Veggie 2 2 34.00"])
    // By item, sizes stay apart under their own subcategories.
    let items = try store.categoryBreakdown(
      of: StoreGroup(store.store("F")), byFamily: false, limit: 10)
    #expect(
      items.map { "\($0.subcategory ?? "-") \($0.family)" }.sorted() == [
        "L Thai (L)", "M Veggie (L)", "M Veggie (M)", "S Thai (S)",
      ])
  }

  /// A POS post names a dish by name, without the POS id or the subcategory an export gave it:
  /// the item keeps both, so the next export naming it by its id finds the same item.
  @Test(
    "a line by name alone keeps the item's POS id and subcategory", arguments: Backend.allCases)
  func lineByNameKeepsItemFields(backend: Backend) throws {
    let store = ShopAnalytics(repository: try backend.make(), clock: .on(day("2026-12-31")))
    for file in [
      "order_id,store_id,placed_at,item_id,item_name,category,subcategory,quantity,unit_price\n"
        + "1,F,2026-03-02 12:00,thai_l,Thai (L),Chicken,L,1,20.75",
      "order_id,store_id,placed_at,item_name,category,quantity,unit_price\n"
        + "2,F,2026-03-03 12:00,Thai (L),Chicken,2,20.75",
      "order_id,store_id,placed_at,item_id,item_name,category,subcategory,quantity,unit_price\n"
        + "3,F,2026-03-04 12:00,thai_l,Thai (L),Chicken,L,1,20.75",
    ] {
      _ = try store.importLines(try OrderLineFile.parse(Data(file.utf8), fileName: "f.csv"))
    }
    let popular = try store.popular(storeId: "F", limit: 10)
    // One item: 1 + 2 + 1 = 4 pizzas, 4 × 20.75 = 83.00, in 3 orders.
    #expect(
      popular.map { "\($0.itemName) \($0.timesOrdered) \($0.totalQuantity) \($0.totalRevenue)" }
        == ["Thai (L) 3 4 83.00"])
    let id = try #require(popular.first?.menuItemId)
    let items = try store.repository.menuItems(ids: [id])
    #expect(items.map { "\($0.externalId ?? "-") \($0.subcategory ?? "-")" } == ["thai_l L"])
    // Moved to another category by name alone, it leaves the old category's subcategory.
    let moved =
      "order_id,store_id,placed_at,item_name,category,quantity,unit_price\n"
      + "4,F,2026-03-05 12:00,Thai (L),Specials,1,20.75"
    _ = try store.importLines(try OrderLineFile.parse(Data(moved.utf8), fileName: "g.csv"))
    #expect(
      try store.repository.menuItems(ids: [id]).map {
        "\($0.externalId ?? "-") \($0.category) \($0.subcategory ?? "-")"
      } == ["thai_l Specials -"])
  }

  @Test(
    "item_family names a dish; a later file without the column keeps it; by category",
    arguments: Backend.allCases)
  func namedFamilies(backend: Backend) throws {
    let store = ShopAnalytics(repository: try backend.make(), clock: .on(day("2026-12-31")))
    _ = try store.importLines(
      try OrderLineFile.parse(
        Data(
          """
          order_id,store_id,placed_at,item_name,item_family,category,quantity,unit_price
          1,F,2026-03-02 12:00,Small Marg,Margherita,Pizza,2,9.00
          2,F,2026-03-02 13:00,Large Marg,Margherita,Pizza,1,15.00
          3,F,2026-03-03 12:00,Latte (16 oz),,Drinks,2,4.50
          4,F,2026-03-03 12:10,Latte (12 oz),,Drinks,1,4.00
          """.utf8), fileName: "f.csv"))
    // A later file without the column (a POS post) names Small Marg again: its family stays.
    _ = try store.importLines(
      try OrderLineFile.parse(
        Data(
          """
          order_id,store_id,placed_at,item_name,category,quantity,unit_price
          5,F,2026-03-04 12:00,Small Marg,Pizza,1,9.00
          """.utf8), fileName: "g.csv"))
    let families = try store.popularFamilies(storeId: "F", limit: 10)
    // Margherita: 18 + 15 + 9 = 42.00 over 4 units, 3 orders; Latte (no column: the name less
    // its size) 9 + 4 = 13.00.
    #expect(
      families.map { "\($0.family) \($0.items) \($0.timesOrdered) \($0.totalRevenue)" } == [
        "Margherita 2 3 42.00", "Latte 2 2 13.00",
      ])
    let byCategory = try store.categoryBreakdown(
      of: StoreGroup(store.store("F")), byFamily: true, limit: 10)
    #expect(
      byCategory.map { "\($0.category ?? "-") \($0.family) \($0.totalRevenue)" } == [
        "Pizza Margherita 42.00", "Drinks Latte 13.00",
      ])
    // Every item here has no subcategory: the family rows share it.
    #expect(byCategory.allSatisfy { $0.subcategory == nil || $0.subcategory == "" })
    let items = try store.categoryBreakdown(
      of: StoreGroup(store.store("F")), byFamily: false, limit: 2)
    #expect(
      items.map { "\($0.category ?? "-") \($0.family) \($0.totalRevenue)" } == [
        "Pizza Small Marg 27.00", "Pizza Large Marg 15.00",
      ])
  }
}
