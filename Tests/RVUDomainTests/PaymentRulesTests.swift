import AnalyticsCore
import Foundation
import Testing

@testable import RVUDomain

/// Payment as the fee schedule computes it, on the real CMS file (PPRRVU2025_Oct.csv, its rows
/// read by hand with the file open; conversion factor 32.3465). Rule: Medicare Claims
/// Processing Manual, ch. 12, §20.1: per service, (work RVU × work GPCI + PE RVU × PE GPCI +
/// MP RVU × MP GPCI) × conversion factor; then §40.6 multiple procedures (by payment), §40.6.2
/// endoscopies, §40.7 bilateral, §20.4.3 assistants (a non-physician, -AS: 85% of 16%). Each
/// procedure is rounded to the cent, halves up. The locality below is made up for the test,
/// with CMS's three decimals: work 1.020, PE 1.150, MP 0.900.
///
/// File rows (work | non-facility PE | facility PE | MP):
/// 27447 19.60 | 15.30 | 15.30 | 3.98; 20610 0.79 | 1.04 | 0.44 | 0.13;
/// 64483 1.90 | 5.24 | 1.27 | 0.16; 99213 1.30 | 1.35 | 0.57 | 0.10;
/// 45378 3.26 | 6.44 | 1.79 | 0.43; 45380 3.56 | 8.79 | 1.93 | 0.47;
/// 45385 4.57 | 8.33 | 2.38 | 0.56.
@Suite(
  "Payment with the locality's GPCIs and the modifier rules, on the CMS 2025 file",
  .enabled(if: hasPPRRVU, "../shared/data/cms/PPRRVU2025_Oct.csv is missing"))
struct PaymentRulesTests {
  private static let store = cmsStore()

  /// One visit of `specs` logged by a user with the test's locality, and its payment.
  private func paid(
    _ specs: [String], setting: PracticeSetting? = nil, user: String = #function,
    workRVU: String? = nil
  ) throws -> FixedDecimal {
    _ = try Self.store.updateSettings(
      RVUSettingsChanges(gpci: try GPCI(parsing: "1.020,1.150,0.900")), userId: user)
    var procedures = try specs.map(procedure)
    if let workRVU { procedures[0].workRVU = rvu(workRVU) }
    let saved = try Self.store.addVisit(
      VisitInput(date: day("2025-11-03"), procedures: procedures, setting: setting),
      userId: user)
    return try Self.store.paymentEstimate(visitId: saved.visit.id!, userId: user).amount
  }

  @Test("GPCIs are read as CMS writes them and refused naming the text otherwise")
  func parsing() throws {
    let gpci = try GPCI(parsing: "1.000, 0.869,0.575")
    #expect(gpci == GPCI(work: 1000, practiceExpense: 869, malpractice: 575))
    #expect(gpci.description == "1.000,0.869,0.575")
    #expect(try GPCI(parsing: "1,0.9,0.58").description == "1.000,0.900,0.580")
    for bad in ["1.000,0.869", "1.0000,1,1", "-1,1,1", "9,1,1", "a,b,c", "1,,1", "0.05,1,1"] {
      let error = try #require(throws: TallyError.self) { try GPCI(parsing: bad) }
      #expect(error.value == bad)
    }
  }

  @Test("assistant at surgery in a facility: 27447-80 16%, -AS 85% of that")
  func assistant() throws {
    // 19.60 × 1.020 + 15.30 × 1.150 + 3.98 × 0.900 = 19.992 + 17.595 + 3.582 = 41.169;
    // × 16% = 6.58704 × 32.3465 = 213.0677 → 213.07; -AS × 13.6% = 5.598984 → 181.1070 → 181.11.
    #expect(try paid(["27447:80"], setting: .facility) == rvu("213.07"))
    #expect(try paid(["27447:AS"], setting: .facility) == rvu("181.11"))
  }

  @Test("bilateral 150% of the whole amount (20610-50, office)")
  func bilateral() throws {
    // 0.79 × 1.020 + 1.04 × 1.150 + 0.13 × 0.900 = 0.8058 + 1.196 + 0.117 = 2.1188;
    // × 1.5 = 3.1782 × 32.3465 = 102.8036 → 102.80.
    #expect(try paid(["20610:50"]) == rvu("102.80"))
  }

