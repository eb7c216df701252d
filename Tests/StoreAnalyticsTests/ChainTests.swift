import AnalyticsCore
import Foundation
import StoreAnalytics
import Testing

/// The chain as a whole (issue 34 §1) on a three-store chain built for it, on every backend.
/// Stores N (America/New_York, UTC−5 in winter), T (Asia/Tokyo, UTC+9), L (Europe/London, UTC+0
/// in winter); each order's local day worked by hand from its instant:
/// - N00 2025-12-20T17:00Z → N 2025-12-20 12h, Pie 10.00, c3;
/// - N0 2026-01-10T17:00Z → N 2026-01-10 12h, Pie 10.00, c3;
/// - L0 2026-01-15T12:00Z → L 2026-01-15 12h, Cake 5.00, c2;
/// - N1 2026-02-28T03:00Z → N 2026-02-27 22h, Pie 10.00, c1;
/// - N2 2026-02-27T20:00Z → N 2026-02-27 15h, Cake 5.00, c2;
/// - L1 2026-02-27T12:00Z → L 2026-02-27 12h, Cake 5.00, c2;
/// - T1 2026-02-27T16:00Z → T 2026-02-28 01h, Pie 12.00, c1.
let chainOrders = """
  order_id,store_id,placed_at,customer_id,item_name,category,quantity,unit_price
  N00,N,2025-12-20T17:00:00Z,c3,Pie,Food,1,10.00
  N0,N,2026-01-10T17:00:00Z,c3,Pie,Food,1,10.00
  L0,L,2026-01-15T12:00:00Z,c2,Cake,Sweets,1,5.00
  N1,N,2026-02-28T03:00:00Z,c1,Pie,Food,1,10.00
  N2,N,2026-02-27T20:00:00Z,c2,Cake,Sweets,1,5.00
  L1,L,2026-02-27T12:00:00Z,c2,Cake,Sweets,1,5.00
  T1,T,2026-02-27T16:00:00Z,c1,Pie,Food,1,12.00
  """

@Suite("The chain as a whole")
struct ChainTests {
  private func chain(_ backend: Backend) throws -> ShopAnalytics {
    let shops = ShopAnalytics(repository: try backend.make(), clock: .on(day("2026-12-31")))
    _ = try shops.addStore(id: "N", name: "New York", zone: Zone(identifier: "America/New_York"))
    _ = try shops.addStore(id: "T", name: "Tokyo", zone: Zone(identifier: "Asia/Tokyo"))
    _ = try shops.addStore(id: "L", name: "London", zone: Zone(identifier: "Europe/London"))
    _ = try shops.importLines(try OrderLineFile.parse(Data(chainOrders.utf8), fileName: "c.csv"))
    return shops
  }

  @Test("metrics: sums, customers once, same-store sales", arguments: Backend.allCases)
  func metrics(backend: Backend) throws {
    let shops = try chain(backend)
    let all = try shops.group([])
    #expect(all.isChain && all.ids == ["L", "N", "T"])
    // Month as of Feb 28: 2026-01-30…02-28 against 2025-12-31…2026-01-29.
    let m = try shops.metrics(of: all, range: .month, asOf: day("2026-02-28"), calendar: false)
    // N1 10 + N2 5 + L1 5 + T1 12; before: N0 10 + L0 5.
    #expect(m.totalRevenue.description == "32.00" && m.totalOrders == 4)
    #expect(m.previousRevenue.description == "15.00" && m.previousOrders == 2)
    // c1 (N, T) and c2 (N, L): 2, where the stores' own counts sum to 4.
    #expect(m.uniqueCustomers == 2)
    // (32 − 15) / 15 = 113.3%.
    #expect(m.revenueChange.map { ($0 * 10).rounded() / 10 } == 113.3)
    // Same store: only N traded on or before Dec 31 and in both windows (L opened Jan 15, T has
    // nothing before): 15.00 (2 orders) against 10.00 (1), +50%.
    let same = try #require(m.sameStore)
    #expect(same.storeIds == ["N"])
    #expect(same.revenue.description == "15.00" && same.previousRevenue.description == "10.00")
    #expect(same.orders == 2 && same.previousOrders == 1 && same.revenueChange == 50)
    // One store alone has no same-store part; a group of two has.
    let n = try shops.metrics(
      of: StoreGroup(shops.store("N")), range: .month, asOf: day("2026-02-28"), calendar: false)
    #expect(n.sameStore == nil && n.totalRevenue.description == "15.00")
    let lt = try shops.metrics(
      of: shops.group(["T", "L", "T"]), range: .month, asOf: day("2026-02-28"), calendar: false)
    #expect(lt.totalRevenue.description == "17.00" && lt.uniqueCustomers == 2)
    #expect(lt.sameStore?.storeIds == [])
  }

