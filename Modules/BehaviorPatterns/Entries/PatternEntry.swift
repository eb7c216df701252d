import AnalyticsCore
import Foundation

/// One logged pattern: when, which type, how intense and how long, notes, and tags.
public struct PatternEntry: Sendable, Equatable, Identifiable {
  public var id: Int64
  /// When it happened.
  public var timestamp: Instant
  public var type: PatternType
  /// The category: the type's, or the one chosen for a custom pattern.
  public var category: PatternCategory
  /// 1–5, when given.
  public var intensity: Int?
  /// How long it lasted, in minutes, when given.
  public var durationMinutes: Int?
  /// Notes about the context.
  public var contextNotes: String?
  /// Specific details.
  public var specificDetails: String?
  /// The name of a custom pattern.
  public var customName: String?
  /// Tag names, sorted case-insensitively.
  public var tags: [String]
  /// When it was logged.
  public var createdAt: Instant
  /// When it was last changed.
  public var updatedAt: Instant

  /// The name reports use: the custom name for a custom pattern, else the type's name.
  public var displayName: String { customName ?? type.name }
}
