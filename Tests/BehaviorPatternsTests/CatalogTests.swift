import AnalyticsCore
import Foundation
import Testing

@testable import BehaviorPatterns

@Suite("Pattern catalog")
struct CatalogTests {
  @Test("37 types: the seed's 36 in 9 categories, and Custom Pattern")
  func counts() {
    #expect(PatternCatalog.all.count == 37)
    let expected: [PatternCategory: Int] = [
      .behavioral: 4, .sensory: 5, .socialCommunication: 4, .executiveFunction: 4,
      .energyCapacity: 4, .emotionalRegulation: 5, .routineStructure: 3, .physical: 3,
      .contextual: 4,
    ]
    for category in PatternCategory.allCases {
      #expect(PatternCatalog.types(in: category).count == expected[category], "\(category)")
    }
    #expect(Set(PatternCatalog.all.map(\.id)).count == 37)
    #expect(PatternCatalog.all.last?.id == "custom-pattern")
  }

  @Test("The flags the original app's tests fixed")
  func fixedFlags() {
    for id in ["energy-level", "social-interaction", "anxiety-spike"] {
      #expect(PatternCatalog.type(id: id)!.takesIntensity, "\(id)")
    }
    for id in ["hyperfocus-episode", "social-interaction", "meltdown-trigger"] {
      #expect(PatternCatalog.type(id: id)!.takesDuration, "\(id)")
    }
    for id in ["energy-level", "decision-fatigue"] {
      #expect(!PatternCatalog.type(id: id)!.takesDuration, "\(id)")
    }
  }

  @Test(
    "Resolving a type by id, name or unambiguous prefix",
    arguments: [
      ("sensory-overload", "sensory-overload"), ("Sensory Overload", "sensory-overload"),
      ("meltdown", "meltdown-trigger"), ("energy", "energy-level"),
      ("rest/recovery period", "rest-recovery-period"), ("CUSTOM", "custom-pattern"),
      ("sensory-o", "sensory-overload"),
    ])
  func resolve(text: String, id: String) throws {
    #expect(try PatternCatalog.resolve(text).id == id)
  }

  /// A near miss of one word of an id suggests that type (the whole id is too far from it), or
  /// the word when several types share it; nothing close suggests nothing.
  @Test(
    "a mistyped type suggests the one meant",
    arguments: [
      ("enrgy", "energy-level"), ("meltdwn", "meltdown-trigger"), ("sensry", "sensory"),
      ("energy-levle", "energy-level"), ("xyzzy", nil),
    ])
  func suggestions(text: String, meant: String?) {
    #expect(PatternCatalog.suggestion(for: text) == meant)
  }

  @Test("Unknown and ambiguous types are usage errors naming the text")
  func resolveErrors() {
    #expect(throws: TallyError.self) { try PatternCatalog.resolve("nope") }
    do {
      _ = try PatternCatalog.resolve("sensory")
      Issue.record("expected an error")
    } catch let error as TallyError {
      #expect(error.category == .usage)
      #expect(error.description.contains("sensory-overload, sensory-seeking"))
    } catch { Issue.record("\(error)") }
    #expect(throws: TallyError.self) { try PatternCatalog.resolve("") }
  }

  @Test(
    "Categories resolve by id, name or prefix",
    arguments: [
      ("social", PatternCategory.socialCommunication), ("Energy/Capacity", .energyCapacity),
      ("exec", .executiveFunction), ("physical", .physical),
    ])
  func category(text: String, category: PatternCategory) throws {
    #expect(try PatternCategory.resolve(text) == category)
  }

  @Test(
    "Entry rules",
    arguments: [
      ("communication-preference", 3, nil, nil, nil, "takes no intensity"),
      ("energy-level", nil, 30, nil, nil, "takes no duration"),
      ("sensory-overload", 0, nil, nil, nil, "intensity \"0\" is not valid"),
      ("sensory-overload", 6, nil, nil, nil, "intensity \"6\" is not valid"),
      ("custom-pattern", nil, nil, nil, PatternCategory.sensory, "custom name is missing"),
      ("custom-pattern", nil, nil, "Echo", nil, "custom category is missing"),
      ("energy-level", nil, nil, "Echo", nil, "only for custom-pattern"),
    ] as [(String, Int?, Int?, String?, PatternCategory?, String)])
  func entryRules(
    id: String, intensity: Int?, duration: Int?, name: String?, category: PatternCategory?,
    message: String
  ) {
    let input = EntryInput(
      type: PatternCatalog.type(id: id)!, timestamp: .init(millisecondsSinceEpoch: 0),
      intensity: intensity, durationMinutes: duration, customName: name,
      customCategory: category)
    #expect {
      try input.validate()
    } throws: { error in
      (error as? TallyError)?.description.contains(message) ?? false
    }
  }

  @Test(
    "Durations in whole minutes", arguments: [("45m", 45), ("1h30m", 90), ("90", 90), ("2h", 120)])
  func minutes(text: String, minutes: Int) throws {
    #expect(try EntryInput.minutes(parsing: text) == minutes)
  }

  @Test("Bad durations", arguments: ["1x", "0", "90s", "", "-5"])
  func badMinutes(text: String) {
    #expect(throws: (any Error).self) { try EntryInput.minutes(parsing: text) }
  }
}

/// Issue 35: every type declares which way its intensity points, and Docs/Behavior.md gives the
/// same polarity with its reason.
@Suite("Pattern polarity")
struct PolarityTests {
  @Test("5 better, 16 harder, the rest neither; the docs table says the same")
  func polarity() throws {
    let better = PatternCatalog.all.filter { $0.polarity == .higherIsBetter }.map(\.id)
    #expect(
      better == [
        "energy-level", "sleep-quality", "routine-adherence", "flexibility-tolerance",
        "academic-work-performance",
      ])
    let harder = PatternCatalog.all.filter { $0.polarity == .higherIsHarder }.map(\.id)
    #expect(harder.count == 16)
    #expect(harder.contains("sensory-overload") && harder.contains("meltdown-trigger"))
    #expect(PatternCatalog.type(id: "stimming-type")?.polarity == .neither)
    #expect(PatternCatalog.type(id: "custom-pattern")?.polarity == .neither)
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Docs/Behavior.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    for type in PatternCatalog.all {
      let word =
        switch type.polarity {
        case .higherIsBetter: "better"
        case .higherIsHarder: "harder"
        case .neither: "neither"
        }
      let row = text.split(separator: "\n").first { $0.hasPrefix("| `\(type.id)` |") }
      #expect(row?.contains("| \(word): ") == true, "\(type.id): \(word)")
    }
  }
}
