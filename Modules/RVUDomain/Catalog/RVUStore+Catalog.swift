import AnalyticsCore
import Foundation
import GRDB
import Storage

/// What a catalog import did.
public struct CatalogImportSummary: Sendable, Equatable {
  public let year: Int
  public let title: String
  /// Code+modifier rows imported.
  public let rowCount: Int
  /// Distinct codes imported.
  public let codeCount: Int
  /// Whether an earlier import of the same year was replaced.
  public let replacedExisting: Bool
}

/// One search hit.
public struct CodeSearchResult: Sendable, Equatable {
  public let hcpcs: String
  public let modifier: String?
  public let description: String
  public let statusCode: String
  public let workRVU: FixedDecimal
  /// Whether the user has the code among their favorites.
  public let isFavorite: Bool
}

extension RVUStore {
  /// How many search results a caller may ask for: enough for any screen, few enough that a
  /// one-letter query never reads the whole catalog.
  public static let searchLimits = 1...1000
  public static let defaultSearchLimit = 20

  // MARK: Versions

  /// Every catalog version, newest first.
  public func catalogVersions() throws -> [CatalogVersion] {
    try writer.read { db in
      try CatalogVersion.order(CatalogVersion.Columns.year.desc).fetchAll(db)
    }
  }

  /// The version to use: `year` when given (it must exist), else the newest.
  ///
  /// - throws: `TallyError` when that version does not exist (naming those that do) or the
  ///   catalog is empty.
  func catalogYear(_ db: Database, _ year: Int?) throws -> Int {
    // Every search and visit asks: a primary-key probe or MAX(year), and the list of years
    // only for the error message.
    var chosen: Int?
    if let year {
      chosen = try CatalogVersion.exists(db, key: year) ? year : nil
    } else {
      chosen = try Int.fetchOne(db, CatalogVersion.select(max(CatalogVersion.Columns.year)))
    }
    guard let chosen else {
      let years = try CatalogVersion.order(CatalogVersion.Columns.year.desc)
        .select(CatalogVersion.Columns.year, as: Int.self).fetchAll(db)
      throw TallyError.noCatalog(year: year, years: years)
    }
    return chosen
  }

  // MARK: Import

  /// Imports a parsed PPRRVU file as the catalog version `year` (else the year of its title),
  /// replacing an earlier import of that year atomically. Visits already logged keep the values
  /// they were logged with.
  ///
  /// - Parameter progress: called with the number of rows written so far.
  /// - throws: `TallyError` when no year is known; nothing changes on any error.
  public func importCatalog(
    _ file: RelativeValueFile, year: Int?, source: String, progress: (Int) -> Void = { _ in }
  ) throws -> CatalogImportSummary {
    guard let year = year ?? file.titleYear else {
      throw TallyError(
        .usage,
        .missing(field: "year", expected: "a catalog year: \(source) names none in its title row"))
    }
    let title = file.title ?? "Physician Fee Schedule RVU file \(year)"
    return try writer.write { db in
      let replaced = try CatalogVersion.deleteOne(db, key: year)
      try insertVersion(
        db,
        CatalogVersion(
          year: year, title: title, source: source, importedAt: clock(),
          rowCount: file.codes.count), codes: file.codes, progress: progress)
      return CatalogImportSummary(
        year: year, title: title, rowCount: file.codes.count,
        codeCount: Set(file.codes.map(\.hcpcs)).count, replacedExisting: replaced)
    }
  }

  /// Installs the starter catalog when there is no catalog at all (checked again inside the
  /// write, in case another process installed it meanwhile).
  func installStarterCatalogIfEmpty() throws {
    // Every command opens the store: check with a read, and take the write lock only once.
    guard try writer.read({ db in try CatalogVersion.fetchCount(db) }) == 0 else { return }
    try writer.write { db in
      guard try CatalogVersion.fetchCount(db) == 0 else { return }
      let codes = StarterCatalog.codes
      try insertVersion(
        db,
        CatalogVersion(
          year: StarterCatalog.year, title: StarterCatalog.title, source: "starter",
          importedAt: clock(), rowCount: codes.count), codes: codes)
    }
  }

  /// How many rows are written between two progress reports: often enough for a bar to move
  /// on a 19,000-row file, rarely enough to cost nothing.
  private static let progressStep = 1000

  /// Inserts a version and its rows (through the record, whose insert statement GRDB caches),
  /// then rebuilds the search index.
  private func insertVersion(
    _ db: Database, _ version: CatalogVersion, codes: [CatalogCode],
    progress: (Int) -> Void = { _ in }
  ) throws {
    try version.insert(db)
    for (index, code) in codes.enumerated() {
      if index % Self.progressStep == 0 { progress(index) }
      var row = code
      row.id = nil
      row.year = version.year
      try row.insert(db)
    }
    try db.execute(sql: "INSERT INTO catalog_code_fts(catalog_code_fts) VALUES ('rebuild')")
    progress(codes.count)
  }

  // MARK: Lookup

