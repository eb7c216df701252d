import AnalyticsCore
import GRDB

/// Reading a search as it was meant: a code typed with its modifier, and a misspelt word.
enum SearchCorrection {
  /// `20610-RT`, `99213 25`, `27447:80`: a five-character code (with a digit) and a
  /// two-character modifier; `nil` for anything else.
  static func codeWithModifier(_ text: String) -> (code: String, modifier: String)? {
    let parts = text.uppercased().split { $0 == "-" || $0 == " " || $0 == ":" }
    guard parts.count == 2, parts[0].count == 5, parts[1].count == 2,
      (parts[0] + parts[1]).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
      parts[0].contains(where: \.isNumber)
    else { return nil }
    return (String(parts[0]), String(parts[1]))
  }

  /// `words` with each word of four letters or more that no description holds, even as the
  /// start of a word, replaced by the closest word the descriptions hold: at most one edit
  /// (a letter added, dropped, changed, or two swapped) for words of up to five letters, two
  /// for longer ones, starting with the same letter; the most used word among equally close
  /// ones. Numbers and the words of `SearchSynonyms`' phrases are kept as typed.
  ///
  /// The descriptions' words are FTS5's own index (`catalog_code_terms`, an `fts5vocab` table,
  /// migration `rvu-14-search-vocabulary`): only the words starting with the same letter are read.
  static func corrected(_ words: [String], _ db: Database) throws -> [String] {
    try words.map { word in
      guard word.count >= 4, word.allSatisfy(\.isLetter), !synonymWords.contains(word),
        try !isKnown(word, db)
      else { return word }
      return try closest(to: word, db) ?? word
    }
  }

  /// Every word of a synonym phrase: "ekg" must not become "eeg".
  private static let synonymWords = Set(
    SearchSynonyms.table.flatMap(\.phrases).flatMap { $0.split(separator: " ").map(String.init) })

  /// Whether a description holds `word`, or a word starting with it.
  private static func isKnown(_ word: String, _ db: Database) throws -> Bool {
    try Bool.fetchOne(
      db,
      sql: """
        SELECT EXISTS (SELECT 1 FROM catalog_code_terms WHERE term >= ? AND term < ?)
        """, arguments: [word, word + "\u{10FFFF}"]) ?? false
  }

  private static func closest(to word: String, _ db: Database) throws -> String? {
    let letters = Array(word.unicodeScalars)
    let limit = letters.count <= 5 ? 1 : 2
    let first = String(word.unicodeScalars.first!)
    var best: (distance: Int, documents: Int, term: String)?
    let rows = try Row.fetchCursor(
      db, sql: "SELECT term, doc FROM catalog_code_terms WHERE term >= ? AND term < ?",
      arguments: [first, first + "\u{10FFFF}"])
    while let row = try rows.next() {
      let term: String = row[0]
      let candidate = Array(term.unicodeScalars)
      guard abs(candidate.count - letters.count) <= limit,
        let distance = editDistance(letters, candidate, limit: limit)
      else { continue }
      let documents: Int = row[1]
      if let current = best,
        (current.distance, -current.documents, current.term) <= (distance, -documents, term)
      {
        continue
      }
      best = (distance, documents, term)
    }
    return best?.term
  }

  /// The optimal-string-alignment distance (insertions, deletions, substitutions, adjacent
  /// swaps), or `nil` when it is above `limit`.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    if a == b { return 0 }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      current[0] = i
      var rowBest = current[0]
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
        rowBest = min(rowBest, value)
      }
      if rowBest > limit { return nil }
      (before, previous, current) = (previous, current, before)
    }
    let distance = a.isEmpty ? b.count : previous[b.count]
    return distance <= limit ? distance : nil
  }
}
