import AnalyticsCore
import Foundation
import Testing

@Suite("Time of day, local date-times and zones")
struct TimeTests {
  @Test(
    "parses times",
    arguments: [
      ("14:30", 14, 30, 0, "14:30"), ("00:00", 0, 0, 0, "00:00"),
      ("23:59:59", 23, 59, 59, "23:59:59"), ("12:30:00", 12, 30, 0, "12:30"),
    ])
  func parsesTimes(text: String, hour: Int, minute: Int, second: Int, shown: String) throws {
    let time = try TimeOfDay(parsing: text)
    #expect(time.hour == hour)
    #expect(time.minute == minute)
    #expect(time.second == second)
    #expect(time.description == shown)
    #expect(time.descriptionWithSeconds.count == 8)
    #expect(time.descriptionWithSeconds.hasPrefix(String(shown.prefix(5))))
  }

  @Test(
    "rejects bad times",
    arguments: ["25:00", "24:00", "9:30", "12:5", "12:60", "", "12:30:61", "ab:cd", "12:30:00:00"])
  func rejectsTimes(text: String) {
    #expect {
      try TimeOfDay(parsing: text)
    } throws: { ($0 as! TallyError).value == text }
  }

  @Test(
    "parses local date-times",
    arguments: [
      ("2026-02-08 14:30", "2026-02-08 14:30"), ("2026-02-08T14:30:05", "2026-02-08 14:30:05"),
      ("2026-02-08", "2026-02-08 00:00"),
    ])
  func parsesDateTimes(text: String, shown: String) throws {
    #expect(try LocalDateTime(parsing: text).description == shown)
  }

  @Test(
    "rejects bad date-times",
    arguments: ["2026-02-30 10:00", "2026-02-08 25:00", "garbage", "", "2026-02-08 ", "14:30"])
  func rejectsDateTimes(text: String) {
    #expect {
      try LocalDateTime(parsing: text)
    } throws: { ($0 as! TallyError).value == text }
  }

  @Test("local date-time seconds round trip, before 1970 too") func secondsRoundTrip() throws {
    let early = try LocalDateTime(parsing: "1969-12-31 23:00")
    #expect(early.secondsSinceEpoch == -3600)
    #expect(LocalDateTime(secondsSinceEpoch: -3600) == early)
    #expect(early < (try LocalDateTime(parsing: "1970-01-01 00:00")))
  }

  @Test(
    "day lengths across DST",
    arguments: [
      ("America/New_York", "2026-03-08", 23), ("America/New_York", "2026-11-01", 25),
      ("America/New_York", "2026-06-01", 24), ("Europe/London", "2026-03-29", 23),
      ("Europe/London", "2026-10-25", 25), ("UTC", "2026-03-08", 24),
      ("Australia/Sydney", "2026-04-05", 25), ("Australia/Sydney", "2026-10-04", 23),
    ])
  func dayLengths(zone: String, date: String, hours: Int) throws {
    #expect(try Zone(identifier: zone).hoursInDay(day(date)) == hours)
  }

  @Test(
    "instants to local day and hour",
    arguments: [
      // New York: EDT (UTC−4) until 2026-11-01 06:00Z, then EST (UTC−5): 01:30 happens twice.
      ("America/New_York", "2026-11-01T05:30:00Z", "2026-11-01 01:30"),
      ("America/New_York", "2026-11-01T06:30:00Z", "2026-11-01 01:30"),
      ("America/New_York", "2026-11-01T04:30:00Z", "2026-11-01 00:30"),
      ("America/New_York", "2026-11-01T07:30:00Z", "2026-11-01 02:30"),
      // Spring forward: 2026-03-08 07:00Z is 03:00 EDT (02:00–02:59 never happens).
      ("America/New_York", "2026-03-08T06:59:00Z", "2026-03-08 01:59"),
      ("America/New_York", "2026-03-08T07:00:00Z", "2026-03-08 03:00"),
      // Chicago (UTC−6 in February): one minute either side of local midnight.
      ("America/Chicago", "2026-02-08T05:59:00Z", "2026-02-07 23:59"),
      ("America/Chicago", "2026-02-08T06:00:00Z", "2026-02-08 00:00"),
      ("Asia/Kolkata", "2026-02-07T18:30:00Z", "2026-02-08 00:00"),
      ("UTC", "1969-12-31T23:59:59Z", "1969-12-31 23:59:59"),
    ])
  func instantsToLocal(zone: String, utc: String, local: String) throws {
    let zone = try Zone(identifier: zone)
    let result = zone.localDateTime(of: instant(utc))
    #expect(result.description == local)
    #expect(zone.localDate(of: instant(utc)) == result.date)
    #expect(zone.hour(of: instant(utc)) == result.time.hour)
  }

  @Test(
    "local times to instants: gaps move forward, repeats take the earlier",
    arguments: [
      ("America/New_York", "2026-03-08 02:30", "2026-03-08T07:30:00Z"),
      ("America/New_York", "2026-11-01 01:30", "2026-11-01T05:30:00Z"),
      ("America/New_York", "2026-11-01 02:30", "2026-11-01T07:30:00Z"),
      ("America/Chicago", "2026-02-08 14:30", "2026-02-08T20:30:00Z"),
      ("America/New_York", "2026-03-08 00:00", "2026-03-08T05:00:00Z"),
      ("Asia/Kolkata", "2026-02-08 00:00", "2026-02-07T18:30:00Z"),
      ("Europe/London", "2026-03-29 01:30", "2026-03-29T01:30:00Z"),
    ])
  func localToInstants(zone: String, local: String, utc: String) throws {
    let zone = try Zone(identifier: zone)
    #expect(zone.instant(of: try LocalDateTime(parsing: local)) == instant(utc))
  }

  @Test("interval of a day range") func interval() throws {
    let zone = try Zone(identifier: "America/New_York")
    let range = try DayRange(start: day("2026-03-08"), end: day("2026-03-08"))
    let (start, end) = zone.instants(of: range)
    #expect(start == instant("2026-03-08T05:00:00Z"))
    #expect(end == instant("2026-03-09T04:00:00Z"))
    #expect(zone.start(of: day("2026-11-01")) == instant("2026-11-01T04:00:00Z"))
  }

  @Test("unknown zones are refused, naming the value", arguments: ["Mars/Olympus", "", " UTC"])
  func unknownZones(name: String) {
    #expect {
      try Zone(identifier: name)
    } throws: { ($0 as! TallyError).value == name }
  }

  @Test("zones compare by identifier") func zoneIdentity() throws {
    let zone = try Zone(identifier: "Europe/Berlin")
    #expect(zone == (try Zone(identifier: "Europe/Berlin")))
    #expect(zone.description == "Europe/Berlin")
    #expect(Set([zone, try Zone(identifier: "Europe/Berlin")]).count == 1)
    #expect(Zone.utc.offset(at: Instant(Date())) == 0)
  }
}

