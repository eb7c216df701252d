import Testing

@testable import AnalyticsCore

/// Issue 30: dates and times as spreadsheets and POS exports write them, read exactly. The
/// expected days are worked out by hand from the text (M/D/Y: 2/8/2026 is 8 February).
@Suite("Dates and times as spreadsheets write them")
struct WrittenDateTimeTests {
  func local(_ text: String) -> LocalDateTime { try! LocalDateTime(parsing: text) }

  @Test(
    "forms that read one way",
    arguments: [
      ("2026-02-08", nil, "2026-02-08 00:00", 0),
      ("2026-02-08 13:30", nil, "2026-02-08 13:30", 0),
      ("2026-02-08T13:30:00.123", nil, "2026-02-08 13:30", 123),
      ("2026-02-08 13:30:00.5", nil, "2026-02-08 13:30", 500),
      ("2/8/2026 1:30 PM", DateOrder.monthFirst, "2026-02-08 13:30", 0),
      ("2/8/2026 1:30 PM", .dayFirst, "2026-08-02 13:30", 0),
      ("2/8/26 12:05 am", .monthFirst, "2026-02-08 00:05", 0),
      ("2/8/26 12:05 PM", .monthFirst, "2026-02-08 12:05", 0),
      ("02/08/2026 13:30:45", .monthFirst, "2026-02-08 13:30:45", 0),
      ("13/2/2026 9:15", nil, "2026-02-13 09:15", 0),
      ("2/13/2026 9:15", nil, "2026-02-13 09:15", 0),
      ("7/7/2026", nil, "2026-07-07 00:00", 0),
    ] as [(String, DateOrder?, String, Int)])
  func reads(text: String, order: DateOrder?, expected: String, milliseconds: Int) {
    #expect(
      WrittenDateTime.read(text, order: order)
        == .read(WrittenDateTime(local: local(expected), milliseconds: milliseconds)))
  }

  @Test func aDateEitherWayRoundIsAmbiguousWithoutAnOrder() {
    #expect(
      WrittenDateTime.read("2/8/2026 1:30 PM", order: nil)
        == .ambiguous(
          monthFirst: try! LocalDate(parsing: "2026-02-08"),
          dayFirst: try! LocalDate(parsing: "2026-08-02")))
  }

  @Test(
    "refused, never guessed",
    arguments: [
      "13/13/2026", "2/30/2026 10:00", "2/8/2026 13:30 PM", "2/8/2026 0:30 AM", "2026-02-08 24:00",
      "2026-02-08 13:30:00.1234", "2/8/226", "8.2.2026", "Feb 8 2026", "", "2026-02-08 1:3",
    ])
  func refuses(text: String) {
    #expect(WrittenDateTime.read(text, order: .monthFirst) == .invalid)
  }

  @Test func evidenceOfTheOrder() {
    #expect(WrittenDateTime.evidence("13/2/2026 10:00") == .dayFirst)
    #expect(WrittenDateTime.evidence("2/13/2026") == .monthFirst)
    #expect(WrittenDateTime.evidence("2/8/2026") == nil)
    #expect(WrittenDateTime.evidence("2026-02-13") == nil)
    #expect(WrittenDateTime.isSlashed("2/8/26 1:30 PM"))
    #expect(!WrittenDateTime.isSlashed("2026-02-08 13:30"))
  }
}
