import AnalyticsCore
import Foundation
import Testing

@Suite("Exact amounts and generated data")
struct ValueTests {
  @Test(
    "parses decimals exactly",
    arguments: [
      ("1.3", 130, "1.30"), ("1.30", 130, "1.30"), ("-0.05", -5, "-0.05"), ("12", 1200, "12.00"),
      ("+7.5", 750, "7.50"), (".5", 50, "0.50"), ("0", 0, "0.00"), ("0.18", 18, "0.18"),
      ("817860.05", 81_786_005, "817860.05"), ("-12.34", -1234, "-12.34"),
      // Zeros past the second decimal change nothing: Toast writes tax as 1.99000.
      ("1.99000", 199, "1.99"), ("4.000", 400, "4.00"),
    ])
  func parses(text: String, hundredths: Int64, shown: String) throws {
    let amount = try FixedDecimal(parsing: text)
    #expect(amount.hundredths == hundredths)
    #expect(amount.description == shown)
  }

  @Test(
    "refuses what is not a decimal",
    arguments: ["abc", "", "1..2", "-", "1e3", "1.234", "1,5", "1.2.3", "1.99001"])
  func refuses(text: String) {
    #expect {
      try FixedDecimal(parsing: text)
    } throws: { ($0 as! TallyError).value == text }
  }

  @Test(
    "rounds extra digits half away from zero when asked",
    arguments: [("1.234", 123), ("1.235", 124), ("-1.235", -124), ("32.3465", 3235), ("0.004", 0)])
  func rounds(text: String, hundredths: Int64) throws {
    #expect(try FixedDecimal(parsing: text, rounding: true).hundredths == hundredths)
  }

  @Test("sums are exact: 0.1 + 0.2 = 0.30") func exactSums() throws {
    let sum = try FixedDecimal(parsing: "0.1") + FixedDecimal(parsing: "0.2")
    #expect(sum.description == "0.30")
    #expect(sum == (try FixedDecimal(parsing: "0.3")))
    // Ten thousand 0.01s add up to exactly 100.00 (a Double sum would not).
    let many = [FixedDecimal](repeating: FixedDecimal(hundredths: 1), count: 10_000).sum()
    #expect(many.description == "100.00")
    #expect((try FixedDecimal(parsing: "1.30")) * 3 == FixedDecimal(hundredths: 390))
    #expect(
      FixedDecimal(hundredths: 500) - FixedDecimal(hundredths: 750)
        == FixedDecimal(hundredths: -250))
    #expect(FixedDecimal(hundredths: 1) < FixedDecimal(hundredths: 2))
    #expect(FixedDecimal(hundredths: 250).doubleValue == 2.5)
  }

  @Test(
    "division rounds to hundredths, zero over nothing",
    arguments: [(1000, 3, 333), (5, 2, 3), (-5, 2, -3), (1000, 0, 0), (600, 4, 150)])
  func division(hundredths: Int64, divisor: Int, expected: Int64) {
    #expect(FixedDecimal(hundredths: hundredths).divided(by: divisor).hundredths == expected)
  }

  @Test("from a double, rounding half away from zero") func fromDouble() {
    #expect(FixedDecimal(rounding: 0.125).hundredths == 13)
    #expect(FixedDecimal(rounding: -0.125).hundredths == -13)
    #expect(FixedDecimal(rounding: 1.3).hundredths == 130)
  }

  // SplitMix64's published reference output for seed 0.
  @Test("seeded generator is SplitMix64 and deterministic") func seeded() {
    var generator = SeededGenerator(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    var a = SeededGenerator(seed: 42)
    var b = SeededGenerator(seed: 42)
    #expect((0..<5).map { _ in a.next() } == (0..<5).map { _ in b.next() })
  }

  @Test("an app names the field of a value a lower layer refused") func naming() {
    let refused = TallyError(value: "0", expected: "a number of days from 1 to 36525")
    #expect(
      refused.naming("--last").description
        == "--last \"0\" is not valid: expected a number of days from 1 to 36525")
    // A field already named stays.
    let named = TallyError.invalid("quantity", "0", expected: "1 or more")
    #expect(named.naming("--last").field == "quantity")
  }

  @Test("input errors name the value and the expectation") func inputError() {
    let error = TallyError(value: "x", expected: "a number", category: .badData)
    #expect(error.description == "\"x\" is not valid: expected a number")
    #expect(error.category == .badData)
  }
}

@Suite("Exact amounts in JSON")
struct FixedDecimalCodingTests {
  private struct Box: Codable { var amount: FixedDecimal }

  @Test(
    "decodes numbers and strings exactly",
    arguments: [
      (#"{"amount": 1.3}"#, Int64(130)), (#"{"amount": 1.30}"#, 130), (#"{"amount": "1.30"}"#, 130),
      (#"{"amount": 0}"#, 0), (#"{"amount": -2.5}"#, -250),
      (#"{"amount": 1234567.89}"#, 123_456_789),
    ])
  func decodes(json: String, hundredths: Int64) throws {
    let box = try JSONDecoder().decode(Box.self, from: Data(json.utf8))
    #expect(box.amount.hundredths == hundredths)
  }

  @Test(
    "refuses a third decimal and non-numbers",
    arguments: [
      #"{"amount": 1.234}"#, #"{"amount": "abc"}"#, #"{"amount": true}"#, #"{"amount": 1e-5}"#,
    ])
  func refuses(json: String) {
    #expect(throws: (any Error).self) { try JSONDecoder().decode(Box.self, from: Data(json.utf8)) }
  }

  @Test("encodes as a number") func encodes() throws {
    let data = try JSONEncoder().encode(Box(amount: FixedDecimal(hundredths: 130)))
    #expect(String(decoding: data, as: UTF8.self) == #"{"amount":1.3}"#)
  }
}

@Suite("Did you mean")
struct SuggestionTests {
  @Test(
    "closest known name",
    arguments: [
      ("visit", ["codes", "visits", "favorites", "analytics"], "visits"),
      ("metric", ["stores", "import", "metrics", "chart"], "metrics"),
      ("reports", ["log", "report", "export"], "report"),
      ("anlytics", ["codes", "visits", "analytics"], "analytics"),
      ("Sertralin", ["Sertraline", "Melatonin"], "Sertraline"),
      ("sensory", ["sensory-overload", "energy-level"], "sensory-overload"),
    ])
  func suggests(text: String, known: [String], expected: String) {
    #expect(Suggestion.closest(to: text, in: known) == expected)
  }

  @Test("nothing close enough", arguments: ["zzz", "", "xy", "completely-different"])
  func nothing(text: String) {
    #expect(Suggestion.closest(to: text, in: ["visits", "codes", "analytics"]) == nil)
  }
}

@Suite("Counts with their nouns")
struct CountedTests {
  @Test(
    "Counts agree with their nouns",
    arguments: [(0, "0 entries", "0 days"), (1, "1 entry", "1 day"), (2, "2 entries", "2 days")])
  func counts(count: Int, entries: String, days: String) {
    #expect(counted(count, "entry", "entries") == entries)
    #expect(counted(count, "day") == days)
  }
}
