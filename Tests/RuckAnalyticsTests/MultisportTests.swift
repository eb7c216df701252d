import AnalyticsCore
import Foundation
import GRDB
import Testing

@testable import RuckAnalytics

/// A multisport FIT (issue 36 §1): fitparse reads five sessions in sample_mulitple_header.fit,
/// swim, transition, bike, transition, run, with these totals and these records with a position
/// from each start to the next.
@Suite("Multisport FIT", .enabled(if: hasFIT, "../shared/data/fit is missing"))
struct MultisportTests {
  /// The trial of 2026-11-28: the Fenix 2 run's gain read 138 m from its points where the
  /// watch counted 64 m (fitparse: session total_ascent 64, total_descent 61). The device's
  /// climb is the session's, as its distance and calories are.
  @Test("a FIT session's climb is the device's")
  func deviceClimb() throws {
    let store = try RuckStore.inMemory()
    let session = try #require(
      try store.importFile(
        shared("fit/activity-small-fenix2-run.fit"), fileName: "activity-small-fenix2-run.fit"
      ).sessions.first)
    #expect(session.elevationGainMeters == 64 && session.elevationLossMeters == 61)
  }

  /// The trial of 2026-11-28: `--load 30lb` went on the swim, the transitions and the ride;
  /// and developer-types-sample.fit's session says 0 kcal for a 57-minute run, which was shown
  /// as "0 kcal, from device".
  @Test("a multisport load is carried on foot only; a device's 0 kcal is no count")
  func loadOnFoot() throws {
    let store = try RuckStore.inMemory()
    _ = try store.updateProfile(bodyWeightKg: 75)
    _ = try store.addGear(name: "Vest", kind: .vest)
    let sessions = try store.importFile(
      shared("fit/sample_mulitple_header.fit"), fileName: "sample_mulitple_header.fit",
      options: SessionOptions(loadKg: 13.6, gear: ["Vest"])
    ).sessions
    #expect(sessions.map(\.loadKg) == [0, 0, 0, 0, 13.6])
    let gear = try sessions.map { try store.gearNames(sessionId: $0.id!) }
    #expect(gear == [[], [], [], [], ["Vest"]])
    let run = try #require(
      try store.importFile(
        shared("fit/developer-types-sample.fit"), fileName: "developer-types-sample.fit"
      ).sessions.first)
    #expect(run.caloriesSource != .device)
  }

  @Test("one session per sport session, each with its own totals, points and type")
  func triathlon() throws {
    let store = try RuckStore.inMemory()
    let outcome = try store.importFile(
      shared("fit/sample_mulitple_header.fit"), fileName: "sample_mulitple_header.fit")
    let sessions = outcome.sessions
    #expect(sessions.count == 5)
    #expect(sessions.map(\.activity) == [.other, .other, .bike, .other, .run])
    #expect(sessions.map(\.distanceMeters) == [1_644.71, 141.7, 40_909.42, 31.93, 9_805.92])
    #expect(sessions.map(\.calories) == [245, 6, 1_001, 1, 632])
    #expect(sessions.allSatisfy { $0.caloriesSource == .device })
    #expect(sessions.map(\.movingSeconds) == [1_987.521, 170.269, 4_422.14, 60.724, 2_850.694])
    // fitparse's total_ascent and total_descent of each session.
    #expect(sessions.map(\.elevationGainMeters) == [0, 0, 30, 0, 2])
    #expect(sessions.map(\.elevationLossMeters) == [0, 8, 31, 0, 2])
    // One outing: every session is of the one file.
    #expect(Set(sessions.map(\.sourceFileId)).count == 1)
    let points = try sessions.map { try store.trackPoints(sessionId: $0.id!).count }
    #expect(points == [38, 38, 854, 14, 518])
    // The same file again adds nothing.
    guard
      case .duplicate = try store.importFile(
        shared("fit/sample_mulitple_header.fit"), fileName: "again.fit")
    else {
      Issue.record("a second import of the file was not a duplicate")
      return
    }
  }
}
