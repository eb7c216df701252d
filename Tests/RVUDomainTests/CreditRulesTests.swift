import AnalyticsCore
import Foundation
import Testing

@testable import RVUDomain

/// The credit rules on the real CMS file (PPRRVU2025_Oct.csv, its indicator columns read by
/// hand with the file open). Rules: Medicare Claims Processing Manual, ch. 12 — §40.6
/// multiple procedures, §40.6.2 endoscopies, §40.7 bilateral surgery, §40.8 co-surgeons and
/// teams, §20.4.3 assistants at surgery. Percentages of a work RVU are rounded to the cent,
/// halves up.
@Suite(
  "Modifier and multiple-procedure rules on the CMS 2025 file",
  .enabled(if: hasPPRRVU, "../shared/data/cms/PPRRVU2025_Oct.csv is missing"))
struct CreditRulesTests {
  /// The real file imported; today is 2025-12-31.
  private static let store = cmsStore()

  /// Logs one visit of `specs` and returns each procedure's credit, unadjusted value and note.
  private func credits(_ specs: [String], user: String = #function) throws
    -> [(FixedDecimal, FixedDecimal?, String?)]
  {
    let saved = try Self.store.addVisit(
      VisitInput(date: day("2025-11-03"), procedures: specs.map(procedure)), userId: user)
    return saved.procedures.map { ($0.workRVU, $0.workRVUUnadjusted, $0.adjustment) }
  }

  @Test("the file's indicators are kept: 27447 (2 1 2 1 0), 45380 in 45378's family")
  func indicators() throws {
    let knee = try #require(try Self.store.code("27447").indicators)
    #expect(
      knee
        == PaymentIndicators(
          multipleProcedure: 2, bilateralSurgery: 1, assistantAtSurgery: 2, coSurgeons: 1,
          teamSurgery: 0))
    let snare = try #require(try Self.store.code("45380").indicators)
    #expect(snare.multipleProcedure == 3 && snare.endoscopicBase == "45378")
  }

  @Test("assistant at surgery: 16% where ASST SURG is 2 (27447: 19.60 × 0.16 = 3.136 → 3.14)")
  func assistant() throws {
    let result = try credits(["27447:80"])
    #expect(result[0].0 == rvu("3.14") && result[0].1 == rvu("19.60"))
    #expect(result[0].2 == "assistant at surgery 16%")
    // -AS is credited the same 16% (85% of it applies to payment only).
    #expect(try credits(["27447:AS"])[0].0 == rvu("3.14"))
  }

  @Test("assistant refused where ASST SURG is 1 (20610), said where it is 0 (29881)")
  func assistantIndicators() throws {
    let error = try #require(throws: TallyError.self) { try credits(["20610:80"]) }
    #expect(error.description.contains("20610-80"))
    // 29881: 7.03 × 0.16 = 1.1248 → 1.12.
    let arthroscopy = try credits(["29881:80"])
    #expect(arthroscopy[0].0 == rvu("1.12"))
    #expect(arthroscopy[0].2?.contains("documentation") == true)
  }

  @Test("bilateral: 150% where BILAT SURG is 1 (20610: 0.79 × 1.5 = 1.185 → 1.19), 100% at 2")
  func bilateral() throws {
    let injection = try credits(["20610:50"])
    #expect(injection[0].0 == rvu("1.19") && injection[0].2 == "bilateral 150%")
    // 69210 (cerumen removal) is bilateral already: BILAT SURG 2, 0.61 unchanged.
    let ears = try credits(["69210:50"])
    #expect(ears[0].0 == rvu("0.61") && ears[0].2?.contains("already") == true)
  }

  @Test("co-surgeons 62.5% where CO- SURG is 1 (27130: 19.60 × 0.625 = 12.25); refused at 0")
  func coSurgeons() throws {
    #expect(try credits(["27130:62"])[0].0 == rvu("12.25"))
    #expect(throws: TallyError.self) { try credits(["20610:62"]) }
  }

  @Test("two procedures: the higher at 100%, the other at 50% (64483 1.90 + 20610 0.79 → 0.40)")
  func multipleProcedures() throws {
    let result = try credits(["20610", "64483"])
    // 20610 is listed first but valued lower: it is the one reduced (0.79 / 2 = 0.395 → 0.40).
    #expect(result[0].0 == rvu("0.40") && result[0].2 == "multiple procedure 50%")
    #expect(result[1].0 == rvu("1.90") && result[1].2 == nil)
  }

  @Test("add-on codes (ZZZ) and codes with MULT PROC 0 are never reduced")
  func notReduced() throws {
    // 11042 (1.01, MULT PROC 2) with its add-on 11045 (0.50, ZZZ) and an E/M 99213 with -25
    // (MULT PROC 0): only one procedure is subject to the rule, nothing is reduced.
    let result = try credits(["11042", "11045", "99213:25"])
    #expect(result.map(\.0) == [rvu("1.01"), rvu("0.50"), rvu("1.30")])
    #expect(result.allSatisfy { $0.2 == nil })
  }

