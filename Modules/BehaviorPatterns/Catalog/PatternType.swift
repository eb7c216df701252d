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

  /// Which way its intensity points: reports never average across polarities (an energy of 5
  /// is a good day, an overload of 5 a hard one). Docs/Behavior.md gives the reason for each.
  public var polarity: Polarity {
    guard takesIntensity else { return .neither }
    if higherIsBetter { return .higherIsBetter }
    return isChallenging ? .higherIsHarder : .neither
  }

  /// Which way a pattern type's intensity points.
  public enum Polarity: String, Sendable, CaseIterable {
    /// A higher intensity is a better day (Energy Level, Sleep Quality, Routine Adherence…).
    case higherIsBetter = "higher-is-better"
    /// A higher intensity is a harder day (Sensory Overload, Meltdown Trigger…): these make the
    /// hard-day score.
    case higherIsHarder = "higher-is-harder"
    /// The intensity says how much, not how good or hard (Hyperfocus, Stimming…), or the type
    /// takes none.
    case neither
  }

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
