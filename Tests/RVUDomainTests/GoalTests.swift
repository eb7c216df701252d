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
    // Paced from the first visit, Monday 2026-01-05 (issue 33: a physician is not behind for
    // days before they logged anything): working days Jan 5–30 = 20, Jan 5–Dec 31 = 261 − 2
    // (Thu Jan 1, Fri Jan 2) = 259.
    #expect(goal.pacedFrom == day("2026-01-05"))
    #expect(goal.workingDaysElapsed == 20)
    #expect(goal.workingDaysInYear == 259)
    // 6000 × 20 ÷ 259 = 463.320… → 463.32.
    #expect(goal.expectedToDate == rvu("463.32"))
    // 6.15 ÷ 463.32 = 1.3273…% → 1.33.
    #expect(goal.percentOfExpected == rvu("1.33"))
    // 6.15 × 259 ÷ 20 = 79.6425 → 79.64.
    #expect(goal.projectedYearEnd == rvu("79.64"))
    // 6.15 × 52.50 = 322.875 → 322.88; 79.64 × 52.50 = 4181.10.
    #expect(goal.dollarsToDate == rvu("322.88"))
    #expect(goal.projectedDollars == rvu("4181.10"))
    // (6.15 − 5) × 52.50 = 60.375 → 60.38; × 0.25 = 15.095 → 15.10.
    #expect(goal.bonusToDate == rvu("15.10"))
    // (79.64 − 5) × 52.50 = 3918.60; × 0.25 = 979.65.
    #expect(goal.projectedBonus == rvu("979.65"))
    // A year not begun: nothing elapsed, no projection.
    let next = try store.goal(userId: "u", year: 2027, asOf: day("2026-01-31"))
    #expect(next.workingDaysElapsed == 0)
    #expect(next.through == nil)
    #expect(next.projectedYearEnd == nil)
    #expect(next.expectedToDate == .zero)
  }
}
