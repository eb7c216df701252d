import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

/// Heart-rate zones (issue 36 §2): 50–60–70–80–90–100% of the maximum, or of the reserve above
/// the resting rate (Karvonen 1957); the maximum 220 − age without one set (Fox 1971).
@Suite("Heart-rate zones")
struct HeartRateZoneTests {
  @Test("bounds by hand: of the maximum, of the reserve, from the birth year")
  func bounds() throws {
    var profile = RuckProfile()
    #expect(HeartRateZones(profile: profile, year: 2026) == nil)
    profile.maxHeartRate = 185
    let ofMaximum = try #require(HeartRateZones(profile: profile, year: 2026))
    // 185 × 0.5, 0.6, 0.7, 0.8, 0.9.
    #expect(ofMaximum.lowerBounds == [92.5, 111, 129.5, 148, 166.5])
    #expect(ofMaximum.zone(of: 92) == 0 && ofMaximum.zone(of: 93) == 1)
    #expect(ofMaximum.zone(of: 166) == 4 && ofMaximum.zone(of: 167) == 5)
    #expect(ofMaximum.zone(of: 200) == 5)
    profile.restingHeartRate = 55
    let ofReserve = try #require(HeartRateZones(profile: profile, year: 2026))
    // 55 + 130 × 0.5, 0.6, 0.7, 0.8, 0.9.
    #expect(ofReserve.basis == .reserve && ofReserve.lowerBounds == [120, 133, 146, 159, 172])
    profile = RuckProfile()
    profile.birthYear = 1982
    let estimated = try #require(HeartRateZones(profile: profile, year: 2015))
    #expect(estimated.maximum == 187 && estimated.maximumEstimated)
  }

  @Test(
    "time in zones of the Fenix 2 run, as a Python recount over fitparse's records gives it",
    .enabled(if: hasFIT, "../shared/data/fit is missing"))
  func fenix() throws {
    let store = try RuckStore.inMemory()
    let outcome = try store.importFile(
      shared("fit/activity-small-fenix2-run.fit"), fileName: "activity-small-fenix2-run.fit")
    let id = try #require(outcome.sessions.first?.id)
    // Python: each record's heart rate holds until the next record (0 < step ≤ 60 s), summed
    // by zone: below, 1, 2, 3, 4, 5.
    for (maximum, resting, birthYear, seconds) in [
      (185, 55, nil, [163.0, 262, 461, 503, 801, 642]),
      (185, nil, nil, [10.0, 72, 267, 573, 1_031, 879]),
      (nil, nil, 1982, [11.0, 89, 282, 621, 1_056, 773]),
    ] as [(Int?, Int?, Int?, [Double])] {
      try store.writer.write { db in try RuckProfile.deleteAll(db) }
      _ = try store.updateProfile(
        maxHeartRate: maximum, restingHeartRate: resting, birthYear: birthYear)
      let detail = try store.sessionDetail(id: id, splitMeters: 1_000)
      #expect(detail.heartRateZones?.seconds == seconds)
    }
  }

  @Test("a resting rate at or above the maximum is refused, naming both")
  func refused() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(maxHeartRate: 110)
    let error = try #require(throws: TallyError.self) {
      try store.updateProfile(restingHeartRate: 110)
    }
    #expect(error.description.contains("110") && error.description.contains("below the maximum"))
    #expect(try store.profile().restingHeartRate == nil)
    #expect(throws: TallyError.self) { try store.updateProfile(maxHeartRate: 260) }
    // A birth year to come (the trial's 2030 made 220 − age 235 bpm) is refused, naming the year.
    let future = try #require(throws: TallyError.self) {
      try store.updateProfile(birthYear: 2030, asOf: try LocalDate(parsing: "2026-11-28"))
    }
    #expect(future.description.contains("2030") && future.description.contains("2026"))
    #expect(try store.profile().birthYear == nil)
  }
}
