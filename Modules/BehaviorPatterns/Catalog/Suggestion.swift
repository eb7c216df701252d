/// "Did you mean …?" for a mistyped name: the candidate fewest single-character edits away.
enum Suggestion {
  /// The closest of `candidates` to `text` (case ignored), when it is close enough to be a typo:
  /// at most 2 edits, and at most a third of the longer name's characters (whole division, so
  /// `ab` does not suggest `cd`, nor `xyz` `sleep`). Ties go to the earlier candidate.
  static func closest(to text: String, in candidates: [String]) -> String? {
    let typed = Array(text.lowercased())
    guard !typed.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate.lowercased()))
      let limit = min(maximumEdits, max(typed.count, candidate.count) / 3)
      guard distance <= limit, distance < (best?.distance ?? .max) else { continue }
      best = (candidate, distance)
    }
    return best?.name
  }

  /// Two typos are what a person makes in one word; more is another word.
  static let maximumEdits = 2

  /// Levenshtein distance: insertions, deletions and substitutions, one row at a time.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
