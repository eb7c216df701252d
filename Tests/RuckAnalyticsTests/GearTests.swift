import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

/// Gear (issue 36 §3): distance and weight moved per item, defaults per kind, retiring.
@Suite("Gear")
struct GearTests {
  private let day = Instant(millisecondsSinceEpoch: 1_770_000_000_000)  // 2026-02-02

  @Test("defaults on rucks, named gear, sums by hand, retiring")
  func usage() throws {
    let store = try RuckStore.inMemory()
    _ = try store.addGear(name: "GR1 26L", kind: .pack, retireAtMeters: 15_000, isDefault: true)
    _ = try store.addGear(name: "Boots", kind: .boots, isDefault: true)
    _ = try store.addGear(name: "Vest", kind: .vest)
    // A ruck without --gear gets both defaults: 8 km with 20 kg (160 kg·km).
    _ = try store.logSession(
      start: day, duration: 5_400, distance: 8_000, options: SessionOptions(loadKg: 20))
    // Named: the vest, and the defaults of the kinds not named (pack, boots): 5 km with 10 kg
    // (50 kg·km). The trial of 2026-11-28 found a named pack leaving the default boots off.
    _ = try store.logSession(
      start: day.adding(seconds: 86_400), duration: 3_600, distance: 5_000,
      options: SessionOptions(loadKg: 10, gear: ["Vest"]))
    // A run gets no default: it is no ruck.
    _ = try store.logSession(
      start: day.adding(seconds: 2 * 86_400), duration: 3_600, distance: 10_000,
      options: SessionOptions(activity: .run))
    // Another default ruck: 7.5 km with 20 kg (150 kg·km): the pack passes 15 km.
    _ = try store.logSession(
      start: day.adding(seconds: 3 * 86_400), duration: 5_400, distance: 7_500,
      options: SessionOptions(loadKg: 20))
    let gear = try store.gear()
    #expect(gear.map(\.item.name) == ["GR1 26L", "Boots", "Vest"])
    #expect(gear.map(\.sessions) == [3, 3, 1])
    #expect(gear.map(\.distanceMeters) == [20_500, 20_500, 5_000])  // 8 + 5 + 7.5 km
    #expect(gear.map(\.weightMovedKgKm) == [360, 360, 50])  // 160 + 50 + 150
    #expect(gear.map(\.pastRetireDistance) == [true, false, false])

    // A new default replaces the old one of its kind; a retired item is nobody's default.
    _ = try store.addGear(name: "GR2 34L", kind: .pack, isDefault: true)
    #expect(try store.gear().filter(\.item.isDefault).map(\.item.name) == ["Boots", "GR2 34L"])
    _ = try store.retireGear(name: "Boots", on: try LocalDate(parsing: "2026-02-06"))
    // Retiring again would move the day: refused, naming the day it was retired.
    let twice = try #require(throws: TallyError.self) {
      try store.retireGear(name: "Boots", on: try LocalDate(parsing: "2026-02-09"))
    }
    #expect(twice.description.contains("2026-02-06"))
    let retiredUse = try #require(throws: TallyError.self) {
      try store.logSession(
        start: day.adding(seconds: 4 * 86_400), duration: 600, distance: 1_000,
        options: SessionOptions(gear: ["Boots"]))
    }
    #expect(retiredUse.description.contains("not retired"))
    // An unknown name is refused naming the gear there is; nothing is logged.
    let unknown = try #require(throws: TallyError.self) {
      try store.logSession(
        start: day.adding(seconds: 4 * 86_400), duration: 600, distance: 1_000,
        options: SessionOptions(gear: ["GR3"]))
    }
    #expect(unknown.description.contains("GR1 26L, Boots, Vest, GR2 34L"))
    #expect(try store.sessions().count == 4)
    #expect(throws: TallyError.self) { try store.addGear(name: "Vest", kind: .vest) }
  }

  @Test("an edit's gear replaces the session's; retired gear fits days up to its retirement")
  func editGear() throws {
    let store = try RuckStore.inMemory()
    _ = try store.addGear(name: "GR1 26L", kind: .pack, isDefault: true)
    _ = try store.addGear(name: "Boots", kind: .boots)
    let early = try store.logSession(
      start: day, duration: 3_600, distance: 5_000, options: SessionOptions(loadKg: 10))
    let late = try store.logSession(
      start: day.adding(seconds: 5 * 86_400), duration: 3_600, distance: 4_000,
      options: SessionOptions(loadKg: 10))  // 2026-02-07
    _ = try store.retireGear(name: "Boots", on: try LocalDate(parsing: "2026-02-06"))
    // 2026-02-02 is before the boots retired: they replace the default pack.
    _ = try store.editSession(id: early.id!, options: SessionOptions(gear: ["Boots"]))
    #expect(try store.gearNames(sessionId: early.id!) == ["Boots"])
    #expect(try store.gear().map(\.distanceMeters) == [4_000, 5_000])
    // 2026-02-07 is after: refused, and nothing of the edit is written.
    let refused = try #require(throws: TallyError.self) {
      try store.editSession(
        id: late.id!, options: SessionOptions(notes: "hilly", gear: ["GR1 26L", "Boots"]))
    }
    #expect(refused.description.contains("2026-02-07"), "\(refused)")
    #expect(try store.gearNames(sessionId: late.id!) == ["GR1 26L"])
    #expect(try store.sessions().first { $0.id == late.id }?.notes == nil)
    // An edit that names no gear keeps it.
    _ = try store.editSession(id: late.id!, options: SessionOptions(notes: "hilly"))
    #expect(try store.gearNames(sessionId: late.id!) == ["GR1 26L"])
  }
}
