import Foundation

/// Where an app's database lives: a file, or memory (tests, throwaway runs).
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
  /// A database file at this path; `createsFolder` when the folder may be created (the default
  /// location), not when the user typed the path (a missing folder is then an error).
  case file(String, createsFolder: Bool = false)
  /// A private in-memory database that disappears when closed.
  case memory

  /// The path, or `:memory:`.
  public var description: String {
    switch self {
    case .file(let path, _): return path
    case .memory: return ":memory:"
    }
  }

  /// Resolves an app's database location, first match wins:
  /// 1. `explicitPath` (the `--db PATH` option; `:memory:` means in memory);
  /// 2. the app's environment variable (`TALLY_RVU_DB` for app `rvu`, …);
  /// 3. `$XDG_DATA_HOME/tally/<app>.sqlite`;
  /// 4. `$HOME/.local/share/tally/<app>.sqlite`.
  ///
  /// - Parameters:
  ///   - app: the short app name (`rvu`, `behavior`, `store`, `ruck`).
  ///   - environment: the process environment (injected so tests can pin it).
  public static func resolve(
    app: String, explicitPath: String?, environment: [String: String]
  ) -> DatabaseLocation {
    if let explicitPath, !explicitPath.isEmpty { return location(for: explicitPath) }
    if let fromEnvironment = environment[environmentVariable(for: app)], !fromEnvironment.isEmpty {
      return location(for: fromEnvironment)
    }
    return .file(defaultDirectory(environment: environment) + "/\(app).sqlite", createsFolder: true)
  }

  /// The environment variable that names an app's database: `TALLY_<APP>_DB`.
  public static func environmentVariable(for app: String) -> String {
    "TALLY_\(app.uppercased())_DB"
  }

  /// `$XDG_DATA_HOME/tally`, falling back to `$HOME/.local/share/tally`.
  public static func defaultDirectory(environment: [String: String]) -> String {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/tally" }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.local/share/tally"
  }

  private static func location(for path: String) -> DatabaseLocation {
    path == ":memory:" ? .memory : .file(path)
  }
}
