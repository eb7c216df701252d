import AnalyticsCore
import Foundation
import RuckAnalytics
import Testing

private func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

/// The hand-worked data set (UTC, goal 2 a week, body weight 80 kg, as of Wed 2026-02-11):
///
/// | id | day (week)      | time  | km | load | pace s/km | kg·km |
/// |----|-----------------|-------|----|------|-----------|-------|
/// | 1  | 01-12 Mon (A)   | 1h    | 5  | 10   | 720       | 50    |
/// | 2  | 01-14 Wed (A)   | 1h    | 6  | 10   | 600       | 60    |
/// | 3  | 01-19 Mon (B)   | 1h30m | 9  | 15   | 600       | 135   |
/// | 4  | 01-21 Wed (B)   | 1h    | 5  | 15   | 720       | 75    |
/// |    | week 01-26 empty|       |    |      |           |       |
/// | 5  | 02-02 Mon (D)   | 1h    | 6  | 20   | 600       | 120   |
/// | 6  | 02-04 Wed (D)   | 50m   | 5  | 20   | 600       | 100   |
/// | 7  | 02-10 Tue (E)   | 1h    | 6  | 20   | 600       | 120   |
private func fixture() throws -> RuckStore {
  let store = try RuckStore.inMemory()
  _ = try store.updateProfile(bodyWeightKg: 80)
  let sessions: [(String, Int, Double, Double)] = [
    ("2026-01-12", 3600, 5, 10), ("2026-01-14", 3600, 6, 10), ("2026-01-19", 5400, 9, 15),
    ("2026-01-21", 3600, 5, 15), ("2026-02-02", 3600, 6, 20), ("2026-02-04", 3000, 5, 20),
    ("2026-02-10", 3600, 6, 20),
  ]
  for (date, seconds, km, load) in sessions {
    _ = try store.logSession(
      start: Zone.utc.instant(of: try LocalDateTime(parsing: date + " 07:00")),
      duration: Double(seconds), distance: km * 1000, options: SessionOptions(loadKg: load))
  }
  return store
}

private let asOf = day("2026-02-11")

@Suite("Ruck analytics")
struct RuckAnalyticsTests {
  @Test("last week: 02-02…02-08 against an empty previous week") func lastWeek() throws {
    let report = try fixture().analytics(period: .lastWeek, asOf: asOf, zone: .utc)
    #expect(report.range == (try DayRange(start: day("2026-02-02"), end: day("2026-02-08"))))
    #expect(report.totals.sessions == 2)
    #expect(report.totals.distanceMeters == 11_000)
    #expect(report.totals.weightMovedKgKm == 220)
    #expect(report.totals.movingSeconds == 6600)
    #expect(report.totals.averagePaceSecondsPerKm == 600)  // 6600 s / 11 km
    #expect(report.distance.previous == 0)
    #expect(report.distance.percentChange == nil)  // from zero: null, never 0 or infinity
    #expect(report.distance.direction == .up)
    #expect(report.pace.previous == nil)
    #expect(report.pace.direction == nil)
    #expect(report.trainingStreakWeeks == 1)
  }

