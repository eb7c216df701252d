import Foundation

/// The words and tags `common_triggers` counts.
///
/// For each entry of a trigger-type pattern: its tags (lower case) and the words of its context
/// notes (lower case, split at anything but letters and digits, at least 3 letters, not all
/// digits, not a stop word). Each term counts once per entry. Terms seen with at least 2 entries
/// are reported, most frequent first, then alphabetically, 5 at most.
enum TriggerWords {
  static let minimumCount = 2
  static let limit = 5

  static func count(_ entries: [PatternEntry]) -> [TriggerCount] {
    var counts: [String: Int] = [:]
    for entry in entries where entry.type.isTrigger {
      for term in terms(of: entry) { counts[term, default: 0] += 1 }
    }
    return counts.filter { $0.value >= minimumCount }
      .map { TriggerCount(trigger: $0.key, count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.trigger < $1.trigger }
      .prefix(limit).map { $0 }
  }

  static func terms(of entry: PatternEntry) -> Set<String> {
    var terms = Set(entry.tags.map { $0.lowercased() })
    for word in words(entry.contextNotes ?? "") { terms.insert(word) }
    return terms
  }

  static func words(_ text: String) -> [String] {
    text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
      .filter { word in
        word.count >= 3 && !word.allSatisfy(\.isNumber) && !stopWords.contains(word)
      }
  }

  /// Common English words that say nothing about a trigger.
  static let stopWords: Set<String> = [
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any",
    "are", "aren't", "as", "at", "be", "because", "been", "before", "being", "below", "between",
    "both", "but", "by", "can", "could", "did", "didn't", "do", "does", "doing", "don't", "down",
    "during", "each", "even", "felt", "few", "for", "from", "further", "get", "got", "had", "has",
    "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
    "i", "i'm", "if", "in", "into", "is", "isn't", "it", "it's", "its", "itself", "just", "me",
    "more", "most", "much", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once",
    "only", "or", "other", "our", "ours", "out", "over", "own", "really", "same", "she", "should",
    "so", "some", "such", "than", "that", "the", "their", "theirs", "them", "then", "there",
    "these", "they", "this", "those", "through", "to", "too", "under", "until", "up", "very",
    "was", "wasn't", "we", "were", "what", "when", "where", "which", "while", "who", "whom",
    "why", "will", "with", "would", "you", "your", "yours", "yourself", "today", "again", "still",
    "lot", "lots", "bit", "like", "went", "made", "make", "one", "two", "way", "day",
  ]
}
