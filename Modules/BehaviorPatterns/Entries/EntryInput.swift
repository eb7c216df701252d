import AnalyticsCore
import Foundation

/// What a person logs: a pattern type and its optional measurements, notes and tags.
public struct EntryInput: Sendable, Equatable {
  /// The pattern type.
  public var type: PatternType
  /// When it happened.
  public var timestamp: Date
  /// 1–5; only for types that take an intensity.
  public var intensity: Int?
  /// Minutes; only for types that take a duration.
  public var durationMinutes: Int?
  /// Context notes.
  public var contextNotes: String?
  /// Specific details.
  public var specificDetails: String?
  /// The name of a custom pattern (required for it, refused for any other type).
  public var customName: String?
  /// The category of a custom pattern (required for it, refused for any other type).
  public var customCategory: PatternCategory?
  /// Tag names.
  public var tags: [String]

  /// Creates an input.
  public init(
    type: PatternType, timestamp: Date, intensity: Int? = nil, durationMinutes: Int? = nil,
    contextNotes: String? = nil, specificDetails: String? = nil, customName: String? = nil,
    customCategory: PatternCategory? = nil, tags: [String] = []
  ) {
    self.type = type
    self.timestamp = timestamp
    self.intensity = intensity
    self.durationMinutes = durationMinutes
    self.contextNotes = contextNotes
    self.specificDetails = specificDetails
    self.customName = customName
    self.customCategory = customCategory
    self.tags = tags
  }

  /// The entry's category.
  public var category: PatternCategory { customCategory ?? type.category }

  /// Checks the rules of the pattern catalog.
  ///
  /// - throws: `BehaviorError` (usage) naming the bad value and which types take it.
  public func validate() throws {
    if let intensity {
      guard type.takesIntensity else {
        throw BehaviorError(
          .usage,
          "\(type.id) takes no intensity: only these types do: \(PatternCatalog.intensityTypeIDs)")
      }
      guard (1...5).contains(intensity) else {
        throw BehaviorError(.usage, "intensity \(intensity) is out of range: expected 1 to 5")
      }
    }
    if let durationMinutes {
      guard type.takesDuration else {
        throw BehaviorError(
          .usage,
          "\(type.id) takes no duration: only these types do: \(PatternCatalog.durationTypeIDs)")
      }
      guard durationMinutes > 0 else {
        throw BehaviorError(.usage, "duration \(durationMinutes) is not positive")
      }
    }
    if type.isCustom {
      guard let customName, !customName.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw BehaviorError(
          .usage, "a custom pattern needs --name: expected the name to report it under")
      }
      guard customCategory != nil else {
        throw BehaviorError(
          .usage,
          "a custom pattern needs --category: expected one of "
            + PatternCategory.allCases.map(\.id).joined(separator: ", "))
      }
    } else {
      if customName != nil {
        throw BehaviorError(
          .usage, "--name is only for custom-pattern, not \(type.id)")
      }
      if customCategory != nil {
        throw BehaviorError(
          .usage, "--category is only for custom-pattern: \(type.id) is always \(type.category.id)")
      }
    }
    for tag in tags { _ = try TagName.validated(tag) }
  }

  /// Minutes from a duration a person typed (`45m`, `1h30m`, `90`).
  ///
  /// - throws: `TallyError` for text that is not a duration or not whole minutes.
  public static func minutes(parsing text: String) throws -> Int {
    let span = try TimeSpan(parsing: text)
    guard span.seconds % 60 == 0 else {
      throw TallyError(value: text, expected: "a duration in whole minutes, such as 45m or 1h30m")
    }
    return span.seconds / 60
  }
}

/// Tag names: trimmed, non-empty, without `|` (the CSV export's tag separator), unique ignoring
/// case.
public enum TagName {
  /// The trimmed name.
  ///
  /// - throws: `BehaviorError` (usage) for an empty name or one holding `|`.
  public static func validated(_ text: String) throws -> String {
    let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty, !name.contains("|"), name.count <= 100 else {
      throw BehaviorError(
        .usage, "tag '\(text)' is not valid: expected 1 to 100 characters without '|'")
    }
    return name
  }
}
