import Foundation

/// Turns text a person typed into an FTS5 query that can never be FTS5 syntax.
public enum FullTextQuery {
  /// A query matching text that holds every word of `text` as a prefix, or `nil` when `text` has
  /// no letters or digits. The text is cut into words of letters and digits, each quoted
  /// (`"loud"* "caf"*`), so quotes, `NEAR(`, `AND (`, `*` or `-` are never interpreted.
  public static func prefixes(of text: String) -> String? {
    let words = text.lowercased().unicodeScalars.split { !CharacterSet.alphanumerics.contains($0) }
      .map { String(String.UnicodeScalarView($0)) }
    guard !words.isEmpty else { return nil }
    return words.map { "\"\($0)\"*" }.joined(separator: " ")
  }
}
