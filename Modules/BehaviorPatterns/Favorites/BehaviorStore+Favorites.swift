import AnalyticsCore
import Foundation
import GRDB

extension BehaviorStore {
  /// The favorite pattern types, in the order they were added.
  public func favorites() throws -> [PatternType] {
    try writer.read { db in try Self.favorites(db) }
  }

  /// Adds `type` at the end of the favorites.
  ///
  /// - Returns: whether it was added (`false` when it already was a favorite).
  /// - throws: `TallyError` for Custom Pattern, which has no fixed name to favor.
  @discardableResult
  public func addFavorite(_ type: PatternType) throws -> Bool {
    guard !type.isCustom else {
      throw TallyError.refused(
        "custom-pattern cannot be a favorite: it has no fixed name", category: .usage)
    }
    return try writer.write { db in
      guard try FavoritePatternRecord.fetchOne(db, key: type.id) == nil else { return false }
      let next =
        try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) + 1 FROM favorite_pattern")
        ?? 1
      try FavoritePatternRecord(patternType: type.id, position: next).insert(db)
      return true
    }
  }

  /// Removes `type` from the favorites; the others keep their order.
  ///
  /// - throws: `TallyError` (missing input) when it is not a favorite.
  public func removeFavorite(_ type: PatternType) throws {
    try writer.write { db in
      guard try FavoritePatternRecord.deleteOne(db, key: type.id) else {
        throw TallyError.notFound(
          TallyError.BehaviorKind.favorite, type.id, expected: "a favorite pattern type")
      }
      let remaining = try Self.favorites(db)
      for (index, type) in remaining.enumerated() {
        try db.execute(
          sql: "UPDATE favorite_pattern SET position = ? WHERE pattern_type = ?",
          arguments: [index + 1, type.id])
      }
    }
  }

  /// Logs an entry with no details (the seed's quick log): `reference` is a pattern type, or the
  /// 1-based position of a favorite.
  ///
  /// - throws: `TallyError` for an unknown type or favorite, or Custom Pattern (it needs a
  ///   name and a category).
  @discardableResult
  public func quickLog(_ reference: String, at timestamp: Instant, zone: Zone) throws
    -> PatternEntry
  {
    let type: PatternType
    if let position = Int(reference) {
      let favorites = try favorites()
      guard position >= 1, position <= favorites.count else {
        throw TallyError.invalid(
          "favorite", String(position),
          expected: favorites.isEmpty
            ? "a favorite's position, but there are no favorites yet"
            : "1 to \(favorites.count)",
          category: .usage)
      }
      type = favorites[position - 1]
    } else {
      type = try PatternCatalog.resolve(reference)
    }
    guard !type.isCustom else {
      throw TallyError.refused(
        "custom-pattern needs a name and a category: it cannot be logged without details",
        category: .usage)
    }
    return try log(EntryInput(type: type, timestamp: timestamp), zone: zone)
  }

  static func favorites(_ db: Database) throws -> [PatternType] {
    try FavoritePatternRecord.fetchAll(
      db, sql: "SELECT * FROM favorite_pattern ORDER BY position, pattern_type"
    ).compactMap { PatternCatalog.type(id: $0.patternType) }
  }
}
