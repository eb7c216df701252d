import AnalyticsCore
import Testing

@Suite("Periods and day ranges")
struct PeriodRangeTests {
  @Test(
    "period starts",
    arguments: [
      (Period.day, "2026-02-08", Weekday.monday, "2026-02-08"),
      (.week, "2026-02-08", .monday, "2026-02-02"),  // Sunday → the Monday before
      (.week, "2026-02-08", .sunday, "2026-02-08"),
      (.week, "2026-02-02", .sunday, "2026-02-01"),
      (.week, "2026-01-01", .monday, "2025-12-29"),  // across a year end
      (.month, "2026-02-08", .monday, "2026-02-01"),
      (.quarter, "2026-05-20", .monday, "2026-04-01"),
      (.quarter, "2026-12-31", .monday, "2026-10-01"),
      (.quarter, "2026-03-31", .monday, "2026-01-01"),
      (.year, "2026-12-31", .monday, "2026-01-01"),
    ])
  func starts(period: Period, date: String, weekStart: Weekday, expected: String) {
    #expect(period.start(of: day(date), weekStart: weekStart) == day(expected))
  }

  @Test(
    "whole periods",
    arguments: [
      (Period.week, "2026-02-08", "2026-02-02", "2026-02-08"),
      (.month, "2024-02-10", "2024-02-01", "2024-02-29"),
      (.quarter, "2026-11-05", "2026-10-01", "2026-12-31"),
      (.year, "2026-06-01", "2026-01-01", "2026-12-31"),
      (.day, "2026-06-01", "2026-06-01", "2026-06-01"),
    ])
  func wholePeriods(period: Period, date: String, start: String, end: String) {
    let range = DayRange.containing(day(date), period: period)
    #expect(range.start == day(start))
    #expect(range.end == day(end))
  }

  @Test(
    "parses period names",
    arguments: [
      ("day", Period.day), ("daily", .day), ("Weekly", .week), ("month", .month),
      ("monthly", .month), ("quarterly", .quarter), ("year", .year), ("yearly", .year),
    ])
  func parsesNames(text: String, expected: Period) throws {
    #expect(try Period(parsing: text) == expected)
  }

