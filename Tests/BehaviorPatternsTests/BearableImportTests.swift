import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

/// `import-bearable` (issue 35 §4) on a file in Bearable's long export shape (its columns, parts
/// of the day, `H:MM` sleep, `Name (Level)` symptoms, emoji-led factors), worked by hand.
@Suite("Bearable import")
struct BearableImportTests {
  static let file = """
    date,date formatted,weekday,time of day,category,rating/amount,detail,notes
    2026-11-20,20 Nov 2026,Friday,am,Mood,4,,
    2026-11-20,20 Nov 2026,Friday,all day,Energy,2,,
    2026-11-20,20 Nov 2026,Friday,am,Sleep,7:30,,
    2026-11-20,20 Nov 2026,Friday,am,Sleep quality,3,,
    2026-11-20,20 Nov 2026,Friday,pm,Symptom,3,Headache (Moderate),"after the meeting"
    2026-11-20,20 Nov 2026,Friday,mid,Symptom,0,Nausea (None),
    2026-11-20,20 Nov 2026,Friday,all day,Lifestyle,,☕ Caffeine - A lot | 🚶 Walk - Little,
    2026-11-20,20 Nov 2026,Friday,all day,Health measurements,8000,Step count,
    2026-11-21,21 Nov 2026,Saturday,pm,Mood,2,,"rough day"
    """

  static let mapping: [String: PatternType?] = [
    "headache": PatternCatalog.type(id: "physical-discomfort"),
    "nausea": PatternCatalog.type(id: "physical-discomfort"), "caffeine": nil,
    "walk": PatternCatalog.type(id: "movement-needs"), "health measurements": nil,
  ]

  @Test("check-ins from mood, energy and sleep; entries from symptoms and factors; twice is once")
  func imports() throws {
    let store = try Fixture.store()
    let summary = try store.importBearable(
      Data(Self.file.utf8), fileName: "b.csv", mapping: Self.mapping, zone: .utc)
    // Two days; Sleep quality 3, Headache 3 at pm (18:00), Walk (no intensity; its amount in
    // the note); Caffeine and the step count left out; Nausea rated 0.
    #expect(summary.checkIns == 2 && summary.entries == 3)
    #expect(summary.leftOut == 2 && summary.symptomsAbsent == 1)
    let days = try store.checkIns(
      in: DayRange(start: Fixture.day("2026-11-20"), end: Fixture.day("2026-11-21")))
    #expect(
      days == [
        CheckIn(
          day: Fixture.day("2026-11-20"), mood: 4, energy: 2, sleepMinutes: 450,
          note: "after the meeting"),
        CheckIn(day: Fixture.day("2026-11-21"), mood: 2, note: "rough day"),
      ])
    let entries = try store.entries(EntryFilter(), zone: .utc).map {
      "\($0.timestamp) \($0.type.id) \($0.intensity.map(String.init) ?? "-") \($0.contextNotes ?? "-")"
    }.sorted()
    #expect(
      entries == [
        "2026-11-20T09:00:00Z sleep-quality 3 -",
        "2026-11-20T12:00:00Z movement-needs - Bearable: Little",
        "2026-11-20T18:00:00Z physical-discomfort 3 -",
      ])
    let again = try store.importBearable(
      Data(Self.file.utf8), fileName: "b.csv", mapping: Self.mapping, zone: .utc)
    #expect(again.checkIns == 0 && again.checkInsPresent == 2 && again.entriesPresent == 3)
  }

  @Test("every unmapped name is refused at once; nothing is written")
  func unmapped() throws {
    let store = try Fixture.store()
    let error = try #require(throws: TallyError.self) {
      try store.importBearable(Data(Self.file.utf8), fileName: "b.csv", mapping: [:], zone: .utc)
    }
    // headache, nausea, caffeine, walk, step count.
    #expect(error.problemCount == 5)
    #expect(try store.checkIns(in: DayRange(day: Fixture.day("2026-11-20"))).isEmpty)
  }

  /// Review of issue 35's importers: two items of one type in one part of the day are one
  /// entry (tags together, counted), a mood given twice keeps the later (counted), and a row's
  /// amount reaches the entry's note.
  @Test("same type at the same time joins; a later mood wins; amounts are kept")
  func merges() throws {
    let store = try Fixture.store()
    let file = """
      date,time of day,category,rating/amount,detail,notes
      2026-11-20,am,Mood,2,,
      2026-11-20,pm,Mood,4,,
      2026-11-20,pm,Symptom,2,Headache (Mild),
      2026-11-20,pm,Symptom,4,Migraine (Severe),
      2026-11-20,all day,Health measurements,8000,,
      """
    let summary = try store.importBearable(
      Data(file.utf8), fileName: "b.csv",
      mapping: [
        "headache": PatternCatalog.type(id: "physical-discomfort"),
        "migraine": PatternCatalog.type(id: "physical-discomfort"),
        "health measurements": PatternCatalog.type(id: "movement-needs"),
      ], zone: .utc)
    #expect(summary.valuesReplaced == 1 && summary.entriesMerged == 1 && summary.entries == 2)
    #expect(try store.checkIns(in: DayRange(day: Fixture.day("2026-11-20"))).first?.mood == 4)
    let entries = try store.entries(EntryFilter(), zone: .utc).sorted {
      $0.timestamp < $1.timestamp
    }
    // 12:00 the step count; 18:00 headache and migraine as one entry, intensity 4.
    #expect(entries.map(\.contextNotes) == ["Bearable health measurements: 8000", nil])
    #expect(entries[1].intensity == 4 && entries[1].tags == ["headache", "migraine"])
  }
}