  @Test("two procedures: the higher paid in full, the other at 50%")
  func multiple() throws {
    // 64483: 1.938 + 6.026 + 0.144 = 8.108 → 262.2654 → 262.27; 20610: 2.1188 × 50% = 1.0594
    // → 34.2679 → 34.27. Together 296.54.
    #expect(try paid(["64483", "20610"]) == rvu("296.54"))
  }

  @Test("endoscopies: the base billed beside its family adds nothing; a member, less the base")
  func endoscopy() throws {
    // 45380: 3.6312 + 10.1085 + 0.423 = 14.1627 → 458.1133 → 458.11; 45378 (the base) beside it:
    // nothing.
    #expect(try paid(["45378", "45380"]) == rvu("458.11"))
    // 45385: 4.6614 + 9.5795 + 0.504 = 14.7449 → 476.9459 → 476.95; 45380 less the base 45378
    // (3.3252 + 7.406 + 0.387 = 11.1182): 3.0445 → 98.4789 → 98.48. Together 575.43.
    #expect(try paid(["45380", "45385"]) == rvu("575.43"))
  }

  @Test("by report: a reduced 27447-52 given 9.80 weighs PE and MP by 9.80 / 19.60")
  func byReport() throws {
    // 9.80 × 1.020 + (17.595 + 3.582) × 0.5 = 9.996 + 10.5885 = 20.5845 → 665.8365 → 665.84.
    #expect(try paid(["27447:52"], setting: .facility, workRVU: "9.80") == rvu("665.84"))
  }

  @Test("the visit's place of service wins over the user's; settings keep theirs otherwise")
  func placeOfService() throws {
    // 99213 in a facility: 1.326 + 0.57 × 1.150 + 0.09 = 2.0715 → 67.0058 → 67.01; in the
    // office (the user's default, non-facility): 1.326 + 1.5525 + 0.09 = 2.9685 → 96.02.
    #expect(try paid(["99213"], setting: .facility) == rvu("67.01"))
    #expect(try paid(["99213"]) == rvu("96.02"))
  }

  @Test("a modifier the indicators refuse is not payable; the visit's other rules still apply")
  func refusedModifier() {
    func line(_ code: String, _ modifier: String?, assistant: Int) -> CreditRules.Line {
      CreditRules.Line(
        hcpcs: code, modifier: modifier, workRVU: .zero,
        indicators: PaymentIndicators(
          multipleProcedure: 2, bilateralSurgery: 0, assistantAtSurgery: assistant,
          coSurgeons: 0, teamSurgery: 0),
        isAddOn: false, isGiven: false, hasOwnRow: false, endoscopicBaseRVU: nil)
    }
    // Values in any unit: 1000 and 400. The assistant line on a code whose ASST SURG is 1 pays
    // nothing; the two others keep the multiple-procedure rule: 1000, then 400 × 50% = 200.
    let paid = CreditRules.payments(
      [line("A", nil, assistant: 1), line("B", nil, assistant: 1), line("C", "80", assistant: 1)],
      values: [1000, 400, 800], baseValues: [nil, nil, nil])
    #expect(paid == [1000, 200, 0])
    // -AS where ASST SURG is 2: 16% × 85% = 13.6% of 1000 = 136.
    #expect(
      CreditRules.payments([line("A", "AS", assistant: 2)], values: [1000], baseValues: [nil])
        == [136])
  }

  @Test("a surgeon's week, as Docs/RVU.md works it: 708.43")
  func surgeonsWeek() throws {
    let user = "surgeon"
    _ = try Self.store.updateSettings(
      RVUSettingsChanges(gpci: try GPCI(parsing: "1.020,1.150,0.900")), userId: user)
    let week: [([String], PracticeSetting?)] = [
      (["27447:80"], .facility), (["20610:50"], nil), (["64483", "20610"], nil),
      (["99213:25"], nil),
    ]
    for (specs, setting) in week {
      _ = try Self.store.addVisit(
        VisitInput(date: day("2025-11-04"), procedures: try specs.map(procedure), setting: setting),
        userId: user)
    }
    let query = RVUAnalyticsQuery(
      userId: user, range: try DayRange(start: day("2025-11-03"), end: day("2025-11-09")),
      period: .week)
    // 213.07 + 102.80 + 262.27 + 34.27 + 96.02 = 708.43.
    #expect(try Self.store.paymentEstimates(query).total.amount == rvu("708.43"))
  }
}
