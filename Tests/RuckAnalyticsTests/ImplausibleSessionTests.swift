import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

/// Issue 30: `log --duration 999h --distance 4mi` and `--load 300lb` were accepted as they are:
/// the month's pace became 847:24 /mi, the record "longest duration 999:00:00", and Pandolf gave
/// 108,199 kcal (over the documented 100,000). Too slow, too long in time and too heavy are
/// flagged and kept out of records, exactly as too-fast sessions are.
@Suite("Too slow, too long, too heavy: flagged, kept, out of records")
struct ImplausibleSessionTests {
  func at(_ text: String) -> Instant { Zone.utc.instant(of: try! LocalDateTime(parsing: text)) }

  @Test func theIssuesSessions() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(bodyWeightKg: 80)
    let walk = try store.logSession(
      start: at("2026-02-02 07:00"), duration: 3600, distance: 5000,
      options: SessionOptions(loadKg: 10))
    // 999 h over 4 mi (6,437.376 m): 558,683 s/km, slower than 3,600 s/km.
    let slow = try store.logSession(
      start: at("2026-02-03 07:00"), duration: 999 * 3600, distance: 6437.376,
      options: SessionOptions(loadKg: 10))
    #expect(slow.implausibility == .tooSlow && slow.recordStatus == .unconfirmed)
    #expect(slow.calories == nil && slow.caloriesSource == .none)
    // 300 lb = 136.08 kg.
    let heavy = try store.logSession(
      start: at("2026-02-04 07:00"), duration: 3600, distance: 5000,
      options: SessionOptions(loadKg: 300 * 0.45359237))
    #expect(heavy.implausibility == .tooHeavy && heavy.recordStatus == .unconfirmed)
    // 50 h over 200 km is 15:00 /km, a plausible pace, for longer than 48 hours.
    let long = try store.logSession(
      start: at("2026-02-05 07:00"), duration: 50 * 3600, distance: 200_000)
    #expect(long.implausibility == .tooLongInTime && long.recordStatus == .unconfirmed)
    let records = try store.records(asOf: LocalDate(year: 2026, month: 2, day: 8)!, zone: .utc)
    #expect(records.longestDuration?.sessionId == walk.id)
    #expect(records.heaviestLoad?.sessionId == walk.id)
    #expect(records.longestDistance?.sessionId == walk.id)
    // Confirmed, it counts.
    _ = try store.editSession(
      id: heavy.id!, options: SessionOptions(), changes: SessionChanges(recordStatus: .counted))
    let confirmed = try store.records(asOf: LocalDate(year: 2026, month: 2, day: 8)!, zone: .utc)
    #expect(confirmed.heaviestLoad?.sessionId == heavy.id)
    // An edit that leaves the reason (a note) keeps it confirmed; one that makes it implausible
    // for another reason (too fast: 5 km in 10 minutes) flags it again. The review of
    // 2026-11-28 found every edit of a confirmed session flagging it again.
    let noted = try store.editSession(id: heavy.id!, options: SessionOptions(notes: "sandbags"))
    #expect(noted.session.recordStatus == .counted)
    let fast = try store.editSession(
      id: heavy.id!, options: SessionOptions(), changes: SessionChanges(duration: 600))
    #expect(fast.session.recordStatus == .unconfirmed)
  }

  /// The helper's trial (2026-11-28): a flagged 250 lb ruck and a 20-hour 5 km counted in
  /// `weekly` ("2 sessions, 10.00 km, goal met") and the streak while the goals said 0 km, and
  /// made the week's pace 126:00 /km. Flagged sessions are out of every total until confirmed
  /// (and counted apart); one the user excluded from records still counts in the totals.
  @Test func flaggedOutOfTotalsExcludedIn() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(minRucksPerWeek: 1)
    try store.setGoal(.week, .distance, target: 5_000)
    let asOf = LocalDate(year: 2026, month: 2, day: 8)!  // a Sunday; the week from 02-02
    let heavy = try store.logSession(
      start: at("2026-02-02 07:00"), duration: 3600, distance: 5000,
      options: SessionOptions(loadKg: 250 * 0.45359237))
    let slow = try store.logSession(
      start: at("2026-02-03 07:00"), duration: 20 * 3600, distance: 5000,
      options: SessionOptions(loadKg: 20))
    #expect(heavy.recordStatus == .unconfirmed && slow.recordStatus == .unconfirmed)
    var week = try store.weekly(weeks: 1, asOf: asOf, zone: .utc)
    #expect(week.weeks[0].sessions == 0 && week.weeks[0].distanceMeters == 0)
    #expect(week.sessionsUnconfirmed == 2 && !week.weeks[0].goalMet)
    #expect(week.goals.map(\.done) == [0])
    let analytics = try store.analytics(period: .thisWeek, asOf: asOf, zone: .utc)
    #expect(analytics.totals.sessions == 0 && analytics.sessionsUnconfirmed == 2)
    #expect(analytics.totals.averagePaceSecondsPerKm == nil)
    #expect(try store.streak(asOf: asOf, zone: .utc).thisWeekSessions == 0)
    #expect(try store.goalProgress(asOf: asOf, zone: .utc).map(\.done) == [0])
    // Confirmed, the slow one counts everywhere: 1 session, 5 km in 20 h (14,400 s/km).
    _ = try store.editSession(
      id: slow.id!, options: SessionOptions(), changes: SessionChanges(recordStatus: .counted))
    week = try store.weekly(weeks: 1, asOf: asOf, zone: .utc)
    #expect(week.weeks[0].sessions == 1 && week.weeks[0].distanceMeters == 5000)
    #expect(week.sessionsUnconfirmed == 1 && week.weeks[0].goalMet)
    #expect(week.goals.map(\.done) == [5000])
    #expect(week.weeks[0].averagePaceSecondsPerKm == 14_400)
    // Excluded from records, it still counts in the totals and the goal, not in records.
    _ = try store.editSession(
      id: slow.id!, options: SessionOptions(), changes: SessionChanges(recordStatus: .excluded))
    #expect(try store.weekly(weeks: 1, asOf: asOf, zone: .utc).weeks[0].sessions == 1)
    #expect(try store.goalProgress(asOf: asOf, zone: .utc).map(\.done) == [5000])
    #expect(try store.streak(asOf: asOf, zone: .utc).thisWeekSessions == 1)
    #expect(try store.records(asOf: asOf, zone: .utc).longestDistance == nil)
  }

  /// Pandolf et al. (1977), M = 1.5W + 2(W+L)(L/W)² + η(W+L)(1.5V² + 0.35VG), by hand: a
  /// 300 kg walker with 99 kg on sand (η 2.1) over 249 km in 47 hours (V = 1.4716 m/s, level):
  /// 450 + 86.9 + 2.1 × 399 × 3.248 = 3,258 W, over 169,200 s about 131,800 kcal. Every rule
  /// finds it plausible; its estimate stops at the documented 100,000 kcal.
  @Test func aPandolfEstimateStopsAtTheDocumentedLimit() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(bodyWeightKg: 300)
    let session = try store.logSession(
      start: at("2026-02-02 07:00"), duration: 47 * 3600, distance: 249_000,
      options: SessionOptions(loadKg: 99, terrain: .sand))
    #expect(session.implausibility == nil)
    #expect(session.calories == 100_000)
  }
}
