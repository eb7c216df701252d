import AnalyticsCore
import Foundation
import Testing

@Suite("Numbers with fixed decimals")
struct FixedNotationTests {
  // Expected texts from Python's `'%.*f' % (decimals, value)` (glibc's printf rounding: the
  // exact binary value, half to even), with "-0.00" written "0.00" as Tally does.
  @Test(
    "as printf writes them",
    arguments: [
      (0.125, 2, "0.12"), (0.375, 2, "0.38"), (2.5, 0, "2"), (0.5, 0, "0"), (1.5, 0, "2"),
      (-0.004, 2, "0.00"), (-0.005, 2, "-0.01"), (-0.0, 2, "0.00"), (0.0, 3, "0.000"),
      (1.005, 2, "1.00"), (2.675, 2, "2.67"), (1e-300, 2, "0.00"),
      (Double.leastNonzeroMagnitude, 4, "0.0000"),
      (123456.785, 2, "123456.79"), (-12.3456, 1, "-12.3"), (99.995, 2, "100.00"),
      (0.045, 2, "0.04"), (0.3333333333333333, 6, "0.333333"),
      (0.6666666666666666, 18, "0.666666666666666630"), (9.999999, 5, "10.00000"),
      (1234567890123.456, 2, "1234567890123.46"), (4503599627370497.0, 0, "4503599627370497"),
      (1.8446744073709552e+19, 0, "18446744073709551616"), (1e+17, 2, "100000000000000000.00"),
      (1e+20, 2, "100000000000000000000.00"), (7.0, 0, "7"), (0.05, 1, "0.1"), (0.15, 1, "0.1"),
      (0.25, 1, "0.2"), (0.35, 1, "0.3"), (-1.5, 0, "-2"), (-2.5, 0, "-2"), (33.3333, 2, "33.33"),
    ] as [(Double, Int, String)])
  func printfText(value: Double, decimals: Int, expected: String) {
    #expect(FixedNotation.format(value, decimals: decimals) == expected)
  }

  @Test("the same text as C's printf for 200,000 seeded values")
  func againstPrintf() {
    var generator = SeededGenerator(seed: 13)
    for round in 0..<200_000 {
      let decimals = round % 7
      // Amounts, percentages and ratios as reports print them, halves (ties) among them.
      let value: Double
      switch round % 4 {
      case 0: value = Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) / 1000
      case 1: value = Double.random(in: -1e6...1e6, using: &generator)
      case 2: value = Double(Int.random(in: -100_000...100_000, using: &generator)) / 8
      default: value = Double.random(in: -1...1, using: &generator) * 1e-3
      }
      var expected = String(format: "%.\(decimals)f", value)
      if expected.hasPrefix("-"), expected.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
        expected.removeFirst()
      }
      let text = FixedNotation.format(value, decimals: decimals)
      #expect(text == expected, "\(value) to \(decimals) places")
      if text != expected { return }
    }
  }
}
