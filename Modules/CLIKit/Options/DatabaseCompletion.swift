import ArgumentParser
import Foundation
import Storage

/// Shell completion of values that live in the app's database: store ids, medication names,
/// HCPCS codes.
///
/// The shell runs the app with the words typed so far; the closure finds the database the
/// command would use (`--db` among the words, else the app's usual location), and lists names
/// only when that file exists — completing never creates a database.
public enum DatabaseCompletion {
  /// At most this many suggestions, so a 16,000-code catalog never floods the shell.
  public static let limit = 200

  /// A completion that lists `names(location, prefix)` filtered by the typed prefix (ignoring
  /// case); the closure may use the prefix to narrow its query (16,000 codes).
  public static func kind(
    app: String, names: @escaping @Sendable (DatabaseLocation, String) throws -> [String]
  ) -> CompletionKind {
    .custom { words, _, prefix in
      suggestions(
        app: app, words: words, prefix: prefix, environment: ProcessInfo.processInfo.environment,
        names: names)
    }
  }

  /// The suggestions for `prefix`, given the words on the command line.
  public static func suggestions(
    app: String, words: [String], prefix: String, environment: [String: String],
    names: (DatabaseLocation, String) throws -> [String]
  ) -> [String] {
    var explicit: String?
    for (index, word) in words.enumerated() {
      if word == "--db", index + 1 < words.count { explicit = words[index + 1] }
      if word.hasPrefix("--db=") { explicit = String(word.dropFirst(5)) }
    }
    let location = DatabaseLocation.resolve(
      app: app, explicitPath: explicit, environment: environment)
    guard case .file(let path, _) = location, FileManager.default.fileExists(atPath: path) else {
      return []
    }
    let lowered = prefix.lowercased()
    let matching = ((try? names(location, prefix)) ?? []).filter {
      $0.lowercased().hasPrefix(lowered)
    }
    return Array(matching.prefix(limit))
  }
}
