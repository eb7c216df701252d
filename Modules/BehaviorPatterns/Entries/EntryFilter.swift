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
  /// Only entries whose notes, details or custom name contain this text (case ignored).
  public var search: String?
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
