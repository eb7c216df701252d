import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

/// Training load (issue 36 §2): Banister's TRIMP from heart rates, the estimate without them,
/// and fitness and fatigue as 42- and 7-day exponentially weighted averages. Expected values
/// worked out in Python (math.exp; fitparse's records for the Fenix 2 run).
@Suite("Training load, fitness and fatigue")
struct TrainingLoadTests {
  @Test("fitness and fatigue by hand: a load of 42 then rest")
  func series() {
    // x(d) = x(d − 1) + (load − x(d − 1)) / τ: 42/42 = 1 and 42/7 = 6, then × 41/42 and × 6/7.
    let series = FitnessFatigue.series([42, 0])
    #expect(series[0].fitness == 1 && series[0].fatigue == 6)
    #expect(abs(series[1].fitness - 41.0 / 42) < 1e-12 && abs(series[1].fatigue - 36.0 / 7) < 1e-12)
  }

  @Test("a hand-logged ruck's estimate: Pandolf's watts as METs, a fraction of 12")
  func estimated() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(bodyWeightKg: 80)
    _ = try store.logSession(
      start: Instant(millisecondsSinceEpoch: 1_770_000_000_000), duration: 5_400, distance: 8_000,
      options: SessionOptions(loadKg: 20))
    let asOf = try LocalDate(parsing: "2026-02-08")
    // M = 1.5·80 + 2·100·0.25² + 100·1.5·(8000/5400)² = 461.718 W; 4.9626 METs; HRr 0.36023;
    // 90 min × 0.36023 × 0.64·e^(1.92 × 0.36023) = 41.4369 (women: 0.86, 1.67: 50.8855).
    let male = try store.fitness(weeks: 1, asOf: asOf, zone: .utc)
    #expect(male.sessions.map(\.source) == [.estimated])
    #expect(abs(male.sessions[0].load - 41.436_884) < 1e-4)
    _ = try store.updateProfile(sex: .female)
    let female = try store.fitness(weeks: 1, asOf: asOf, zone: .utc)
    #expect(abs(female.sessions[0].load - 50.885_452) < 1e-4)
  }

  @Test(
    "the Fenix 2 run's TRIMP from its heart rates, and the week's fitness",
    .enabled(if: hasFIT, "../shared/data/fit is missing"))
  func banister() throws {
    let store = try RuckStore.inMemory()
    _ = try store.importFile(
      shared("fit/activity-small-fenix2-run.fit"), fileName: "activity-small-fenix2-run.fit")
    // No resting rate: no reserve, and no body weight for an estimate.
    let none = try store.fitness(
      weeks: 1, asOf: try LocalDate(parsing: "2015-08-17"), zone: .utc)
    #expect(none.sessions.isEmpty && none.sessionsWithoutLoad == 1)
    _ = try store.updateProfile(maxHeartRate: 185, restingHeartRate: 55)
    // Run on Saturday 2015-08-15; Monday 08-17 is two days of rest later.
    let fitness = try store.fitness(
      weeks: 2, asOf: try LocalDate(parsing: "2015-08-17"), zone: .utc)
    #expect(fitness.sessions.map(\.source) == [.heartRate])
    #expect(abs((fitness.sessions.first?.load ?? 0) - 107.518_000) < 1e-3)
    #expect(abs(fitness.weeks[0].load - 107.518_000) < 1e-3 && fitness.weeks[0].sessions == 1)
    let week = try #require(fitness.weeks.last)
    #expect(week.weekStart == (try LocalDate(parsing: "2015-08-17")) && week.load == 0)
    #expect(abs(week.fitness - 2.439_501) < 1e-5 && abs(week.fatigue - 11.284_688) < 1e-5)
    #expect(abs(week.form - (-8.845_187)) < 1e-5)
  }
}
