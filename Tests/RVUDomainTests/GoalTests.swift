import AnalyticsCore
import Foundation
import Testing

@testable import RVUDomain

@Suite("Settings and the annual goal")
struct GoalTests {
  @Test(
    "working days are Monday to Friday (counted with Python's date.weekday())",
    arguments: [
      ("2026-01-01", "2026-12-31", 261), ("2026-01-01", "2026-01-31", 22),
      ("2026-01-01", "2026-03-31", 64), ("2026-01-01", "2026-01-04", 2),
      ("2026-01-03", "2026-01-04", 0), ("2026-01-05", "2026-01-04", 0),
    ])
  func workingDays(start: String, end: String, expected: Int) {
    #expect(RVUGoal.workingDays(from: day(start), through: day(end)) == expected)
  }

  @Test("settings change only what is given; bad amounts are refused") func settings() throws {
    let store = try RVUStore.inMemory()
    #expect(try store.settings(userId: "u") == RVUSettings(userId: "u"))
    _ = try store.updateSettings(
      RVUSettingsChanges(dollarsPerRVU: rvu("52.50"), annualTarget: rvu("6000")), userId: "u")
    let after = try store.updateSettings(
      RVUSettingsChanges(practiceSetting: .facility), userId: "u")
    #expect(after.dollarsPerRVU == rvu("52.50"))
    #expect(after.annualTarget == rvu("6000"))
    #expect(after.practiceSetting == .facility)
    #expect(try store.settings(userId: "other").dollarsPerRVU == nil)
    for changes in [
      RVUSettingsChanges(dollarsPerRVU: rvu("-1")), RVUSettingsChanges(bonusRate: rvu("1.01")),
    ] {
      #expect(throws: TallyError.self) { try store.updateSettings(changes, userId: "u") }
    }
    #expect(try store.settings(userId: "u") == after)
  }

  @Test("to date, expected, pace, dollars and bonus, worked by hand") func goal() throws {
    let store = try RVUStore.inMemory()
    for (date, codes) in [
      ("2026-01-05", ["99213x3"]), ("2026-01-20", ["99214", "G2211"]), ("2026-02-02", ["99215"]),
    ] {
      _ = try store.addVisit(
        VisitInput(date: day(date), procedures: codes.map(procedure)), userId: "u")
    }
    _ = try store.updateSettings(
      RVUSettingsChanges(
        dollarsPerRVU: rvu("52.50"), annualTarget: rvu("6000"), bonusRate: rvu("0.25"),
        bonusThreshold: rvu("5")), userId: "u")
    let goal = try store.goal(userId: "u", year: 2026, asOf: day("2026-01-31"))
    // To date (02-02 is after the as-of day): 3 × 1.30 + 1.92 + 0.33 = 6.15.
    #expect(goal.workRVUToDate == rvu("6.15"))
    #expect(goal.workingDaysElapsed == 22)
    #expect(goal.workingDaysInYear == 261)
    // 6000 × 22 ÷ 261 = 505.747… → 505.75.
    #expect(goal.expectedToDate == rvu("505.75"))
    // 6.15 ÷ 505.75 = 1.2160…% → 1.22.
    #expect(goal.percentOfExpected == rvu("1.22"))
    // 6.15 × 261 ÷ 22 = 72.961… → 72.96.
    #expect(goal.projectedYearEnd == rvu("72.96"))
    // 6.15 × 52.50 = 322.875 → 322.88; 72.96 × 52.50 = 3830.40.
    #expect(goal.dollarsToDate == rvu("322.88"))
    #expect(goal.projectedDollars == rvu("3830.40"))
    // (6.15 − 5) × 52.50 = 60.375 → 60.38; × 0.25 = 15.095 → 15.10.
    #expect(goal.bonusToDate == rvu("15.10"))
    // (72.96 − 5) × 52.50 = 3567.90; × 0.25 = 891.975 → 891.98.
    #expect(goal.projectedBonus == rvu("891.98"))
    // A year not begun: nothing elapsed, no projection.
    let next = try store.goal(userId: "u", year: 2027, asOf: day("2026-01-31"))
    #expect(next.workingDaysElapsed == 0)
    #expect(next.through == nil)
    #expect(next.projectedYearEnd == nil)
    #expect(next.expectedToDate == .zero)
  }
}
