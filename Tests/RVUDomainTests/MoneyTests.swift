import AnalyticsCore
import Testing

@testable import RVUDomain

@Suite("Exact shares of amounts")
struct MoneyTests {
  @Test(
    "scaled rounds half away from zero and never traps",
    arguments: [
      // 1.30 × 323,465 ÷ 10,000 = 42.05045 → 42.05 (130 × 323,465 = 42,050,450 hundredths-units).
      (Int64(130), Int64(323_465), Int64(10_000), Int64(4205)),
      // 0.05 × 1 ÷ 2 = 0.025 → 0.03 (half away from zero); negative → −0.03.
      (5, 1, 2, 3), (-5, 1, 2, -3), (5, -1, 2, -3),
      // 10^15 hundredths × 323,465 ÷ 10,000: the product (3.2 × 10^20) leaves 64 bits, the
      // result 3.23465 × 10^16 hundredths fits.
      (1_000_000_000_000_000, 323_465, 10_000, 32_346_500_000_000_000),
      // A result beyond 64 bits stops at the largest amount instead of trapping.
      (Int64.max, 323_465, 10_000, Int64.max), (Int64.min + 1, 323_465, 10_000, Int64.min),
    ])
  func scaled(hundredths: Int64, numerator: Int64, denominator: Int64, expected: Int64) {
    #expect(
      FixedDecimal(hundredths: hundredths).scaled(by: numerator, over: denominator).hundredths
        == expected)
  }
}
