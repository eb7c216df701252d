import AnalyticsCore
import Foundation
import Testing

@testable import RVUDomain

/// Pacing a target over its period, from the first day logged, less time off (issue 33). Days
/// counted by hand on the 2026 calendar (Jan 1 a Thursday; 261 weekdays in the year).
@Suite("Goal pacing: target period, first logged day, time off")
struct GoalPacingTests {
  private func store() throws -> RVUStore {
    let store = try RVUStore.inMemory(clock: .on(day("2026-12-31")))
    _ = try store.updateSettings(
      RVUSettingsChanges(dollarsPerRVU: rvu("50"), annualTarget: rvu("6000")), userId: "u")
    // Monday 2026-01-05: 99213 × 3 = 3.90.
    _ = try store.addVisit(
      VisitInput(date: day("2026-01-05"), procedures: [procedure("99213x3")]), userId: "u")
    return store
  }

  @Test("a week of vacation in January and one in July move the pace")
  func timeOff() throws {
    let store = try store()
    _ = try store.addTimeOff(from: day("2026-01-12"), to: day("2026-01-16"), userId: "u")
    // Overlapping entries count a day once; the weekend inside counts nothing.
    _ = try store.addTimeOff(from: day("2026-07-04"), to: day("2026-07-10"), userId: "u")
    _ = try store.addTimeOff(from: day("2026-07-09"), to: day("2026-07-10"), userId: "u")
    let goal = try store.goal(userId: "u", asOf: day("2026-01-31"))
    // Weekdays Jan 5–Dec 31: 261 − 2 = 259, less Jan 12–16 (5) and Jul 6–10 (5): 249.
    // Elapsed Jan 5–30: 20 weekdays less 5 off = 15.
    #expect(goal.pacedFrom == day("2026-01-05"))
    #expect(goal.timeOffDays == 10)
    #expect(goal.workingDaysInYear == 249 && goal.workingDaysElapsed == 15)
    // 6000 × 15 ÷ 249 = 361.445… → 361.45; 3.90 ÷ 361.45 = 1.0790…% → 1.08;
    // 3.90 × 249 ÷ 15 = 64.74.
    #expect(goal.expectedToDate == rvu("361.45"))
    #expect(goal.percentOfExpected == rvu("1.08"))
    #expect(goal.projectedYearEnd == rvu("64.74"))
    #expect(goal.projectedDollars == rvu("3237.00"))
  }

  @Test("a target period from July to June, paced from its start when visits came first")
  func targetPeriod() throws {
    let store = try store()
    _ = try store.updateSettings(
      RVUSettingsChanges(targetStart: day("2026-07-01"), targetEnd: day("2027-06-30")),
      userId: "u")
    _ = try store.addVisit(
      VisitInput(date: day("2026-07-01"), procedures: [procedure("99214")]), userId: "u")
    let goal = try store.goal(userId: "u", asOf: day("2026-07-31"))
    #expect(goal.periodStart == day("2026-07-01") && goal.periodEnd == day("2027-06-30"))
    #expect(goal.pacedFrom == day("2026-07-01"))
    // Jul 1 2026 (Wed) – Jun 30 2027 (Wed): 365 days = 52 weeks + 1 day (a Wednesday):
    // 260 + 1 = 261 weekdays. July 1–31, 2026: 23 weekdays. Only July's 1.92 counts.
    #expect(goal.workingDaysInYear == 261 && goal.workingDaysElapsed == 23)
    #expect(goal.workRVUToDate == rvu("1.92"))
    // 6000 × 23 ÷ 261 = 528.735… → 528.74.
    #expect(goal.expectedToDate == rvu("528.74"))
    // --year still means a calendar year.
    let calendar = try store.goal(userId: "u", year: 2026, asOf: day("2026-07-31"))
    #expect(calendar.periodStart == day("2026-01-01") && calendar.pacedFrom == day("2026-01-05"))
  }

  @Test("a period that is all time off paces nothing, and does not fail")
  func allTimeOff() throws {
    let store = try RVUStore.inMemory(clock: .on(day("2026-12-31")))
    _ = try store.updateSettings(
      RVUSettingsChanges(
        annualTarget: rvu("6000"), targetStart: day("2026-07-01"), targetEnd: day("2027-06-30")),
      userId: "u")
    _ = try store.addTimeOff(from: day("2026-07-01"), to: day("2027-06-30"), userId: "u")
    let goal = try store.goal(userId: "u", asOf: day("2026-08-31"))
    #expect(goal.workingDaysInYear == 0 && goal.timeOffDays == 261)
    #expect(goal.expectedToDate == nil && goal.percentOfExpected == nil)
    #expect(goal.projectedYearEnd == nil)
  }

  @Test("time off is listed, deleted, and refused backwards or over a year")
  func entries() throws {
    let store = try store()
    let entry = try store.addTimeOff(
      from: day("2026-03-02"), to: day("2026-03-06"), note: "conference", userId: "u")
    #expect(entry.workingDays == 5)
    #expect(try store.timeOff(userId: "u").map(\.note) == ["conference"])
    #expect(try store.timeOff(userId: "other").isEmpty)
    #expect(throws: TallyError.self) { try store.deleteTimeOff(id: entry.id!, userId: "other") }
    try store.deleteTimeOff(id: entry.id!, userId: "u")
    #expect(try store.timeOff(userId: "u").isEmpty)
    let backwards = try #require(throws: TallyError.self) {
      try store.addTimeOff(from: day("2026-03-06"), to: day("2026-03-02"), userId: "u")
    }
    #expect(backwards.value == "2026-03-02")
    #expect(throws: TallyError.self) {
      try store.addTimeOff(from: day("2026-01-01"), to: day("2027-06-01"), userId: "u")
    }
  }
}
