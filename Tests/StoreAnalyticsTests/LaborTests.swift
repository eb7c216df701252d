import AnalyticsCore
import Foundation
import StoreAnalytics
import Testing

/// Labor (issue 34 §4) on shifts built for it, on every backend. Store S in America/New_York,
/// where 2026-03-08 02:00 EST jumps to 03:00 EDT:
/// - Ana, 2026-03-07 22:30 → 2026-03-08 04:30 local at 20.00: 5 real hours across the change,
///   Mar 7 1.5 h (22:30–24:00), Mar 8 3.5 h (00, 01, 03 and half of 04; 02 does not exist);
/// - Ben, 14:00Z → 18:15Z on Mar 8 (10:00 → 14:15 EDT) at 15.50: 4.25 h, 65.875 exactly;
/// - Cy, 2026-03-09 09:00 → 09:20 local at 18.00: outside a window of Mar 7–8.
/// Orders: Mar 7 23:10 Pie 30.00, Mar 8 12:30 Pie 50.00.
let laborShifts = """
  store_id,employee,start,end,hourly_wage
  S,Ana,2026-03-07 22:30,2026-03-08 04:30,20.00
  S,Ben,2026-03-08T14:00:00Z,2026-03-08T18:15:00Z,15.50
  S,Cy,2026-03-09 09:00,2026-03-09 09:20,18.00
  """

@Suite("Labor: shifts against sales")
struct LaborTests {
  private func store(_ backend: Backend) throws -> ShopAnalytics {
    let shops = ShopAnalytics(repository: try backend.make(), clock: .on(day("2026-12-31")))
    _ = try shops.addStore(id: "S", name: "S", zone: Zone(identifier: "America/New_York"))
    _ = try shops.importLines(
      try OrderLineFile.parse(
        Data(
          """
          order_id,store_id,placed_at,item_name,category,quantity,unit_price
          1,S,2026-03-07 23:10,Pie,Food,1,30.00
          2,S,2026-03-08 12:30,Pie,Food,1,50.00
          """.utf8), fileName: "o.csv"))
    let summary = try shops.importShifts(
      try ShiftFile.parse(Data(laborShifts.utf8), fileName: "shifts.csv"))
    #expect(summary.new == 3 && summary.updated == 0 && summary.alreadyPresent == 0)
    return shops
  }

  private let weekend = try! DayRange(start: day("2026-03-07"), end: day("2026-03-08"))

  @Test("hours, cost, share of sales and sales per hour, by hand", arguments: Backend.allCases)
  func figures(backend: Backend) throws {
    let labor = try store(backend).labor(storeId: "S", range: weekend)
    #expect(labor.shifts == 2 && labor.employees == 2)
    // 5 + 4.25 hours; 100.00 + 65.875 = 165.875, rounded once: 165.88.
    #expect(labor.total.hours.description == "9.25" && labor.total.cost.description == "165.88")
    #expect(labor.total.netSales.description == "80.00")
    // 165.875 / 80 … of the rounded cost: 165.88 / 80 = 207.35%; 80.00 / 9.25 h = 8.65.
    #expect(abs(labor.total.percentOfSales! - 207.35) < 0.001)
    #expect(labor.total.salesPerLaborHour?.description == "8.65")
    #expect(labor.days.map(\.figures.hours.description) == ["1.50", "7.75"])
    // Mar 8: 70.00 + 65.875 = 135.875 → 135.88.
    #expect(labor.days.map(\.figures.cost.description) == ["30.00", "135.88"])
    #expect(labor.days.map(\.figures.netSales.description) == ["30.00", "50.00"])
    let hours = labor.hours.map(\.hours.description)
    // 22h half an hour, 23h, 0h, 1h a whole one; 2h never was; 3h whole, 4h half.
    #expect(hours[22] == "0.50" && hours[23] == "1.00" && hours[0] == "1.00")
    #expect(hours[2] == "0.00" && hours[3] == "1.00" && hours[4] == "0.50")
    // Ben's 10, 11, 12, 13 and a quarter of 14.
    #expect(hours[10] == "1.00" && hours[14] == "0.25")
    // 12h: Ben's hour, 15.50, against 50.00 of sales: 31%.
    #expect(labor.hours[12].cost.description == "15.50" && labor.hours[12].percentOfSales == 31)
    // A day with no shift and no sale divides nothing.
    let empty = try store(backend).labor(
      storeId: "S", range: try DayRange(start: day("2026-03-10"), end: day("2026-03-10")))
    #expect(empty.total.percentOfSales == nil && empty.total.salesPerLaborHour == nil)
  }

