import AnalyticsCore

/// Which entries `entries list` shows: all filters must hold.
public struct EntryFilter: Sendable, Equatable {
  /// The first local day.
  public var from: LocalDate?
  /// The last local day.
  public var to: LocalDate?
  /// Only this category.
  public var category: PatternCategory?
  /// Only this type.
  public var type: PatternType?
  /// Only entries with this tag (case ignored).
  public var tag: String?
  /// Only entries whose notes, details or custom name contain this text (case ignored; `%` and
  /// `_` are plain characters), at most `maximumSearchLength` characters.
  public var search: String?

  /// The longest search text: far more than any phrase a person looks for, and far under
  /// SQLite's limit on a LIKE pattern (50,000 bytes), which would otherwise fail as an I/O error.
  public static let maximumSearchLength = 200
  /// At most this many, newest first.
  public var limit: Int?

  /// No filter: every entry.
  public init(
    from: LocalDate? = nil, to: LocalDate? = nil, category: PatternCategory? = nil,
    type: PatternType? = nil, tag: String? = nil, search: String? = nil, limit: Int? = nil
  ) {
    self.from = from
    self.to = to
    self.category = category
    self.type = type
    self.tag = tag
    self.search = search
    self.limit = limit
  }
}
