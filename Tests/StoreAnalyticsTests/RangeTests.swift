import AnalyticsCore
import Foundation
import StoreAnalytics
import Testing

/// One UTC store with orders in January 2025, December 2025 and January 2026:
/// - Y1 2025-01-10 12:00 Pie ×1 @10.00; Y2 2025-01-15 18:00 Cake ×1 @5.00
/// - D1 2025-12-31 12:00 Pie ×1 @10.00
/// - J1 2026-01-10 12:00 Pie ×2 @10.00 = 20.00; J2 2026-01-20 18:00 Cake ×1 @5.00
/// - J3 2026-01-21 12:00 Pie ×1 @10.00, refunded: counts nowhere
let rangeOrders = """
  order_id,store_id,placed_at,status,item_name,category,quantity,unit_price
  Y1,S,2025-01-10 12:00,completed,Pie,Food,1,10.00
  Y2,S,2025-01-15 18:00,completed,Cake,Sweets,1,5.00
  D1,S,2025-12-31 12:00,completed,Pie,Food,1,10.00
  J1,S,2026-01-10 12:00,completed,Pie,Food,2,10.00
  J2,S,2026-01-20 18:00,completed,Cake,Sweets,1,5.00
  J3,S,2026-01-21 12:00,refunded,Pie,Food,1,10.00
  """

private func rangeStore() throws -> ShopAnalytics {
  let store = try memoryStore()
  _ = try store.importLines(try OrderLineFile.parse(Data(rangeOrders.utf8), fileName: "r.csv"))
  return store
}

private let january = try! DayRange(start: day("2026-01-01"), end: day("2026-01-31"))

@Suite("Explicit ranges")
struct RangeTests {
  @Test("metrics of January 2026 against December and against January 2025") func metrics() throws {
    let store = try rangeStore()
    // January 2026: J1 20.00 + J2 5.00 = 25.00 over 2 orders.
    let previous = try store.metrics(
      storeId: "S", current: january, previous: Comparison.previous.window(for: january))
    #expect(previous.previous == (try DayRange(start: day("2025-12-01"), end: day("2025-12-31"))))
    #expect(previous.totalRevenue == cents("25.00") && previous.totalOrders == 2)
    // December: D1 10.00 → (25 − 10) / 10 = +150%.
    #expect(previous.previousRevenue == cents("10.00"))
    #expect(previous.revenueChange == 150)
    let yearAgo = try store.metrics(
      storeId: "S", current: january, previous: Comparison.yearAgo.window(for: january))
    #expect(yearAgo.previous == (try DayRange(start: day("2025-01-01"), end: day("2025-01-31"))))
    // January 2025: Y1 10.00 + Y2 5.00 = 15.00 → (25 − 15) / 15 = +66.67%.
    #expect(yearAgo.previousRevenue == cents("15.00"))
    #expect(abs(yearAgo.revenueChange! - 66.666_666_7) < 1e-6)
    #expect(yearAgo.ordersChange == 0)
  }

  @Test("a year ago from Feb 29 is Feb 28") func leapDay() throws {
    let leap = try DayRange(start: day("2024-02-01"), end: day("2024-02-29"))
    #expect(Comparison.yearAgo.window(for: leap).end == day("2023-02-28"))
  }

  @Test("busiest hours over a range") func hourly() throws {
    let hours = try rangeStore().hourly(storeId: "S", range: january)
    #expect(hours.count == 24)
    // J1 at 12:00 (20.00), J2 at 18:00 (5.00); J3 was refunded.
    #expect(hours.filter { $0.orders > 0 }.map(\.key) == [12, 18])
    #expect(hours[12].revenue == cents("20.00") && hours[18].revenue == cents("5.00"))
  }

  @Test("items and categories for a range, from the orders") func itemsAndCategories() throws {
    let store = try rangeStore()
    let items = try store.popular(storeId: "S", range: january, limit: 5)
    // Pie: J1 only, 2 units, 20.00; Cake: J2, 5.00.
    #expect(items.map(\.itemName) == ["Pie", "Cake"])
    #expect(items.map(\.totalQuantity) == [2, 1])
    #expect(items.map(\.totalRevenue) == [cents("20.00"), cents("5.00")])
    #expect(items.map(\.timesOrdered) == [1, 1])
    // All time: Pie Y1 10 + D1 10 + J1 20 = 40.00.
    #expect(try store.popular(storeId: "S", limit: 1).map(\.totalRevenue) == [cents("40.00")])
    let categories = try store.categories(storeId: nil, range: january, limit: 5)
    #expect(categories.map(\.category) == ["Food", "Sweets"])
    #expect(categories.map(\.totalRevenue) == [cents("20.00"), cents("5.00")])
    #expect(categories.map(\.itemsSold) == [2, 1])
  }