@Suite("Time spans")
struct TimeSpanTests {
  @Test(
    "parses people's durations",
    arguments: [
      ("1h45m", 6300, "1h45m"), ("45m", 2700, "45m"), ("90", 5400, "1h30m"), ("1h", 3600, "1h"),
      ("90s", 90, "1m30s"), ("1:45", 6300, "1h45m"), ("1:45:30", 6330, "1h45m30s"),
      ("2h5s", 7205, "2h0m5s"), ("30s", 30, "30s"), (" 1H30M ", 5400, "1h30m"),
    ])
  func parses(text: String, seconds: Int, shown: String) throws {
    let span = try TimeSpan(parsing: text)
    #expect(span.seconds == seconds)
    #expect(span.description == shown)
  }

  @Test(
    "refuses what is not a duration",
    arguments: ["1x", "-5m", "0", "h", "1:75", "", "1h1h", "5m3", "1:5", "abc", "0m", "1.5h"])
  func refuses(text: String) {
    #expect {
      try TimeSpan(parsing: text)
    } throws: { ($0 as! TallyError).value == text }
    #expect(TimeSpan(seconds: 5) < TimeSpan(seconds: 6))
  }
}

@Suite("Hostile durations and days")
struct HostileTimeTests {
  @Test(
    "huge durations are refused, never trapped",
    arguments: [
      "9223372036854775807", "153722867280912931m", "2562047788015216h", "1h153722867280912930m",
      "2562047788015216:00", "1001h", "60001", "1000h1m", "3600001s",
    ])
  func hugeDurations(text: String) {
    #expect(throws: TallyError.self) { try TimeSpan(parsing: text) }
  }

  // 1000 h = 3,600,000 s, the documented maximum.
  @Test("the maximum is accepted", arguments: ["1000h", "60000", "1000:00", "3600000s"])
  func maximum(text: String) throws {
    #expect(try TimeSpan(parsing: text).seconds == 3_600_000)
  }

  @Test(
    "days outside 1900–2199 are refused",
    arguments: ["0000-01-01", "1582-10-10", "1899-12-31", "2200-01-01"])
  func days(text: String) {
    #expect(throws: TallyError.self) { try DayReference(parsing: text) }
  }
}
