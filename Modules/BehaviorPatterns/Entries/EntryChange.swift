import AnalyticsCore
import Foundation

/// A change to one field: keep it, set it, or clear it.
public enum FieldChange<Value: Sendable & Equatable>: Sendable, Equatable {
  /// Leave the field as it is.
  case keep
  /// Give the field this value.
  case set(Value)
  /// Remove the field's value.
  case clear

  func applied(to value: Value?) -> Value? {
    switch self {
    case .keep: value
    case .set(let new): new
    case .clear: nil
    }
  }
}

/// The changes `entries edit` makes to an entry; fields left at `.keep` stay as they are.
public struct EntryChange: Sendable, Equatable {
  public var type: PatternType?
  public var timestamp: Instant?
  public var intensity: FieldChange<Int> = .keep
  public var durationMinutes: FieldChange<Int> = .keep
  public var contextNotes: FieldChange<String> = .keep
  public var specificDetails: FieldChange<String> = .keep
  /// The custom name (custom patterns only).
  public var customName: String?
  /// The custom category (custom patterns only).
  public var customCategory: PatternCategory?
  /// The new set of tags, replacing the old one, when given.
  public var tags: [String]?

  /// No change.
  public init() {}

  /// The entry input after applying the change to `entry`. Switching away from Custom Pattern
  /// drops its name and category.
  func applied(to entry: PatternEntry) -> EntryInput {
    let newType = type ?? entry.type
    let keepsCustom = newType.isCustom && entry.type.isCustom
    return EntryInput(
      type: newType, timestamp: timestamp ?? entry.timestamp,
      intensity: intensity.applied(to: entry.intensity),
      durationMinutes: durationMinutes.applied(to: entry.durationMinutes),
      contextNotes: contextNotes.applied(to: entry.contextNotes),
      specificDetails: specificDetails.applied(to: entry.specificDetails),
      customName: customName ?? (keepsCustom ? entry.customName : nil),
      customCategory: customCategory ?? (keepsCustom ? entry.category : nil),
      tags: tags ?? entry.tags)
  }
}
