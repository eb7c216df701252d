import AnalyticsCore
import Foundation
import Testing

@Suite("LocalDate")
struct LocalDateTests {
  // Days since 1970-01-01 worked out by hand: 2026-01-01 is 56 years × 365 + 14 leap days
  // (1972…2024) = 20,454; Feb 8 adds 31 + 7.
  @Test(
    "parses valid days",
    arguments: [
      ("1970-01-01", 1970, 1, 1, 0),
      ("1969-12-31", 1969, 12, 31, -1),
      ("2000-01-01", 2000, 1, 1, 10_957),
      ("2026-01-01", 2026, 1, 1, 20_454),
      ("2026-02-08", 2026, 2, 8, 20_492),
      ("2024-02-29", 2024, 2, 29, 19_782),
      ("2000-02-29", 2000, 2, 29, 11_016),
      ("0999-12-31", 999, 12, 31, -354_286),
      ("0001-01-01", 1, 1, 1, -719_162),
    ])
  func parsesValid(text: String, year: Int, month: Int, dayOfMonth: Int, epochDays: Int) throws {
    let date = try LocalDate(parsing: text)
    #expect(date.year == year)
    #expect(date.month == month)
    #expect(date.day == dayOfMonth)
    #expect(date.daysSinceEpoch == epochDays)
    #expect(date.description == text)
  }

