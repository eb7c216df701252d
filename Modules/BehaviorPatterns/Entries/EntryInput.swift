import AnalyticsCore
import Foundation

/// What a person logs: a pattern type and its optional measurements, notes and tags.
public struct EntryInput: Sendable, Equatable {
  public var type: PatternType
  /// When it happened.
  public var timestamp: Instant
  /// 1–5; only for types that take an intensity.
  public var intensity: Int?
  /// Minutes; only for types that take a duration.
  public var durationMinutes: Int?
  public var contextNotes: String?
  public var specificDetails: String?
  /// The name of a custom pattern (required for it, refused for any other type).
  public var customName: String?
  /// The category of a custom pattern (required for it, refused for any other type).
  public var customCategory: PatternCategory?
  public var tags: [String]

  public init(
    type: PatternType, timestamp: Instant, intensity: Int? = nil, durationMinutes: Int? = nil,
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

  /// The measurements given that the type does not take (`intensity`, `duration`): `validate`
  /// refuses them, `droppingExtras()` leaves them out.
  public var extraMeasurements: [String] {
    [
      intensity != nil && !type.takesIntensity ? "intensity" : nil,
      durationMinutes != nil && !type.takesDuration ? "duration" : nil,
    ].compactMap { $0 }
  }

  /// The same input without the measurements its type does not take.
  public func droppingExtras() -> EntryInput {
    var input = self
    if !type.takesIntensity { input.intensity = nil }
    if !type.takesDuration { input.durationMinutes = nil }
    return input
  }

  /// Checks the rules of the pattern catalog.
  ///
  /// - throws: `TallyError` (usage) naming the bad value; a measurement the type does not take
  ///   is refused as `"<type> takes no <measurement>"` (the catalog lists which types do).
  public func validate() throws {
    if let intensity {
      guard type.takesIntensity else {
        throw TallyError.refused("\(type.id) takes no intensity", category: .usage)
      }
      guard (1...5).contains(intensity) else { throw TallyError.outOfScale("intensity", intensity) }
    }
    if let durationMinutes {
      guard type.takesDuration else {
        throw TallyError.refused("\(type.id) takes no duration", category: .usage)
      }
      guard durationMinutes > 0, durationMinutes <= Self.maximumDurationMinutes else {
        throw TallyError.invalid(
          "duration", String(durationMinutes), expected: Self.durationExpected, category: .usage)
      }
    }
    if type.isCustom {
      guard let customName, !customName.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw TallyError(
          .usage, .missing(field: "custom name", expected: "the name to report it under"))
      }
      guard customCategory != nil else {
        throw TallyError(
          .usage,
          .missing(
            field: "custom category",
            expected: "one of " + PatternCategory.allCases.map(\.id).joined(separator: ", ")))
      }
    } else {
      if customName != nil {
        throw TallyError.refused(
          "a name is only for custom-pattern, not \(type.id)", category: .usage)
      }
      if customCategory != nil {
        throw TallyError.refused(
          "a category is only for custom-pattern: \(type.id) is always \(type.category.id)",
          category: .usage)
      }
    }
    for tag in tags { _ = try TagName.validated(tag) }
  }

  /// The longest duration of one entry: a week (10,080 minutes). Longer is not one episode or
  /// period but several, and a bound keeps every sum of durations far from overflowing.
  public static let maximumDurationMinutes = 7 * 24 * 60

  /// What a duration must be, for messages.
  public static let durationExpected =
    "whole minutes such as 45m, 1h30m or 90, more than 0 and at most 168h (a week)"

  /// Minutes from a duration a person typed (`45m`, `1h30m`, `90`).
  ///
  /// - throws: `TallyError` (usage) for text that is not a duration, not whole minutes, or
  ///   longer than `maximumDurationMinutes`.
  public static func minutes(parsing text: String) throws -> Int {
    let refused = TallyError.invalid("duration", text, expected: durationExpected, category: .usage)
    guard let span = try? TimeSpan(parsing: text), span.seconds % 60 == 0,
      span.seconds / 60 <= maximumDurationMinutes
    else { throw refused }
    return span.seconds / 60
  }
}

/// Tag names: trimmed, non-empty, without `|` (the CSV export's tag separator), unique ignoring
/// case.
public enum TagName {
  /// Long enough for any label a person types, short enough to fit a table column.
  static let maximumLength = 100

  /// The trimmed name.
  ///
  /// - throws: `TallyError` (usage) for an empty name, one holding `|`, or one too long.
  public static func validated(_ text: String) throws -> String {
    let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty, !name.contains("|"), name.count <= maximumLength else {
      throw TallyError.invalid(
        "tag", text, expected: "1 to \(maximumLength) characters without '|'", category: .usage)
    }
    return name
  }
}
