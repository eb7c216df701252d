import Testing

@testable import AnalyticsCore

@Suite struct DistinctCountTests {
  @Test(arguments: [
    ([], 0),
    ([0], 1),
    ([5, 5, 5], 1),
    ([1, 2, 3, 2, 1], 3),
    // Across word boundaries (64 bits a word) and a far key that grows the set.
    ([63, 64, 65, 64, 4_000_000], 4),
    // Negative and very large keys go to the set; each once.
    ([-1, -1, 1 << 40, 1 << 40, 7], 3),
  ] as [([Int64], Int)])
  func countsEachKeyOnce(keys: [Int64], expected: Int) {
    #expect(DistinctCount.of(keys) == expected)
  }

  @Test func agreesWithASetOnManyKeys() {
    var generator = SeededGenerator(seed: 11)
    let keys = (0..<10_000).map { _ in Int64.random(in: 0..<3_000, using: &generator) }
    #expect(DistinctCount.of(keys) == Set(keys).count)
  }
}
