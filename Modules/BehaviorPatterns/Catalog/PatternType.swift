/// One kind of pattern a person logs, such as Sensory Overload: its stable id, display name,
/// category, and which measurements it takes.
public struct PatternType: Sendable, Hashable, Identifiable {
  /// The stable kebab-case id (`sensory-overload`).
  public let id: String
  /// The display name (`Sensory Overload`).
  public let name: String
  /// Its category (for Custom Pattern, the category is chosen per entry; this is `.contextual`
  /// only as a placeholder and is never reported).
  public let category: PatternCategory
  /// Whether an intensity (1–5) may be given.
  public let takesIntensity: Bool
  /// Whether a duration may be given.
  public let takesDuration: Bool
  /// Whether the pattern counts as challenging (best/challenging days, medication correlations).
  public let isChallenging: Bool
  /// Whether the pattern is a trigger type: its tags and note words feed `common_triggers`.
  public let isTrigger: Bool
  /// Whether a higher intensity means better (Energy Level, Sleep Quality…) rather than worse.
  public let higherIsBetter: Bool

  /// Whether this is the Custom Pattern type, logged with its own name and category.
  public var isCustom: Bool { id == PatternType.customID }

  /// The id of the Custom Pattern type.
  public static let customID = "custom-pattern"
  /// The id of Energy Level.
  public static let energyLevelID = "energy-level"
  /// The id of Sleep Quality.
  public static let sleepQualityID = "sleep-quality"
  /// The id of Sensory Overload.
  public static let sensoryOverloadID = "sensory-overload"
  /// The id of Meltdown Trigger.
  public static let meltdownTriggerID = "meltdown-trigger"
}
