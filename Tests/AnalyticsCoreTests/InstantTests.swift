import AnalyticsCore
import Foundation
import Testing

@Suite("Instant")
struct InstantTests {
  // Expected milliseconds worked out by hand: 2026-02-08 is day 20,492 since 1970-01-01
  // (56 years = 20,454 days incl. 14 leap days, + 31 (Jan) + 7), so its midnight UTC is
  // 20,492 × 86,400 = 1,770,508,800 s.
  @Test(
    "ISO 8601 with offsets",
    arguments: [
      ("2026-02-08T00:00:00Z", Int64(1_770_508_800_000)),
      ("2026-02-08T14:30:00Z", 1_770_561_000_000),
      ("2026-02-08 14:30:00Z", 1_770_561_000_000),
      ("2026-02-08T14:30Z", 1_770_561_000_000),
      ("2026-02-08T08:30:00-06:00", 1_770_561_000_000),
      ("2026-02-08T20:00:00+0530", 1_770_561_000_000),
      ("2026-02-08T16:30:00+02", 1_770_561_000_000),
      ("2026-02-08T14:30:00.5Z", 1_770_561_000_500),
      ("2026-02-08T14:30:00.123456Z", 1_770_561_000_123),
      ("1970-01-01T00:00:00Z", 0),
      ("1969-12-31T23:59:59Z", -1000),
    ])
  func parses(text: String, milliseconds: Int64) throws {
    #expect(try Instant(parsing: text).millisecondsSinceEpoch == milliseconds)
  }

  @Test(
    "refuses malformed text",
    arguments: [
      "", "2026-02-08", "2026-02-08T14:30:00", "2026-02-30T10:00:00Z", "2026-02-08T24:00:00Z",
      "2026-02-08T14:60:00Z", "2026-02-08T14:30:00+25:00", "2026-02-08T14:30:00.Z",
      "2026-02-08T14:30:00Zjunk", "2026/02/08T14:30:00Z", "2026-02-08T14:30:00+05:3",
    ])
  func refuses(text: String) {
    #expect(throws: TallyError.self) { try Instant(parsing: text) }
    #expect(Instant.parse(text, zone: nil) == nil)
  }

  @Test("a text without an offset is read in the given zone")
  func localInZone() throws {
    let chicago = try Zone(identifier: "America/Chicago")
    // Chicago is UTC−6 in February: 08:30 local is 14:30Z.
    #expect(
      Instant.parse("2026-02-08 08:30", zone: chicago)?.millisecondsSinceEpoch
        == 1_770_561_000_000)
    #expect(
      Instant.parse("2026-02-08T14:30:00", zone: .utc)?.millisecondsSinceEpoch
        == 1_770_561_000_000)
  }

  @Test(
    "formats ISO 8601",
    arguments: [
      (Int64(1_770_561_000_000), "UTC", "2026-02-08T14:30:00Z"),
      (1_770_561_000_000, "America/Chicago", "2026-02-08T08:30:00-06:00"),
      (1_770_561_000_000, "Asia/Kolkata", "2026-02-08T20:00:00+05:30"),
      (1_770_561_000_050, "UTC", "2026-02-08T14:30:00.050Z"),
      (-1000, "UTC", "1969-12-31T23:59:59Z"),
      (-1, "UTC", "1969-12-31T23:59:59.999Z"),
    ])
  func formats(milliseconds: Int64, zone: String, text: String) throws {
    let instant = Instant(millisecondsSinceEpoch: milliseconds)
    #expect(instant.iso8601(in: try Zone(identifier: zone)) == text)
    #expect(try Instant(parsing: text) == instant)
  }

  @Test("local days and hours through a zone")
  func localDays() throws {
    let newYork = try Zone(identifier: "America/New_York")
    let instant = try Instant(parsing: "2026-02-08T03:30:00Z")  // 22:30 on the 7th in New York
    #expect(newYork.localDate(of: instant).description == "2026-02-07")
    #expect(newYork.hour(of: instant) == 22)
    #expect(
      newYork.start(of: try LocalDate(parsing: "2026-02-08")).description
        == "2026-02-08T05:00:00Z")
    #expect(Instant(secondsSinceEpoch: -0.0015).wholeSecondsSinceEpoch == -1)
  }
}

@Suite("Zone names")
struct ZoneNameTests {
  @Test("a zone keeps the name it was given", arguments: ["UTC", "America/Chicago", "Etc/UTC"])
  func keepsName(name: String) throws {
    #expect(try Zone(identifier: name).identifier == name)
    #expect(Zone.utc.description == "UTC")
  }

  @Test(
    "a name right but for case is read under its own name; others are refused",
    arguments: [
      ("utc", "UTC"), ("america/chicago", "America/Chicago"),
      ("PACIFIC/AUCKLAND", "Pacific/Auckland"),
      ("Mars/Base", nil), ("America/Chicag", nil), (" UTC", nil), ("", nil),
    ] as [(String, String?)])
  func caseInsensitive(text: String, name: String?) throws {
    if let name {
      #expect(try Zone(identifier: text).identifier == name)
    } else {
      #expect(throws: TallyError.self) { try Zone(identifier: text) }
    }
  }
}