  @Test("refuses unknown periods") func refusesUnknown() {
    #expect {
      try Period(parsing: "fortnight")
    } throws: { error in
      let error = error as! TallyError
      return error.value == "fortnight" && (error.expected ?? "").contains("week")
    }
  }

  @Test("a range whose start is after its end names both days") func reversedRange() {
    #expect {
      try DayRange(start: day("2026-02-10"), end: day("2026-02-01"))
    } throws: { error in
      let text = (error as! TallyError).description
      return text.contains("2026-02-10") && text.contains("2026-02-01")
    }
  }

  @Test("day count, membership, previous window") func basics() throws {
    let february = try DayRange(start: day("2026-02-01"), end: day("2026-02-28"))
    #expect(february.dayCount == 28)
    #expect(february.contains(day("2026-02-14")))
    #expect(!february.contains(day("2026-03-01")))
    #expect(february.previous == (try DayRange(start: day("2026-01-04"), end: day("2026-01-31"))))
    #expect(DayRange(day: day("2026-02-08")).dayCount == 1)
    #expect(DayRange(day: day("2026-02-08")).previous == DayRange(day: day("2026-02-07")))
    #expect(february.description == "2026-02-01...2026-02-28")
    #expect(
      Array(try DayRange(start: day("2026-02-27"), end: day("2026-03-01"))) == [
        day("2026-02-27"), day("2026-02-28"), day("2026-03-01"),
      ])
    #expect(
      february.intersection(try DayRange(start: day("2026-03-01"), end: day("2026-03-02"))) == nil)
  }

  @Test(
    "presets relative to the as-of day",
    arguments: [
      ("last7", "2026-02-02", "2026-02-08"), ("last30", "2026-01-10", "2026-02-08"),
      ("today", "2026-02-08", "2026-02-08"), ("wtd", "2026-02-02", "2026-02-08"),
      ("mtd", "2026-02-01", "2026-02-08"), ("qtd", "2026-01-01", "2026-02-08"),
      ("ytd", "2026-01-01", "2026-02-08"), ("wtd-sunday", "2026-02-08", "2026-02-08"),
    ])
  func presets(name: String, start: String, end: String) throws {
    let asOf = day("2026-02-08")
    let range: DayRange
    switch name {
    case "last7": range = try .lastDays(7, asOf: asOf)
    case "last30": range = try .lastDays(30, asOf: asOf)
    case "today": range = .today(asOf: asOf)
    case "wtd": range = .toDate(.week, asOf: asOf)
    case "mtd": range = .toDate(.month, asOf: asOf)
    case "qtd": range = .toDate(.quarter, asOf: asOf)
    case "ytd": range = .toDate(.year, asOf: asOf)
    default: range = .toDate(.week, asOf: asOf, weekStart: .sunday)
    }
    #expect(range == (try DayRange(start: day(start), end: day(end))))
  }

  @Test("last N days needs 1 ≤ N ≤ 36,525") func lastZero() throws {
    #expect(throws: TallyError.self) { try DayRange.lastDays(0, asOf: day("2026-02-08")) }
    #expect(throws: TallyError.self) { try DayRange.lastDays(3_650_000, asOf: day("2026-02-08")) }
    // The maximum itself is accepted and holds exactly that many days.
    #expect(try DayRange.lastDays(36_525, asOf: day("2026-02-08")).dayCount == 36_525)
  }

  @Test("weekly buckets overlap the range at both ends") func weeklyBuckets() throws {
    let range = try DayRange(start: day("2026-01-28"), end: day("2026-02-10"))
    let buckets = range.buckets(by: .week)
    #expect(buckets.map(\.start) == [day("2026-01-26"), day("2026-02-02"), day("2026-02-09")])
    #expect(
      buckets.map(\.overlap.start) == [day("2026-01-28"), day("2026-02-02"), day("2026-02-09")])
    #expect(
      buckets.map(\.overlap.end) == [day("2026-02-01"), day("2026-02-08"), day("2026-02-10")])
    #expect(buckets[0].period.end == day("2026-02-01"))
  }

  @Test(
    "bucket counts, empty buckets included",
    arguments: [
      ("2026-01-28", "2026-02-10", Period.month, ["2026-01-01", "2026-02-01"]),
      ("2025-12-29", "2026-01-04", .year, ["2025-01-01", "2026-01-01"]),
      ("2026-02-08", "2026-02-08", .day, ["2026-02-08"]),
      ("2026-02-27", "2026-03-02", .day, ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]),
      ("2025-11-15", "2026-04-01", .quarter, ["2025-10-01", "2026-01-01", "2026-04-01"]),
    ])
  func bucketStarts(start: String, end: String, period: Period, expected: [String]) throws {
    let range = try DayRange(start: day(start), end: day(end))
    #expect(range.buckets(by: period).map(\.start) == expected.map(day))
  }

  @Test("a 365-day window has 13 monthly buckets, the first and last partial") func yearWindow()
    throws
  {
    let range = try DayRange.lastDays(365, asOf: day("2026-02-08"))
    #expect(range.start == day("2025-02-09"))
    let buckets = range.buckets(by: .month)
    #expect(buckets.count == 13)
    #expect(buckets.first?.overlap.start == day("2025-02-09"))
    #expect(buckets.last?.overlap.end == day("2026-02-08"))
    #expect(buckets.reduce(0) { $0 + $1.overlap.dayCount } == 365)
  }

  @Test("Sunday weeks") func sundayWeeks() throws {
    let range = try DayRange(start: day("2026-02-01"), end: day("2026-02-14"))
    #expect(
      range.buckets(by: .week, weekStart: .sunday).map(\.start) == [
        day("2026-02-01"), day("2026-02-08"),
      ])
  }
}