  // This month (02-01…02-11, 11 days): sessions 5, 6, 7 = 17 km, 10,200 s, 340 kg·km.
  // Previous 11 days (01-21…01-31): session 4 = 5 km, 3600 s (720 s/km), 75 kg·km.
  @Test("this month against the 11 days before") func thisMonth() throws {
    let report = try fixture().analytics(period: .thisMonth, asOf: asOf, zone: .utc)
    #expect(
      report.range.previous == (try DayRange(start: day("2026-01-21"), end: day("2026-01-31"))))
    #expect(report.distance.percentChange == 240)  // (17 − 5) / 5
    #expect(report.sessions.percentChange == 200)
    #expect(abs(report.weightMoved.percentChange! - 353.333_333) < 1e-5)  // (340 − 75) / 75
    #expect(abs(report.pace.percentChange! - -16.666_667) < 1e-5)  // (600 − 720) / 720
    #expect(report.pace.assessment == .improving)
  }

  @Test(
    "windows",
    arguments: [
      (RuckPeriod.thisWeek, "2026-02-09", "2026-02-11"), (.lastMonth, "2026-01-01", "2026-01-31"),
      (.last3Months, "2025-11-12", "2026-02-11"), (.last6Months, "2025-08-12", "2026-02-11"),
      (.lastYear, "2025-02-12", "2026-02-11"), (.allTime, "2026-01-12", "2026-02-11"),
    ])
  func windows(period: RuckPeriod, start: String, end: String) throws {
    let report = try fixture().analytics(period: period, asOf: asOf, zone: .utc)
    #expect(report.range == (try DayRange(start: day(start), end: day(end))))
  }

  @Test("records: ties go to the earliest session") func records() throws {
    let records = try fixture().records(asOf: asOf, zone: .utc)
    #expect(records.longestDistance?.sessionId == 3)
    #expect(records.longestDistance?.value == 9000)
    #expect(records.fastestPace?.sessionId == 2)  // 600 s/km first on 01-14
    #expect(records.fastestPace?.date == day("2026-01-14"))
    #expect(records.heaviestLoad?.sessionId == 5)  // 20 kg first on 02-02
    #expect(records.mostWeightMoved?.sessionId == 3)
    #expect(records.longestDuration?.value == 5400)
    // Pandolf, 80 kg: session 3 (15 kg, 1.667 m/s, 1.5 h) ≈ 674 kcal beats session 5 ≈ 473.
    #expect(records.highestCalories?.sessionId == 3)
    let empty = try RuckStore.inMemory().records(asOf: asOf, zone: .utc)
    #expect(empty.longestDistance == nil && empty.fastestPace == nil)
  }

  @Test("weekly: every week present, zero-filled") func weekly() throws {
    let weekly = try fixture().weekly(weeks: 4, asOf: asOf, zone: .utc)
    #expect(
      weekly.weeks.map(\.weekStart)
        == ["2026-01-19", "2026-01-26", "2026-02-02", "2026-02-09"].map(day))
    #expect(weekly.weeks.map(\.sessions) == [2, 0, 2, 1])
    #expect(weekly.weeks.map(\.distanceMeters) == [14_000, 0, 11_000, 6000])
    #expect(weekly.weeks.map(\.goalMet) == [true, false, true, false])
    #expect(weekly.averageSessionsPerWeek == 1.25)
    #expect(weekly.averageDistancePerWeekMeters == 7750)
  }

  @Test("streak: broken by the empty week; the unfinished week is pending") func streak() throws {
    let streak = try fixture().streak(asOf: asOf, zone: .utc)
    #expect(streak.minRucksPerWeek == 2)
    #expect(streak.currentWeeks == 1)  // week D; week E has 1 of 2 so far
    #expect(streak.longestWeeks == 2)  // weeks A and B
    #expect(streak.longestStart == day("2026-01-12"))
    #expect(streak.longestEnd == day("2026-01-25"))
    #expect(streak.thisWeekSessions == 1)
    #expect(streak.thisWeekNeeded == 1)
    #expect(streak.milestones.isEmpty)
  }

  @Test("milestones: the day the goal-th week was reached") func milestones() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(minRucksPerWeek: 1)
    // One ruck every Saturday from 2026-01-03 for 9 weeks.
    for week in 0..<9 {
      _ = try store.logSession(
        start: Zone.utc.instant(
          of: LocalDateTime(
            date: day("2026-01-03").adding(days: 7 * week), time: TimeOfDay(hour: 8, minute: 0)!)),
        duration: 3600, distance: 5000)
    }
    let streak = try store.streak(asOf: day("2026-03-01"), zone: .utc)
    #expect(streak.currentWeeks == 9)
    #expect(streak.milestones.map(\.weeks) == [4, 8])
    #expect(streak.milestones.map(\.reachedOn) == [day("2026-01-24"), day("2026-02-21")])
  }

  @Test("days are local to the zone") func zones() throws {
    let store = try RuckStore.inMemory()
    // 2026-02-09 03:00 UTC is still Sunday 02-08 in Chicago (UTC−6).
    _ = try store.logSession(
      start: Zone.utc.instant(of: try LocalDateTime(parsing: "2026-02-09 03:00")), duration: 3600,
      distance: 5000)
    let chicago = try Zone(identifier: "America/Chicago")
    #expect(
      try store.weekly(weeks: 2, asOf: day("2026-02-09"), zone: chicago).weeks.map(\.sessions) == [
        1, 0,
      ])
    #expect(
      try store.weekly(weeks: 2, asOf: day("2026-02-09"), zone: .utc).weeks.map(\.sessions) == [
        0, 1,
      ])
  }

  @Test("insights") func insights() throws {
    let store = try fixture()
    _ = try store.editSession(id: 3, options: SessionOptions(terrain: .trail, temperatureC: 12))
    _ = try store.editSession(id: 4, options: SessionOptions(terrain: .trail, temperatureC: -3))
    let insights = try store.insights(asOf: asOf, zone: .utc)
    // Paces 720, 600, 600, 720, 600, 600, 600 in one-minute bins [from, to):
    // [600, 660): 5, [660, 720): 0, [720, 780]: 2.
    #expect(insights.paceDistribution.map(\.sessions) == [5, 0, 2])
    #expect(insights.paceDistribution.last?.to == 780)
    #expect(insights.paceDistribution.first?.from == 600)
    let trail = try #require(insights.terrainImpact.first { $0.terrain == .trail })
    #expect(trail.sessions == 2)
    #expect(trail.averagePaceSecondsPerKm == 9000.0 / 14)  // 9000 s over 14 km
    #expect(
      insights.weatherImpact.map { RuckWire.temperatureBand($0.band) } == [
        "below 0 °C", "10 to 20 °C",
      ])
    #expect(insights.weatherImpact.map(\.band.toC) == [0, 20])
    #expect(insights.loadProgression.map(\.month) == [day("2026-01-01"), day("2026-02-01")])
    // Monthly average load: January (10, 10, 15, 15) = 12.5, February (20, 20, 20) = 20.
    #expect(insights.loadProgression.map(\.averageLoadKg) == [12.5, 20])
    #expect(insights.loadSlopeKgPerMonth == 7.5)
    #expect(insights.calorieBurn.count == 7)
  }
}
