import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

/// Goals beside the sessions-per-week one (issue 36 §3), worked out by hand.
@Suite("Distance, weight-moved and elevation goals")
struct GoalTests {
  private func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

  @Test("this week's and month's progress, and each week's")
  func progress() throws {
    let store = try RuckStore.inMemory()
    try store.setGoal(.week, .distance, target: 20_000)
    try store.setGoal(.week, .weightMoved, target: 300)
    try store.setGoal(.month, .distance, target: 50_000)
    // Mon 2026-02-02: 8 km with 20 kg (160 kg·km); Wed 02-04: 12.5 km with 10 kg (125 kg·km);
    // Mon 02-09: 6 km with 20 kg (120 kg·km); a run on 02-10 does not count.
    for (text, metres, load) in [
      ("2026-02-02", 8_000.0, 20.0), ("2026-02-04", 12_500, 10), ("2026-02-09", 6_000, 20),
    ] {
      _ = try store.logSession(
        start: Zone.utc.start(of: day(text)).adding(seconds: 8 * 3600), duration: 5_400,
        distance: metres,
        options: SessionOptions(loadKg: load))
    }
    _ = try store.logSession(
      start: Zone.utc.start(of: day("2026-02-10")).adding(seconds: 8 * 3600), duration: 3_600,
      distance: 10_000, options: SessionOptions(activity: .run))
    // 30 km in an hour on 02-10 is flagged (a car): no goal counts it.
    _ = try store.logSession(
      start: Zone.utc.start(of: day("2026-02-10")).adding(seconds: 12 * 3600), duration: 3_600,
      distance: 30_000)

    let now = try store.goalProgress(asOf: day("2026-02-10"), zone: .utc)
    // The week of 02-09: 6 km of 20, 120 of 300 kg·km; February so far: 26.5 km of 50.
    #expect(now.map(\.done) == [6_000, 120, 26_500])
    #expect(now.map(\.met) == [false, false, false])
    #expect(now[0].start == day("2026-02-09") && now[0].end == day("2026-02-15"))
    #expect(now[2].start == day("2026-02-01") && now[2].end == day("2026-02-28"))
    #expect(abs(now[2].percent - 53) < 1e-9)

    // The week of 02-02: 20.5 km meets 20; 160 + 125 = 285 kg·km falls short of 300.
    let weekly = try store.weekly(weeks: 2, asOf: day("2026-02-10"), zone: .utc)
    #expect(weekly.goals.map(\.done) == [20_500, 285, 6_000, 120])
    #expect(weekly.goals.map(\.met) == [true, false, false, false])
    let streak = try store.streak(asOf: day("2026-02-10"), zone: .utc)
    #expect(streak.goals == now)

    // none removes one; the others stay.
    try store.setGoal(.week, .weightMoved, target: nil)
    #expect(try store.goals().map(\.measure) == [.distance, .distance])
    #expect(throws: TallyError.self) { try store.setGoal(.week, .elevation, target: 0) }
  }

  @Test("goals typed with their units")
  func parsing() throws {
    #expect(try Quantities.weightMoved(parsing: "400kg·km") == 400)
    // 250 lb·mi = 250 × 0.45359237 kg × 1.609344 km.
    #expect(abs(try Quantities.weightMoved(parsing: "250lb·mi") - 182.496_540) < 1e-6)
    #expect(abs(try Quantities.elevation(parsing: "1500ft") - 457.2) < 1e-9)
    #expect(throws: TallyError.self) { try Quantities.elevation(parsing: "500") }
    #expect(throws: TallyError.self) { try Quantities.weightMoved(parsing: "400") }
  }
}
