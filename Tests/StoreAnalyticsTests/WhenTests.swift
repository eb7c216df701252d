import AnalyticsCore
import Foundation
import StoreAnalytics
import Testing

/// Heat map, partial periods and forecast (issue 34 §5) on orders built for them, on every
/// backend. Store S in UTC:
/// - 2026-03-02 (Mon) 12:10 Pie 10.00; 12:40 Pie 10.00; 2026-03-03 (Tue) 18:05 Cake 5.00;
/// - 2026-03-09 (Mon) 12:20 Pie 10.00; 2026-03-15 (Sun) 23:50 Cake 5.00; a refunded order
///   2026-03-09 13:00 counts nowhere.
let whenOrders = """
  order_id,store_id,placed_at,status,item_name,category,quantity,unit_price
  A,S,2026-03-02 12:10,completed,Pie,Food,1,10.00
  B,S,2026-03-02 12:40,completed,Pie,Food,1,10.00
  C,S,2026-03-03 18:05,completed,Cake,Sweets,1,5.00
  D,S,2026-03-09 12:20,completed,Pie,Food,1,10.00
  E,S,2026-03-15 23:50,completed,Cake,Sweets,1,5.00
  F,S,2026-03-09 13:00,refunded,Pie,Food,1,10.00
  """

@Suite("When: heat map, partial periods, forecast")
struct WhenTests {
  private func store(_ backend: Backend) throws -> ShopAnalytics {
    let store = ShopAnalytics(repository: try backend.make(), clock: .on(day("2026-12-31")))
    _ = try store.importLines(try OrderLineFile.parse(Data(whenOrders.utf8), fileName: "w.csv"))
    return store
  }

  @Test("weekday × hour cells, counted by hand", arguments: Backend.allCases)
  func heatmap(backend: Backend) throws {
    let cells = try store(backend).heatmap(
      storeId: "S", range: try DayRange(start: day("2026-03-01"), end: day("2026-03-31")))
    #expect(cells.count == 168)
    let busy = cells.filter { $0.orders > 0 }.map {
      "\($0.weekday.shortName) \($0.hour) \($0.orders) \($0.revenue)"
    }
    // Mondays 12h: A, B, D = 3 orders, 30.00; Tuesday 18h: C; Sunday 23h: E.
    #expect(busy == ["Mon 12 3 30.00", "Tue 18 1 5.00", "Sun 23 1 5.00"])
    #expect(cells[0].weekday == .monday && cells[0].hour == 0)
  }

  @Test("a week the window or the opening cuts is partial", arguments: Backend.allCases)
  func partial(backend: Backend) throws {
    // Weeks of Feb 23, Mar 2, Mar 9 from Wed Feb 25 to Thu Mar 12: the first is cut by the
    // window (and the store opened on Mar 2, the next week's Monday: not inside it), the last by
    // the window's end.
    let points = try store(backend).chart(
      storeId: "S", window: try DayRange(start: day("2026-02-25"), end: day("2026-03-12")),
      by: .week)
    #expect(points.map(\.partial) == [true, false, true])
    // Store T opened on Wednesday Mar 4: for a window of whole weeks from Mar 2, its first
    // week is cut by its data, the next is whole.
    let shop = try store(backend)
    _ = try shop.importLines(
      try OrderLineFile.parse(
        Data(
          """
          order_id,store_id,placed_at,status,item_name,category,quantity,unit_price
          T1,T,2026-03-04 12:00,completed,Pie,Food,1,10.00
          T2,T,2026-03-09 12:00,completed,Pie,Food,1,10.00
          """.utf8), fileName: "t.csv"))
    let opened = try shop.chart(
      storeId: "T", window: try DayRange(start: day("2026-03-02"), end: day("2026-03-15")),
      by: .week)
    #expect(opened.map(\.partial) == [true, false])
    // S opened on the window's first Monday: nothing cut.
    let whole = try shop.chart(
      storeId: "S", window: try DayRange(start: day("2026-03-02"), end: day("2026-03-15")),
      by: .week)
    #expect(whole.map(\.partial) == [false, false])
    // Days are never partial.
    let days = try store(backend).chart(
      storeId: "S", window: try DayRange(start: day("2026-03-02"), end: day("2026-03-08")),
      by: .day)
    #expect(days.allSatisfy { !$0.partial })
  }

  @Test("the weekday means and trend of two weeks, by hand", arguments: Backend.allCases)
  func forecast(backend: Backend) throws {
    let store = try store(backend)
    // History from the first order (Mar 2) through Sun Mar 15 is two whole weeks; means per
    // weekday: Mon (20 + 10) / 2 = 15, Tue 2.50, Sun 2.50, others 0; weekly means 25/7 and
    // 15/7: slope −10/7 per week.
    let forecast = try store.forecast(storeId: "S", days: 7, asOf: day("2026-03-15"))
    #expect(forecast.history == (try DayRange(start: day("2026-03-02"), end: day("2026-03-15"))))
    // Monday Mar 16 (index 14, position 0, middle 3.5): 15 − 10/7 × (14 − 3.5) / 7 = 12.857…
    #expect(forecast.days[0].date == day("2026-03-16"))
    #expect(forecast.days[0].revenue == cents("12.86"))
    // Tuesday: 2.50 − 10/7 × (15 − 4.5) / 7 = 0.357… → 0.36; Wednesday: 0 − … < 0 → 0.
    #expect(forecast.days[1].revenue == cents("0.36") && forecast.days[2].revenue == .zero)
    #expect(forecast.revenueError == nil)
    #expect(throws: TallyError.self) {
      try store.forecast(storeId: "S", days: 7, asOf: day("2026-03-10"))
    }
    #expect(throws: TallyError.self) {
      try store.forecast(storeId: "S", days: 0, asOf: day("2026-03-15"))
    }
  }
}
