import Testing

@testable import ReportKit

@Suite struct NumberTextTests {
  @Test(arguments: [
    (0.0, 0, "0"),
    (1234.0, 0, "1,234"),
    (1234567.891, 2, "1,234,567.89"),
    (-1234.5, 1, "-1,234.5"),
    (0.125, 2, "0.13"),  // half away from zero
    (-0.004, 2, "0.00"),  // rounds to zero: no "-0.00"
    (999.5, 0, "1,000"),
    (12.3, 1, "12.3"),
  ])
  func groupsThousandsWithFixedDecimals(value: Double, decimals: Int, expected: String) {
    #expect(NumberText.grouped(value, decimals: decimals) == expected)
  }

  @Test(arguments: [
    (0.0, "0"), (12.5, "12.5"), (300.0, "300"), (-0.25, "-0.25"), (1.006, "1.01"),
    (0.1 + 0.2, "0.3"), (7.04, "7.04"), (-3.0, "-3"),
  ])
  func coordinatesHaveAtMostTwoDecimals(value: Double, expected: String) {
    #expect(NumberText.coordinate(value) == expected)
  }

  @Test func formatsWithPrefixAndUnit() {
    #expect(ValueFormat(decimals: 2, prefix: "$").string(-1234.5) == "-$1,234.50")
    #expect(ValueFormat(decimals: 1, unit: "km").string(12.25) == "12.3 km")
  }
}

@Suite struct NiceScaleTests {
  /// Expected ticks worked out by hand: rough step = span ÷ 5 (six ticks), rounded up to
  /// 1, 2, 2.5 or 5 × 10^k; the axis runs from the multiple at or below the low value to the one
  /// at or above the high value.
  @Test(arguments: [
    (0.0, 97.0, [0.0, 20, 40, 60, 80, 100]),  // 97/5 = 19.4 → 20
    (0.0, 10.0, [0.0, 2, 4, 6, 8, 10]),  // 10/5 = 2 → 2
    (0.0, 11.0, [0.0, 2.5, 5, 7.5, 10, 12.5]),  // 11/5 = 2.2 → 2.5
    (-3.0, 7.0, [-4.0, -2, 0, 2, 4, 6, 8]),  // 10/5 = 2 → 2; −3 → −4, 7 → 8
    (0.0, 0.7, [0.0, 0.2, 0.4, 0.6, 0.8]),  // 0.7/5 = 0.14 → 0.2
    (0.0, 0.0, [0.0, 0.2, 0.4, 0.6, 0.8, 1]),  // empty range → 0…1, 1/5 = 0.2
    (0.0, 1234.0, [0.0, 250, 500, 750, 1000, 1250]),  // 246.8 → 250
    (4.9, 5.3, [4.9, 5, 5.1, 5.2, 5.3]),  // 0.4/5 = 0.08 → 0.1
  ])
  func ticksAreRoundAndCoverTheData(low: Double, high: Double, expected: [Double]) {
    let scale = NiceScale(covering: low, high, targetTicks: 6)
    #expect(scale.ticks == expected)
    #expect(scale.lower <= low && scale.upper >= high)
  }

  /// Decimals needed to write a step: 2.5 × 10^k needs one more than 10^k, never fewer than 0.
  @Test(arguments: [
    (0.0, 1.1, 2),  // step 0.25
    (0.0, 11.0, 1),  // step 2.5
    (0.0, 110.0, 0),  // step 25
    (0.0, 1_234_567.0, 0),  // step 250,000
    (0.0, 0.7, 1),  // step 0.2
    (0.0, 97.0, 0),  // step 20
  ])
  func decimalsWriteEveryTickExactly(low: Double, high: Double, expected: Int) {
    #expect(NiceScale(covering: low, high).decimals == expected)
  }

  @Test func everyStepIsOneTwoTwoAndAHalfOrFiveTimesAPowerOfTen() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let a = Double.random(in: -1e6...1e6, using: &generator)
      let b = a + Double.random(in: 1e-3...1e6, using: &generator)
      let scale = NiceScale(covering: a, b)
      var mantissa = scale.step
      while mantissa >= 10 { mantissa /= 10 }
      while mantissa < 1 { mantissa *= 10 }
      #expect([1, 2, 2.5, 5].contains { abs($0 - mantissa) < 1e-9 }, "step \(scale.step)")
      #expect(scale.lower <= a && scale.upper >= b)
      // Every tick is a whole number of steps.
      for tick in scale.ticks {
        let steps = tick / scale.step
        #expect(abs(steps - steps.rounded()) < 1e-6)
      }
    }
  }
}

/// Paces are seconds written `m:ss`, on axes that step by seconds and minutes people read.
@Suite("Clock values")
struct ClockValueTests {
  @Test(
    "m:ss, rounded to the second",
    arguments: [
      (713.0, "11:53"), (539.59, "9:00"), (59.5, "1:00"), (59.49, "0:59"), (0, "0:00"),
      (3600, "60:00"), (-65, "-1:05"), (-0.2, "0:00"),
    ])
  func clock(seconds: Double, text: String) {
    defer {
      // A pace from a micrometre's distance is beyond an Int of seconds: hours, no trap.
      #expect(NumberText.clock(9.3e18).hasSuffix(" h"))
    }
    #expect(ValueFormat.minutesAndSeconds(unit: "").string(seconds) == text)
    #expect(ValueFormat.minutesAndSeconds(unit: "/km").string(seconds) == text + " /km")
  }

  /// Worked out by hand: 700…730 s in five intervals is 6 s rough, so 10 s steps; 0…540 s is
  /// 108 s rough, so 120 s steps (2:00) up to 600 s.
  @Test(
    "clock axes step by seconds and minutes",
    arguments: [
      (700.0, 730.0, 10.0, 700.0, 730.0), (0, 540, 120, 0, 600), (0, 3000, 600, 0, 3000),
    ])
  func axis(low: Double, high: Double, step: Double, lower: Double, upper: Double) {
    let scale = NiceScale(covering: low, high, targetTicks: 6, clock: true)
    #expect(scale.step == step && scale.lower == lower && scale.upper == upper)
  }
}
