import AnalyticsCore
import GRDB

extension RVUStore {
  /// The user's favorites in their order (`sort_order` 0…n−1).
  public func favorites(userId: String) throws -> [Favorite] {
    try writer.read { db in try ownFavorites(db, userId: userId) }
  }

  /// Appends a code to the user's favorites. Adding one that is already there changes nothing
  /// (`added` is false).
  ///
  /// - throws: `TallyError` when the code is not in the newest catalog.
  public func addFavorite(_ hcpcs: String, userId: String) throws -> (
    favorite: Favorite, added: Bool
  ) {
    let code = hcpcs.trimmingCharacters(in: .whitespaces).uppercased()
    return try writer.write { db in
      if let existing = try Favorite.owned(by: userId).filter(Favorite.Columns.hcpcs == code)
        .fetchOne(db)
      {
        return (existing, false)
      }
      let version = try catalogVersion(db, year: nil)
      guard try lookup(db, hcpcs: code, modifier: nil, version: version) != nil else {
        throw TallyError.unknownCode(code, year: version / 10_000)
      }
      var favorite = Favorite(
        id: nil, userId: userId, hcpcs: code,
        sortOrder: try Favorite.owned(by: userId).fetchCount(db), createdAt: clock.now())
      try favorite.insert(db)
      return (favorite, true)
    }
  }

  /// Removes a code from the user's favorites and closes the gap in the order.
  ///
  /// - throws: `TallyError` when the code is not one of the user's favorites.
  public func removeFavorite(_ hcpcs: String, userId: String) throws {
    let code = hcpcs.trimmingCharacters(in: .whitespaces).uppercased()
    try writer.write { db in
      let deleted = try Favorite.owned(by: userId).filter(Favorite.Columns.hcpcs == code)
        .deleteAll(db)
      guard deleted > 0 else {
        throw TallyError.notFound("favorite", code, expected: "one of your favorite codes")
      }
      try renumber(db, try ownFavorites(db, userId: userId).map(\.hcpcs), userId: userId)
    }
  }

  /// Puts the user's favorites in the given order.
  ///
  /// - throws: `TallyError` unless `codes` is exactly a permutation of the current favorites
  ///   (naming what is missing, extra or repeated); nothing changes.
  public func reorderFavorites(_ codes: [String], userId: String) throws -> [Favorite] {
    let wanted = codes.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
    return try writer.write { db in
      let current = try ownFavorites(db, userId: userId).map(\.hcpcs)
      var seen: Set<String> = []
      let repeated = wanted.filter { !seen.insert($0).inserted }
      let missing = current.filter { !seen.contains($0) }
      let extra = wanted.filter { !current.contains($0) }
      var problems: [String] = []
      if !missing.isEmpty { problems.append("missing " + missing.joined(separator: ", ")) }
      if !extra.isEmpty { problems.append("not favorites " + extra.joined(separator: ", ")) }
      if !repeated.isEmpty { problems.append("repeated " + repeated.joined(separator: ", ")) }
      guard problems.isEmpty else {
        throw TallyError.refused(
          "the new order must list each favorite once (" + problems.joined(separator: "; ")
            + "): expected a permutation of " + current.joined(separator: " "), category: .usage)
      }
      try renumber(db, wanted, userId: userId)
      return try ownFavorites(db, userId: userId)
    }
  }

  private func ownFavorites(_ db: Database, userId: String) throws -> [Favorite] {
    // A cached statement rather than the query interface: the server answers `GET /api/favorites`
    // thousands of times a second, and generating and preparing the SQL on every call was half
    // of the request's database time (perf, `scripts/load`).
    let statement = try db.cachedStatement(
      sql: "SELECT * FROM favorite WHERE user_id = ? ORDER BY sort_order, id")
    return try Favorite.fetchAll(statement, arguments: [userId])
  }

  private func renumber(_ db: Database, _ codes: [String], userId: String) throws {
    for (order, code) in codes.enumerated() {
      try Favorite.owned(by: userId).filter(Favorite.Columns.hcpcs == code)
        .updateAll(db, Favorite.Columns.sortOrder.set(to: order))
    }
  }
}
