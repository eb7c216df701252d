/// "Did you mean …?" for a mistyped name: the closest of the known names by edit distance.
public enum Suggestion {
  /// The known name closest to `text` (case-insensitive Levenshtein distance), if it is close
  /// enough to be what was meant: at most a third of the name's length, and never more than 3
  /// edits; a known name that starts with `text` (or the reverse) also counts. Ties go to the
  /// earlier name in `known`.
  public static func closest(to text: String, in known: [String]) -> String? {
    let typed = Array(text.lowercased().unicodeScalars)
    guard !typed.isEmpty, typed.count <= maximumLength else { return nil }
    var best: (name: String, distance: Int)?
    for name in known {
      let candidate = Array(name.lowercased().unicodeScalars)
      guard candidate.count <= maximumLength else { continue }
      let distance = editDistance(typed, candidate)
      let allowed = min(3, max(1, candidate.count / 3))
      let prefix =
        typed.count >= 3
        && (candidate.starts(with: typed) || typed.starts(with: candidate))
      guard distance <= allowed || prefix else { continue }
      if best == nil || distance < best!.distance { best = (name, distance) }
    }
    return best?.name
  }

  /// Names longer than this are not compared: the work grows with the product of the lengths.
  static let maximumLength = 64

  /// The Levenshtein distance between two scalar arrays (insertions, deletions, substitutions).
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
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