  @Test("the base endoscopy beside a member of its family adds nothing (45378 with 45380)")
  func endoscopyBase() throws {
    // 45380 3.56 in full; 45378 (MULT PROC 2, the family's base) 3.26 − 3.26 = 0.00: not
    // 3.26 × 50% as a second procedure (§40.6.2).
    let result = try credits(["45378", "45380"])
    #expect(result[1].0 == rvu("3.56"))
    #expect(result[0].0 == rvu("0.00") && result[0].2 == "endoscopy: less the base 45378 (3.26)")
  }

  @Test("an export's work_rvu must be what the rules give its work_rvu_unadjusted")
  func exportedCredit() throws {
    func body(_ credit: String) -> Data {
      Data(
        #"[{"date": "2025-11-05", "procedures": [{"hcpcs": "27447", "modifier": "80", "work_rvu": \#(credit), "work_rvu_unadjusted": 19.60}]}]"#
          .utf8)
    }
    let imported = try Self.store.importVisits(
      try VisitImportFile.parse(body("3.14"), fileName: "v.json"), userId: "exported")
    #expect(imported.added == 1)
    // Edited to 5.00 in the file: refused naming both values, nothing saved.
    let error = try #require(throws: TallyError.self) {
      try Self.store.importVisits(
        try VisitImportFile.parse(body("5.00"), fileName: "v.json"), userId: "edited")
    }
    #expect(error.description.contains("5.00") && error.description.contains("3.14"))
  }

  @Test("endoscopies of one family: the highest in full, the next less the base (45378)")
  func endoscopies() throws {
    // 45385 4.57 in full; 45380 3.56 − 45378 3.26 = 0.30. One family: no 50% reduction.
    let result = try credits(["45380", "45385"])
    #expect(result[1].0 == rvu("4.57") && result[1].2 == nil)
    #expect(result[0].0 == rvu("0.30"))
    #expect(result[0].2 == "endoscopy: less the base 45378 (3.26)")
  }

  @Test("a surgeon's week: knee with an assistant, bilateral injection, two procedures, E/M -25")
  func surgeonsWeek() throws {
    // Worked in Docs/RVU.md: 27447-80 3.14; 20610-50 1.19; 64483 1.90 + 20610 0.40; 99213-25
    // 1.30: 7.93 credited against 19.60 + 0.79 + 1.90 + 0.79 + 1.30 = 24.38 unadjusted.
    let total = try [["27447:80"], ["20610:50"], ["64483", "20610"], ["99213:25"]]
      .flatMap { try credits($0) }.map(\.0).reduce(FixedDecimal.zero, +)
    #expect(total == rvu("7.93"))
  }

  @Test("an employer who credits unreduced work RVUs: the rule is said, not applied")
  func unadjustedCredit() throws {
    _ = try Self.store.updateSettings(RVUSettingsChanges(credit: .unadjusted), userId: "plain")
    let result = try credits(["27447:80"], user: "plain")
    #expect(result[0].0 == rvu("19.60") && result[0].1 == rvu("19.60"))
    #expect(result[0].2 == "not applied (credit: unadjusted): assistant at surgery 16%")
  }

  @Test("a modifier without a rule is refused, naming the closest valid ones")
  func unknownModifier() throws {
    let error = try #require(throws: TallyError.self) { try ProcedureInput(parsing: "99213:ZZ") }
    #expect(error.description.contains("ZZ") && error.description.contains("credit rule"))
    // 54 (surgical care only) changes the credit by the file's PRE/INTRA/POST columns, which
    // Tally does not apply yet: refused rather than credited in full.
    #expect(throws: TallyError.self) { try ProcedureInput(parsing: "27447:54") }
    // A teaching physician (GC) changes nothing in the credit.
    #expect(try ProcedureInput(parsing: "99213:GC").modifier == "GC")
  }

  @Test("reduced or discontinued without a row of its own needs a work RVU (by report)")
  func reduced() throws {
    #expect(throws: TallyError.self) { try credits(["27447:52"]) }
    let given = try Self.store.addVisit(
      VisitInput(
        date: day("2025-11-03"),
        procedures: [ProcedureInput(hcpcs: "27447", modifier: "52", workRVU: rvu("9.80"))]),
      userId: "reduced")
    #expect(given.procedures[0].workRVU == rvu("9.80"))
    #expect(given.procedures[0].adjustment == "reduced services: by report")
    // 45378 has a -53 row of its own in the file (1.63): taken from it.
    #expect(try credits(["45378:53"])[0].0 == rvu("1.63"))
  }
}
