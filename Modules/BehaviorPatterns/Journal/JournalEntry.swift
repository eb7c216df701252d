import AnalyticsCore
import Foundation

/// A journal entry: a titled text, with tags and links to the pattern entries it is about.
public struct JournalEntry: Sendable, Equatable, Identifiable {
  public var id: Int64
  /// When it was written (or is about).
  public var timestamp: Instant
  public var title: String
  public var content: String
  /// Tag names, sorted case-insensitively.
  public var tags: [String]
  /// The ids of the pattern entries it links to, ascending.
  public var linkedEntryIDs: [Int64]
  /// When it was added.
  public var createdAt: Instant
  /// When it was last changed.
  public var updatedAt: Instant
}

/// What `journal add` records.
public struct JournalInput: Sendable, Equatable {
  public var title: String
  public var content: String
  public var timestamp: Instant
  public var tags: [String]
  /// Ids of pattern entries to link.
  public var links: [Int64]

  public init(
    title: String, content: String, timestamp: Instant, tags: [String] = [], links: [Int64] = []
  ) {
    self.title = title
    self.content = content
    self.timestamp = timestamp
    self.tags = tags
    self.links = links
  }
}

/// What `journal edit` changes; `nil` fields stay as they are.
public struct JournalChange: Sendable, Equatable {
  public var title: String?
  /// A new text.
  public var content: String?
  public var timestamp: Instant?
  /// A new set of tags.
  public var tags: [String]?
  /// A new set of links.
  public var links: [Int64]?

  /// No change.
  public init() {}
}

/// A search hit: the entry and a snippet of the matching text with the hit in `[` `]`.
public struct JournalSearchHit: Sendable, Equatable {
  public var entry: JournalEntry
  /// Up to a dozen words around the match.
  public var snippet: String
}