  @Test(
    "a second import counts what changed; a zone edit keeps local shifts' times",
    arguments: Backend.allCases)
  func reimportAndZone(backend: Backend) throws {
    let shops = try store(backend)
    let again = try shops.importShifts(
      try ShiftFile.parse(
        Data(laborShifts.replacingOccurrences(of: ",15.50", with: ",16.00").utf8),
        fileName: "shifts.csv"))
    #expect(again.new == 0 && again.updated == 1 && again.alreadyPresent == 2)
    // Ben's 4.25 h now at 16.00: 68.00; with Ana's 100.00.
    #expect(try shops.labor(storeId: "S", range: weekend).total.cost.description == "168.00")
    // To Chicago: Ana and Cy (local times) keep them; Ben (instants) moves an hour earlier.
    let edit = try shops.editStore("S", zone: Zone(identifier: "America/Chicago"))
    #expect(edit.shiftsRetimed == 2)
    let moved = try shops.labor(storeId: "S", range: weekend)
    #expect(
      moved.hours[9].hours.description == "1.00" && moved.hours[14].hours.description == "0.00")
    #expect(moved.hours[22].hours.description == "0.50" && moved.total.hours.description == "9.25")
  }

  /// A review's case: shifts stored overlapping before overlaps were refused (Ana 08:00–20:00
  /// and 09:00–10:00) must not let a new shift inside the long one through, though it starts
  /// after the short one ends.
  @Test("a shift inside a long stored one is refused past a short stored one")
  func overlapPastStoredOverlap() throws {
    let shops = try store(.memory)
    let zone = try Zone(identifier: "America/New_York")
    func stored(_ start: String, _ end: String) throws -> Shift {
      Shift(
        storeId: "S", employee: "Ana",
        start: zone.instant(of: try LocalDateTime(parsing: start)),
        end: zone.instant(of: try LocalDateTime(parsing: end)), hourlyWage: .zero, wallClock: true)
    }
    let old = [
      try stored("2026-03-01 08:00", "2026-03-01 20:00"),
      try stored("2026-03-01 09:00", "2026-03-01 10:00"),
    ]
    try shops.repository.inTransaction { try $0.write(shifts: old, replacing: []) }
    let error = try #require(throws: TallyError.self) {
      try shops.importShifts(
        try ShiftFile.parse(
          Data(
            "store_id,employee,start,end,hourly_wage\nS,Ana,2026-03-01 11:00,2026-03-01 12:00,15.00\n"
              .utf8), fileName: "s.csv"))
    }
    #expect("\(error)".contains("its stored shift runs 2026-03-01 08:00 to 2026-03-01 20:00"))
  }

  @Test("bad shifts are refused naming line, column and value; nothing is stored")
  func refusals() throws {
    let shops = try store(.memory)
    func refusal(_ row: String) -> String {
      do {
        _ = try shops.importShifts(
          try ShiftFile.parse(
            Data("store_id,employee,start,end,hourly_wage\n\(row)\n".utf8), fileName: "s.csv"))
        return "accepted"
      } catch { return "\(error)" }
    }
    #expect(refusal("X,Ana,2026-03-01 09:00,2026-03-01 10:00,15.00").contains("store_id \"X\""))
    #expect(refusal("S,Ana,2026-03-01 09:00,2026-03-01 08:00,15.00").contains("line 2: end"))
    #expect(refusal("S,Ana,2026-03-01 09:00,2026-03-02 09:30,15.00").contains("at most 24 hours"))
    #expect(refusal("S,Ana,2026-03-01 09:00,2026-03-01 10:00,-1").contains("hourly_wage \"-1\""))
    #expect(refusal("S,Ana,9am,2026-03-01 10:00,15.00").contains("start \"9am\""))
    let twice = "S,Ana,2026-03-01 09:00,2026-03-01 10:00,15.00"
    #expect(refusal(twice + "\n" + twice).contains("line 2 starts Ana then"))
    // The same start written as a local time and as its instant (EST, UTC−5): one shift.
    #expect(
      refusal(twice + "\nS,Ana,2026-03-01T14:00:00Z,2026-03-01T15:00:00Z,15.00")
        .contains("line 2 starts Ana then"))
    #expect(
      refusal("S,Ana,2026-03-01 09:00,2026-03-01T15:00:00Z,15.00").contains("a local time"))
    // An employee's shifts may not overlap: the later one in the file is refused, naming the
    // other's line and times; one stored is named as stored (Ana's 2026-03-07 22:30 → 03-08
    // 04:30 from `laborShifts`). Another employee at the same time, or a shift starting as the
    // last ends, is no overlap.
    let overlap = refusal(
      "S,Ana,2026-03-01 09:00,2026-03-01 12:00,15.00\nS,Ana,2026-03-01 11:00,2026-03-01 13:00,15.00"
    )
    #expect(overlap.contains("line 3: start \"2026-03-01 11:00\""))
    #expect(overlap.contains("line 2 runs 2026-03-01 09:00 to 2026-03-01 12:00"))
    #expect(
      refusal("S,Ana,2026-03-08 03:00,2026-03-08 06:00,15.00").contains(
        "its stored shift runs 2026-03-07 22:30 to 2026-03-08 04:30"))
    #expect(
      try shops.labor(
        storeId: "S", range: try DayRange(start: day("2026-03-01"), end: day("2026-03-01"))
      ).shifts == 0)
    #expect(
      refusal(
        "S,Ana,2026-03-02 09:00,2026-03-02 12:00,15.00\nS,Ana,2026-03-02 12:00,2026-03-02 13:00,15.00\n"
          + "S,Dee,2026-03-02 10:00,2026-03-02 11:00,15.00") == "accepted")
  }
}