  @Test(
    "rejects malformed days, naming the value",
    arguments: [
      "2026-2-8", "2026-02-08x", "", "abcd-ef-gh", "2026/02/08", " 2026-02-08", "20260208",
      "２０２６-02-08",
    ])
  func rejectsInvalid(text: String) {
    #expect {
      try LocalDate(parsing: text)
    } throws: { error in
      let error = error as! TallyError
      return error.value == text && error.description.contains("YYYY-MM-DD")
        && error.category == .usage
    }
  }
  /// In the form but no day: the message says why, worked out from the calendar.
  @Test(
    "rejects days that do not exist, saying why",
    arguments: [
      ("2026-02-30", "2026-02 has 28 days"), ("2025-02-29", "2025-02 has 28 days"),
      ("1900-02-29", "1900-02 has 28 days"), ("2024-02-30", "2024-02 has 29 days"),
      ("2026-04-31", "2026-04 has 30 days"), ("2026-02-00", "2026-02 has 28 days"),
      ("2026-13-01", "months run from 01 to 12"), ("2026-00-10", "months run from 01 to 12"),
    ])
  func rejectsNonexistent(text: String, reason: String) throws {
    let error = try #require(throws: TallyError.self) { try LocalDate(parsing: text) }
    #expect(error.value == text && error.expected == "a day that exists: " + reason)
    let reference = try #require(throws: TallyError.self) { try DayReference(parsing: text) }
    #expect(reference.expected == "a day that exists: " + reason)
  }

  @Test("rejects impossible parts") func rejectsParts() {
    #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
    #expect(LocalDate(year: 2026, month: 0, day: 1) == nil)
    #expect(LocalDate(year: 2026, month: 1, day: 0) == nil)
    #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
  }

  @Test(
    "weekday",
    arguments: [
      ("1970-01-01", Weekday.thursday), ("1969-12-29", .monday), ("2000-01-01", .saturday),
      ("2024-02-29", .thursday), ("2026-01-01", .thursday), ("2026-02-08", .sunday),
      ("2026-02-02", .monday), ("1900-01-01", .monday),
    ])
  func weekday(text: String, expected: Weekday) {
    #expect(day(text).weekday == expected)
  }

  @Test(
    "adds days across month and year ends",
    arguments: [
      ("2026-02-28", 1, "2026-03-01"), ("2024-02-28", 1, "2024-02-29"),
      ("2026-12-31", 1, "2027-01-01"), ("2026-01-01", -1, "2025-12-31"),
      ("2026-03-01", -1, "2026-02-28"), ("2026-02-08", 365, "2027-02-08"),
    ])
  func addsDays(start: String, days: Int, expected: String) {
    #expect(day(start).adding(days: days) == day(expected))
    #expect(day(start).days(to: day(expected)) == days)
  }

  @Test(
    "adds months, clamping to the month's end",
    arguments: [
      ("2026-01-31", 1, "2026-02-28"), ("2024-01-31", 1, "2024-02-29"),
      ("2026-03-31", -1, "2026-02-28"), ("2026-12-15", 1, "2027-01-15"),
      ("2026-01-15", -1, "2025-12-15"), ("2026-05-31", 1, "2026-06-30"),
      ("2024-02-29", 12, "2025-02-28"), ("2026-01-31", 13, "2027-02-28"),
      ("2026-01-10", -25, "2023-12-10"), ("2026-08-31", 0, "2026-08-31"),
    ])
  func addsMonths(start: String, months: Int, expected: String) {
    #expect(day(start).adding(months: months) == day(expected))
  }

  @Test("adds years, clamping Feb 29") func addsYears() {
    #expect(day("2024-02-29").adding(years: 1) == day("2025-02-28"))
    #expect(day("2024-02-29").adding(years: 4) == day("2028-02-29"))
  }

  @Test(
    "ISO week and week-year",
    arguments: [
      ("2016-01-01", 2015, 53), ("2024-12-30", 2025, 1), ("2026-12-31", 2026, 53),
      ("2026-01-01", 2026, 1), ("2021-01-03", 2020, 53), ("2021-01-04", 2021, 1),
      ("2019-12-30", 2020, 1), ("2026-02-08", 2026, 6), ("2027-01-01", 2026, 53),
      ("2025-12-29", 2026, 1), ("2025-12-28", 2025, 52),
    ])
  func isoWeek(text: String, weekYear: Int, week: Int) {
    #expect(day(text).isoWeek == ISOWeek(weekYear: weekYear, week: week))
  }

  @Test("ISO week text and order") func isoWeekText() {
    #expect(ISOWeek(weekYear: 2015, week: 53).description == "2015-W53")
    #expect(ISOWeek(weekYear: 2026, week: 6).description == "2026-W06")
    #expect(ISOWeek(weekYear: 2015, week: 53) < ISOWeek(weekYear: 2016, week: 1))
  }

  @Test("leap years and month lengths") func leapYears() {
    #expect(LocalDate.isLeapYear(2024))
    #expect(!LocalDate.isLeapYear(1900))
    #expect(LocalDate.isLeapYear(2000))
    #expect(!LocalDate.isLeapYear(2026))
    #expect(
      (1...12).map { LocalDate.daysInMonth(year: 2026, month: $0) } == [
        31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
      ])
  }

  @Test("orders and codes as YYYY-MM-DD") func codable() throws {
    #expect(day("2026-02-07") < day("2026-02-08"))
    let data = try JSONEncoder().encode([day("2026-02-08")])
    #expect(String(decoding: data, as: UTF8.self) == #"["2026-02-08"]"#)
    #expect(try JSONDecoder().decode([LocalDate].self, from: data) == [day("2026-02-08")])
    #expect(throws: TallyError.self) {
      try JSONDecoder().decode([LocalDate].self, from: Data(#"["2026-02-30"]"#.utf8))
    }
  }

  @Test("weekday names") func weekdayNames() throws {
    #expect(try Weekday(parsing: "Sunday") == .sunday)
    #expect(try Weekday(parsing: "mon") == .monday)
    #expect(try Weekday(parsing: "Tues") == .tuesday)
    #expect(try Weekday(parsing: "weds") == .wednesday)
    #expect(try Weekday(parsing: "thurs") == .thursday)
    #expect(try Weekday(parsing: "thur") == .thursday)
    #expect(Weekday.monday < Weekday.sunday)
    #expect(Weekday.friday.shortName == "Fri")
    #expect(throws: TallyError.self) { try Weekday(parsing: "funday") }
  }
}

@Suite("Day references")
struct DayReferenceTests {
  // 2026-02-08 is a Sunday.
  @Test(
    "resolve against the as-of day",
    arguments: [
      ("2026-01-15", "2026-01-15"), ("today", "2026-02-08"), ("Yesterday", "2026-02-07"),
      ("sun", "2026-02-08"), ("mon", "2026-02-02"), ("saturday", "2026-02-07"),
      ("Fri", "2026-02-06"), ("thurs", "2026-02-05"),
    ])
  func resolves(text: String, expected: String) throws {
    #expect(try DayReference(parsing: text).resolve(asOf: day("2026-02-08")) == day(expected))
  }

  @Test(
    "ambiguous and malformed days show what to write",
    arguments: [
      ("2/8/2026", "write 2026-02-08 or 2026-08-02"),
      ("13/2/2026", "write 2026-02-13"),
      ("2/2/2026", "write 2026-02-02"),
      ("someday", "YYYY-MM-DD (such as 2026-02-08), today, yesterday or a weekday name"),
    ])
  func refuses(text: String, hint: String) {
    #expect {
      try DayReference(parsing: text)
    } throws: { error in
      ((error as? TallyError)?.expected ?? "").contains(hint)
    }
  }
}
