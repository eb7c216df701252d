import AnalyticsCore
import Foundation

/// The three geographic practice cost indices (GPCIs) of a Medicare payment locality, as CMS
/// publishes them each year (Addendum E of the fee-schedule final rule, and the GPCI file beside
/// the RVU file): work, practice expense and malpractice, each with three decimals (`1.000`,
/// `0.869`, `0.575`). The fee schedule pays
/// `(work RVU × work GPCI + PE RVU × PE GPCI + MP RVU × MP GPCI) × conversion factor`
/// (Medicare Claims Processing Manual, ch. 12, §20.1). Kept in thousandths, so products with
/// RVUs (hundredths) stay exact.
public struct GPCI: Sendable, Equatable {
  public var work: Int64
  public var practiceExpense: Int64
  public var malpractice: Int64

  /// The national amounts: every index 1.000.
  public static let national = GPCI(work: 1000, practiceExpense: 1000, malpractice: 1000)

  /// Published indices lie between about 0.3 (malpractice in the lowest-cost localities) and
  /// 2.0 (Alaska's work floor is 1.5); anything outside 0.100–3.000 is a typing slip.
  static let plausible: ClosedRange<Int64> = 100...3000

  public init(work: Int64, practiceExpense: Int64, malpractice: Int64) {
    self.work = work
    self.practiceExpense = practiceExpense
    self.malpractice = malpractice
  }

  /// Parses `WORK,PE,MP` (`1.000,0.869,0.575`; fewer decimals are fine: `1,0.9,0.58`).
  ///
  /// - throws: `TallyError` (usage) naming the text and what was expected.
  public init(parsing text: String) throws {
    let expected =
      "three indices WORK,PE,MP as CMS publishes them for your locality (1.000,0.869,0.575), "
      + "each 0.100 to 3.000"
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 3 else { throw TallyError(value: text, expected: expected) }
    var values: [Int64] = []
    for part in parts {
      guard let value = Self.thousandths(part), Self.plausible.contains(value) else {
        throw TallyError(value: text, expected: expected)
      }
      values.append(value)
    }
    self.init(work: values[0], practiceExpense: values[1], malpractice: values[2])
  }

  /// `1.000`, `0.869`: at most three decimals, no sign.
  private static func thousandths(_ text: String) -> Int64? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 2,
      parts[0].allSatisfy(\.isASCII), let whole = Int64(parts[0]), whole >= 0
    else { return nil }
    var fraction: Int64 = 0
    if parts.count == 2 {
      let digits = parts[1]
      guard (1...3).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let value = Int64(digits)
      else { return nil }
      fraction = value * [1, 100, 10, 1][digits.count]
    }
    return whole * 1000 + fraction
  }

  /// `1.000,0.869,0.575`, as it is stored and parsed.
  public var description: String {
    [work, practiceExpense, malpractice].map(Self.text).joined(separator: ",")
  }

  /// One index with its three decimals.
  static func text(_ thousandths: Int64) -> String {
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
