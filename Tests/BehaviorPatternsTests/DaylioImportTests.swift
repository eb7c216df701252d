import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

/// `import-daylio` (issue 35 §4) on a file in Daylio's export shape (its 8 columns, 12-hour
/// times, " | " between activities, a renamed mood), worked by hand.
@Suite("Daylio import")
struct DaylioImportTests {
  static let file = """
    full_date,date,weekday,time,mood,activities,note_title,note
    2026-11-20,November 20,Friday,8:04 pm,good,"work | headache","Long day","office was loud"
    2026-11-20,November 20,Friday,9:15 am,meh,"","",""
    2026-11-19,November 19,Thursday,10:30 pm,amazing,"friends | noise","",""
    2026-11-18,November 18,Wednesday,7:00 am,awful,"headache","","bad night"
    """

  static var mapping: DaylioMapping {
    var mapping = DaylioMapping()
    mapping.moods["amazing"] = 5
    mapping.activities = [
      "headache": .pattern(PatternCatalog.type(id: "physical-discomfort")!), "work": .leftOut,
      "friends": .pattern(PatternCatalog.type(id: "social-interaction")!),
      "noise": .pattern(PatternCatalog.type(id: "sensory-overload")!),
    ]
    return mapping
  }

  @Test("days become check-ins, mapped activities entries; a second run adds nothing")
  func imports() throws {
    let store = try Fixture.store()
    let first = try store.importDaylio(
      Data(Self.file.utf8), fileName: "daylio.csv", mapping: Self.mapping, zone: .utc)
    // Nov 18, 19, 20; Nov 20 had two entries. Entries: headache ×2, friends, noise; work out.
    #expect(first.checkIns == 3 && first.daysMerged == 1)
    #expect(first.entries == 4 && first.activitiesLeftOut == 1)
    let days = try store.checkIns(
      in: DayRange(start: Fixture.day("2026-11-18"), end: Fixture.day("2026-11-20")))
    // Nov 20: the 8:04 pm entry is the latest: good = 4; its note with its title.
    #expect(days.map(\.mood) == [1, 5, 4])
    #expect(days.map(\.note) == ["bad night", nil, "Long day: office was loud"])
    let entries = try store.entries(EntryFilter(), zone: .utc)
    #expect(
      entries.map { "\($0.timestamp) \($0.type.id) \($0.tags)" }.sorted() == [
        "2026-11-18T07:00:00Z physical-discomfort [\"headache\"]",
        "2026-11-19T22:30:00Z sensory-overload [\"noise\"]",
        "2026-11-19T22:30:00Z social-interaction [\"friends\"]",
        "2026-11-20T20:04:00Z physical-discomfort [\"headache\"]",
      ])
    let again = try store.importDaylio(
      Data(Self.file.utf8), fileName: "daylio.csv", mapping: Self.mapping, zone: .utc)
    #expect(again.checkIns == 0 && again.checkInsPresent == 3 && again.daysMerged == 0)
    #expect(again.entries == 0 && again.entriesPresent == 4)
  }

  @Test("every unmapped activity and unknown mood is named; nothing is written")
  func refusals() throws {
    let store = try Fixture.store()
    let error = try #require(throws: TallyError.self) {
      try store.importDaylio(
        Data(Self.file.utf8), fileName: "daylio.csv", mapping: DaylioMapping(), zone: .utc)
    }
    // The mood "amazing" (line 4) and the four activities, each at its first line.
    #expect(error.problemCount == 5)
    let all = ([error] + error.furtherProblems).map(\.description).joined(separator: "\n")
    for name in ["\"amazing\"", "\"friends\"", "\"noise\"", "\"work\"", "\"headache\""] {
      #expect(all.contains(name))
    }
    #expect(try store.checkIns(in: DayRange(day: Fixture.day("2026-11-20"))).isEmpty)
    #expect(BehaviorStore.daylioTime("12:30 am")?.description == "00:30")
    #expect(BehaviorStore.daylioTime("12:05 pm")?.description == "12:05")
    #expect(BehaviorStore.daylioTime("13:00 pm") == nil)
  }
}