  /// The catalog row for a code in a version (default: the newest): with a modifier, that
  /// modifier's own row (`71045` with `26` is the professional component, whose RVUs differ from
  /// the plain row's); without one, the plain row.
  ///
  /// - throws: `TallyError` when the code (with that modifier) is not in that version.
  public func code(_ hcpcs: String, modifier: String? = nil, catalogYear: Int? = nil) throws
    -> CatalogCode
  {
    let modifier = modifier.flatMap { $0.isEmpty ? nil : $0.uppercased() }
    return try writer.read { db in
      let year = try self.catalogYear(db, catalogYear)
      let found =
        try modifier.map { try exactRow(db, hcpcs: hcpcs, modifier: $0, year: year) }
        ?? lookup(db, hcpcs: hcpcs, modifier: nil, year: year)
      guard let found else {
        throw TallyError.unknownCode(hcpcs.uppercased(), modifier: modifier, year: year)
      }
      return found
    }
  }

  /// The row of exactly `hcpcs` with `modifier` in `year`.
  private func exactRow(_ db: Database, hcpcs: String, modifier: String, year: Int) throws
    -> CatalogCode?
  {
    try CatalogCode.filter(
      CatalogCode.Columns.year == year && CatalogCode.Columns.hcpcs == hcpcs.uppercased()
        && CatalogCode.Columns.modifier == modifier.uppercased()
    ).fetchOne(db)
  }

  /// The row for `hcpcs`+`modifier` in `year`, falling back to the code's plain row: a visit
  /// logs `99213:25` with the plain code's values, as CMS lists no row for modifier 25.
  func lookup(_ db: Database, hcpcs: String, modifier: String?, year: Int) throws -> CatalogCode? {
    let code = hcpcs.uppercased()
    if let modifier, !modifier.isEmpty,
      let exact = try exactRow(db, hcpcs: code, modifier: modifier, year: year)
    {
      return exact
    }
    return try CatalogCode.filter(
      CatalogCode.Columns.year == year && CatalogCode.Columns.hcpcs == code
        && CatalogCode.Columns.modifier == ""
    ).fetchOne(db)
      ?? CatalogCode.filter(CatalogCode.Columns.year == year && CatalogCode.Columns.hcpcs == code)
      .order(CatalogCode.Columns.modifier).fetchOne(db)
  }

  // MARK: Search

  /// Searches a catalog version (default: the newest), best first: the exact code, then codes
  /// starting with the query, then descriptions holding every word of the query as a whole
  /// word, then as a word prefix (case-insensitively, each ranked by BM25). Descriptions are
  /// searched with their CMS abbreviations spelled out (`SearchText`).
  ///
  /// Whatever the query holds — quotes, `AND (`, `*`, `-`, `NEAR`, nothing — it never reaches
  /// FTS5 as syntax: it is cut into words of letters and digits, each searched as a quoted prefix.
  ///
  /// - throws: `TallyError` when `limit` is outside `searchLimits`.
  public func searchCodes(
    _ query: String, limit: Int = defaultSearchLimit, catalogYear: Int? = nil, userId: String
  ) throws -> [CodeSearchResult] {
    guard Self.searchLimits.contains(limit) else {
      throw TallyError.invalid(
        "limit", String(limit), expected: "1 to \(Self.searchLimits.upperBound)", category: .usage)
    }
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    return try writer.read { db in
      let year = try self.catalogYear(db, catalogYear)
      guard !trimmed.isEmpty else { return [] }
      var seen: Set<Int64> = []
      var hits: [CatalogCode] = []
      func take(_ codes: [CatalogCode]) {
        for code in codes where hits.count < limit {
          if let id = code.id, seen.insert(id).inserted { hits.append(code) }
        }
      }
      let upper = trimmed.uppercased()
      if upper.count <= 5,
        upper.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) })
      {
        typealias Columns = CatalogCode.Columns
        let version = CatalogCode.filter(Columns.year == year)
        take(try version.filter(Columns.hcpcs == upper).order(Columns.modifier).fetchAll(db))
        if hits.count < limit {
          // Codes after the query and before the query followed by the last code point: the
          // codes it starts, read from the (year, hcpcs, modifier) index.
          take(
            try version.filter(Columns.hcpcs > upper && Columns.hcpcs < upper + "\u{10FFFF}")
              .order(Columns.hcpcs, Columns.modifier).limit(limit).fetchAll(db))
        }
      }
      if let prefixes = FullTextQuery.prefixes(of: trimmed) {
        // Whole words first ("knee" before "kneel…"), then words as prefixes ("inj" finds
        // "injection"); `prefixes` quotes every word, so dropping its `*` leaves whole words.
        let wholeWords = prefixes.replacingOccurrences(of: "\"*", with: "\"")
        for match in [wholeWords, prefixes] where hits.count < limit {
          // Raw SQL: FTS5's MATCH, bm25() ranking and the content-table join in one statement.
          take(
            try CatalogCode.fetchAll(
              db,
              sql: """
                SELECT catalog_code.* FROM catalog_code_fts
                JOIN catalog_code ON catalog_code.id = catalog_code_fts.rowid
                WHERE catalog_code_fts MATCH ? AND catalog_code.year = ?
                ORDER BY bm25(catalog_code_fts), catalog_code.hcpcs, catalog_code.modifier
                LIMIT ?
                """, arguments: [match, year, limit + hits.count]))
        }
      }
      let favorites = try Favorite.owned(by: userId)
        .select(Favorite.Columns.hcpcs, as: String.self).fetchSet(db)
      return hits.map {
        CodeSearchResult(
          hcpcs: $0.hcpcs, modifier: $0.modifier, description: $0.description,
          statusCode: $0.statusCode, workRVU: $0.workRVU, isFavorite: favorites.contains($0.hcpcs))
      }
    }
  }
}