  /// Orders count once per item and per category they hold, however many lines they have, and
  /// ties in revenue go by name.
  @Test("a range's items and categories count each order once") func distinctOrders() throws {
    let store = try memoryStore()
    let lines = """
      order_id,store_id,placed_at,status,item_name,category,quantity,unit_price
      A,S,2026-01-05 12:00,completed,Pie,Food,1,10.00
      A,S,2026-01-05 12:00,completed,Pie,Food,2,10.00
      A,S,2026-01-05 12:00,completed,Soup,Food,1,4.00
      B,S,2026-01-06 12:00,completed,Soup,Food,1,4.00
      B,S,2026-01-06 12:00,completed,Tea,Drinks,2,3.00
      C,T,2026-01-06 12:00,completed,Tea,Drinks,1,3.00
      D,S,2026-02-01 12:00,completed,Pie,Food,1,10.00
      """
    _ = try store.importLines(try OrderLineFile.parse(Data(lines.utf8), fileName: "d.csv"))
    // Store S in January: Pie 3 units in A (30.00, one order); Soup in A and B (8.00, two
    // orders); Tea 2 units in B (6.00). D is February; C is store T.
    let items = try store.popular(storeId: "S", range: january, limit: 5)
    #expect(items.map(\.itemName) == ["Pie", "Soup", "Tea"])
    #expect(items.map(\.timesOrdered) == [1, 2, 1])
    #expect(items.map(\.totalQuantity) == [3, 2, 2])
    #expect(items.map(\.totalRevenue) == [cents("30.00"), cents("8.00"), cents("6.00")])
    // Categories of S: Food in A and B (30 + 8 = 38.00, 3 + 2 = 5 items, two orders); Drinks
    // in B (6.00). All stores: Drinks adds C's 3.00 and its second order.
    let food = try store.categories(storeId: "S", range: january, limit: 5)
    #expect(food.map(\.category) == ["Food", "Drinks"])
    #expect(food.map(\.orderCount) == [2, 1])
    #expect(food.map(\.itemsSold) == [5, 2])
    #expect(food.map(\.totalRevenue) == [cents("38.00"), cents("6.00")])
    // Read together (one pass, for the report): the same.
    let both = try store.sales(storeId: "S", range: january, limit: 5)
    #expect(both.items == items && both.categories == food)
    let all = try store.categories(storeId: nil, range: january, limit: 5)
    #expect(all.map(\.orderCount) == [2, 2])
    #expect(all.map(\.totalRevenue) == [cents("38.00"), cents("9.00")])
    // Equal revenue: by name. Two items of 6.00 each in one order on 2026-01-07.
    let ties = try memoryStore()
    let tied = """
      order_id,store_id,placed_at,status,item_name,category,quantity,unit_price
      E,S,2026-01-07 12:00,completed,Zest,Food,1,6.00
      E,S,2026-01-07 12:00,completed,Apple,Food,1,6.00
      """
    _ = try ties.importLines(try OrderLineFile.parse(Data(tied.utf8), fileName: "t.csv"))
    #expect(
      try ties.popular(storeId: "S", range: january, limit: 5).map(\.itemName) == ["Apple", "Zest"])
    #expect(try ties.popular(storeId: "S", range: january, limit: 1).map(\.itemName) == ["Apple"])
  }

  @Test("charts of a range: by day up to 31 days, by week up to 92, else by month")
  func charts() throws {
    let store = try rangeStore()
    let days = try store.chart(storeId: "S", window: january, by: january.chartPeriod)
    #expect(days.count == 31)
    #expect(days[9].key == .day(day("2026-01-10")) && days[9].revenue == cents("20.00"))
    let winter = try DayRange(start: day("2025-12-01"), end: day("2026-02-28"))
    #expect(winter.chartPeriod == .week)  // 31 + 31 + 28 = 90 days
    let weeks = try store.chart(storeId: "S", window: winter, by: winter.chartPeriod)
    // Mondays from 2025-12-01 to 2026-02-23: 13 weeks.
    #expect(weeks.count == 13)
    #expect(weeks.first?.key == .week(startingOn: day("2025-12-01")))
    let year = try DayRange(start: day("2025-01-01"), end: day("2026-01-31"))
    #expect(year.chartPeriod == .month)
    let months = try store.chart(storeId: "S", window: year, by: year.chartPeriod)
    #expect(months.count == 13)
    // January 2025: 15.00; December 2025: 10.00; January 2026: 25.00.
    #expect(months.map(\.revenue)[0] == cents("15.00"))
    #expect(months.map(\.revenue)[11] == cents("10.00"))
    #expect(months.map(\.revenue)[12] == cents("25.00"))
  }

  @Test("time of day over a range") func timeDistribution() throws {
    let parts = try rangeStore().timeDistribution(storeId: "S", range: january)
    // J1 12:00 is lunch, J2 18:00 dinner.
    #expect(parts.map(\.orders) == [0, 1, 1, 0])
    #expect(parts.map(\.revenue) == [.zero, cents("20.00"), cents("5.00"), .zero])
  }

  @Test("weekdays: Monday first, averages per such day in the range") func weekdays() throws {
    let rows = try rangeStore().weekdays(storeId: "S", range: january)
    #expect(rows.map(\.weekday) == Weekday.allCases.sorted())
    // January 2026 starts on a Thursday: 5 Thursdays, Fridays and Saturdays, 4 of the rest.
    #expect(rows.map(\.days) == [4, 4, 4, 5, 5, 5, 4])
    // J1 2026-01-10 is a Saturday (20.00), J2 2026-01-20 a Tuesday (5.00).
    #expect(rows.map(\.orders) == [0, 1, 0, 0, 0, 1, 0])
    #expect(rows[5].revenue == cents("20.00"))
    // 20.00 over 5 Saturdays = 4.00 a Saturday; 5.00 over 4 Tuesdays = 1.25.
    #expect(rows[5].averageRevenuePerDay == cents("4.00"))
    #expect(rows[1].averageRevenuePerDay == cents("1.25"))
  }
}