  @Test("daily: each store's local day summed, newest first", arguments: Backend.allCases)
  func daily(backend: Backend) throws {
    let shops = try chain(backend)
    let days = try shops.daily(of: shops.group([]), limit: 3, asOf: day("2026-02-28"))
    // Feb 28: T1 (Tokyo's Feb 28). Feb 27: N1, N2, L1 = 20.00, customers c1 and c2. Jan 15: L0.
    #expect(days.map { "\($0.date)" } == ["2026-02-28", "2026-02-27", "2026-01-15"])
    #expect(days.map(\.totalOrders) == [1, 3, 1])
    #expect(days.map(\.totalRevenue.description) == ["12.00", "20.00", "5.00"])
    #expect(days.map(\.uniqueCustomers) == [1, 2, 1])
    #expect(days.allSatisfy { $0.storeId == nil })
  }

  @Test("hours, weekdays and the chart sum the stores", arguments: Backend.allCases)
  func buckets(backend: Backend) throws {
    let shops = try chain(backend)
    let all = try shops.group([])
    let hours = try shops.hourly(of: all, range: DayRange(day: day("2026-02-27")))
    // N1 22h, N2 15h, L1 12h; T1 is Tokyo's Feb 28.
    #expect(
      hours.filter { $0.orders > 0 }.map { "\($0.key) \($0.revenue)" }
        == ["12 5.00", "15 5.00", "22 10.00"])
    let february = try DayRange(start: day("2026-02-01"), end: day("2026-02-28"))
    let weekdays = try shops.weekdays(of: all, range: february)
    // Fri Feb 27: 3 orders, 20.00; Sat Feb 28: T1.
    #expect(
      weekdays.filter { $0.orders > 0 }.map { "\($0.weekday.shortName) \($0.orders) \($0.revenue)" }
        == ["Fri 3 20.00", "Sat 1 12.00"])
    #expect(weekdays.allSatisfy { $0.days == 4 })
    let week = try shops.chart(of: all, range: .week, asOf: day("2026-02-28"))
    #expect(
      week.map(\.revenue.description) == ["0.00", "0.00", "0.00", "0.00", "0.00", "20.00", "12.00"])
  }

  @Test("items by name and categories across stores", arguments: Backend.allCases)
  func sales(backend: Backend) throws {
    let shops = try chain(backend)
    let items = try shops.popular(of: shops.group([]), limit: 10)
    // Pie: N00, N0, N1, T1 = 42.00; Cake: L0, N2, L1 = 15.00.
    #expect(
      items.map { "\($0.itemName) \($0.timesOrdered) \($0.totalRevenue)" } == [
        "Pie 4 42.00", "Cake 3 15.00",
      ])
    #expect(items.allSatisfy { $0.storeId == nil && $0.menuItemId == nil })
    let nt = try shops.popular(of: shops.group(["N", "T"]), limit: 10)
    #expect(nt.map { "\($0.itemName) \($0.totalRevenue)" } == ["Pie 42.00", "Cake 5.00"])
    let february = try DayRange(start: day("2026-02-01"), end: day("2026-02-28"))
    let categories = try shops.categories(of: shops.group(["N", "L"]), range: february, limit: 5)
    // Sweets: N2 + L1 = 10.00 in 2 orders; Food: N1 10.00 in 1 (T's Pie is not in the group).
    #expect(
      categories.map { "\($0.category) \($0.orderCount) \($0.totalRevenue)" } == [
        "Food 1 10.00", "Sweets 2 10.00",
      ])
    let families = try shops.popularFamilies(of: shops.group([]), limit: 5)
    #expect(
      families.map { "\($0.family) \($0.items) \($0.totalRevenue)" } == [
        "Pie 1 42.00", "Cake 1 15.00",
      ])
  }

  @Test("an unknown store in a group, and a chain of none, are refused")
  func refusals() throws {
    let shops = ShopAnalytics(repository: try Backend.memory.make(), clock: .on(day("2026-12-31")))
    #expect(throws: TallyError.self) { try shops.group([]) }
    _ = try shops.addStore(id: "N", name: "New York", zone: .utc)
    #expect(throws: TallyError.self) { try shops.group(["N", "X"]) }
  }
}
