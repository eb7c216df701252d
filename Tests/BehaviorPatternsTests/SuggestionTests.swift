import Testing

@testable import AnalyticsCore
@testable import BehaviorPatterns

@Suite("Did you mean")
struct SuggestionTests {
  @Test(
    "Edit distance, worked by hand",
    arguments: [
      ("kitten", "sitting", 3),  // k→s, e→i, +g
      ("sertralin", "sertraline", 1),  // +e
      ("", "abc", 3), ("same", "same", 0),
      ("sensory-overlod", "sensory-overload", 1),  // +a
    ])
  func distance(a: String, b: String, distance: Int) {
    #expect(Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) == distance)
  }

  @Test("Only a near miss is suggested")
  func closest() {
    let ids = PatternCatalog.all.map(\.id)
    #expect(Suggestion.closest(to: "sensory-overlod", in: ids) == "sensory-overload")
    #expect(Suggestion.closest(to: "Sertralin", in: ["Sertraline", "Melatonin"]) == "Sertraline")
    #expect(Suggestion.closest(to: "xyz", in: ["sleep"]) == nil)  // 5 edits
    #expect(Suggestion.closest(to: "cat", in: ["car"]) == "car")  // 1 edit ≤ a third of 3
    // 2 edits > 1 (a third of 2, at least 1)
    #expect(Suggestion.closest(to: "ab", in: ["cd"]) == nil)
  }
}
