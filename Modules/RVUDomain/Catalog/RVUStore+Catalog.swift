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
  /// `nil` when the catalog leaves it empty.
  public let workRVU: FixedDecimal?
  /// Whether the user has the code among their favorites.
  public let isFavorite: Bool
}

extension RVUStore {
  /// How many search results a caller may ask for: enough for any screen, few enough that a
  /// one-letter query never reads the whole catalog.
  public static let searchLimits = 1...1000
  public static let defaultSearchLimit = 20

  /// The longest query, in characters, and the most distinct words it may hold: a CMS
  /// descriptor is 28 characters and its spelled-out search text a few dozen words, so a longer
  /// query cannot match anything more, while every extra word is another full-text term to
  /// intersect (20,000 words took 94 s before these limits).
  public static let searchQueryLimits = (characters: 1000, words: 32)

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

  /// The newest version whose year is not after `day`'s, or `nil` when there is none.
  func catalogYearIfAny(_ db: Database, inForceOn day: LocalDate) throws -> Int? {
    try Int.fetchOne(
      db,
      CatalogVersion.select(max(CatalogVersion.Columns.year))
        .filter(CatalogVersion.Columns.year <= day.year))
  }

  /// Whether `error` is `catalogYear(_:inForceOn:)`'s refusal (no version as old as the day), so
  /// that an app can name its override.
  public static func isNoCatalogInForce(_ error: TallyError) -> Bool {
    if case .notFound("catalog", let name, _) = error.cause { return name.hasPrefix(inForcePrefix) }
    return false
  }

  private static let inForcePrefix = "in force on "

  /// The version in force on `day`, the date of service: the newest whose year is not after
  /// the day's (CMS's fee schedule of a year applies to services of that year; a version
  /// imported for a later year does not reach back).
  ///
  /// - throws: `TallyError` when the catalog is empty, or every version is of a later year
  ///   (naming the day and the years there are).
  func catalogYear(_ db: Database, inForceOn day: LocalDate) throws -> Int {
    if let chosen = try catalogYearIfAny(db, inForceOn: day) { return chosen }
    let years = try CatalogVersion.order(CatalogVersion.Columns.year.desc)
      .select(CatalogVersion.Columns.year, as: Int.self).fetchAll(db)
    guard let oldest = years.last else { throw TallyError.noCatalog(year: nil, years: []) }
    throw TallyError.notFound(
      "catalog", Self.inForcePrefix + "\(day)",
      expected: "a visit in \(oldest) or later, the first year imported ("
        + years.map(String.init).joined(separator: ", ") + "); for earlier visits import "
        + "that year's file")
  }

  // MARK: Import

  /// Imports a parsed PPRRVU file as the catalog version `year` (else the year of its title),
  /// replacing an earlier import of that year atomically. Visits already logged keep the values
  /// they were logged with.
  ///
  /// - Parameter progress: called with the number of rows written so far.
  /// - throws: `TallyError` when no year is known or it is outside `CatalogVersion.years`;
  ///   nothing changes on any error.
  public func importCatalog(
    _ file: RelativeValueFile, year: Int?, source: String, progress: (Int) -> Void = { _ in }
  ) throws -> CatalogImportSummary {
    guard let year = year ?? file.titleYear else {
      throw TallyError(
        .usage,
        .missing(field: "year", expected: "a catalog year: \(source) names none in its title row"))
    }
    guard CatalogVersion.years.contains(year) else {
      throw TallyError.invalid(
        "year", String(year),
        expected: "a fee-schedule year from \(CatalogVersion.years.lowerBound) to "
          + "\(CatalogVersion.years.upperBound)", category: .usage)
    }
    let title = file.title ?? "Physician Fee Schedule RVU file \(year)"
    return try writer.write { db in
      // The starter catalog is not an import the user made: replacing it is not worth a word.
      let previous = try CatalogVersion.fetchOne(db, key: year)
      try CatalogVersion.deleteOne(db, key: year)
      let replaced = previous.map { $0.source != StarterCatalog.source } ?? false
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
          year: StarterCatalog.year, title: StarterCatalog.title, source: StarterCatalog.source,
          importedAt: clock(), rowCount: codes.count), codes: codes)
    }
  }

  /// How many rows are written between two progress reports: often enough for a bar to move
  /// on a 19,000-row file, rarely enough to cost nothing.
  private static let progressStep = 1000

  /// Inserts a version and its rows, then rebuilds the search index.
  ///
  /// Raw SQL through Storage's `BulkStatement`, on purpose: binding each value through SQLite's
  /// C API skips the per-row column dictionary a record's `insert` builds. Measured with
  /// `tally-bench rvu` (rvu.catalog-import, the 19,090-row PPRRVU file, from the file): see
  /// Docs/RVU.md for the figures before and after.
  private func insertVersion(
    _ db: Database, _ version: CatalogVersion, codes: [CatalogCode],
    progress: (Int) -> Void = { _ in }
  ) throws {
    try version.insert(db)
    typealias Columns = CatalogCode.Columns
    let columns = [
      Columns.year, Columns.hcpcs, Columns.modifier, Columns.description, Columns.statusCode,
      Columns.workRVU, Columns.nonFacilityPracticeExpenseRVU, Columns.facilityPracticeExpenseRVU,
      Columns.malpracticeRVU, Columns.nonFacilityTotal, Columns.facilityTotal,
      Columns.globalDays, Columns.conversionFactor, Columns.searchText,
    ]
    let insert = try BulkStatement(
      db,
      sql: "INSERT INTO catalog_code (\(columns.map(\.name).joined(separator: ", "))) VALUES ("
        + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")")
    let year = Int64(version.year)
    for (index, code) in codes.enumerated() {
      if index % Self.progressStep == 0 { progress(index) }
      try insert.bind(1, year)
      try insert.bind(2, code.hcpcs)
      try insert.bind(3, code.modifier ?? "")
      try insert.bind(4, code.description)
      try insert.bind(5, code.statusCode)
      try insert.bind(6, code.workRVU?.hundredths)
      try insert.bind(7, code.nonFacilityPracticeExpenseRVU?.hundredths)
      try insert.bind(8, code.facilityPracticeExpenseRVU?.hundredths)
      try insert.bind(9, code.malpracticeRVU?.hundredths)
      try insert.bind(10, code.nonFacilityTotal?.hundredths)
      try insert.bind(11, code.facilityTotal?.hundredths)
      try insert.bind(12, code.globalDays)
      try insert.bind(13, code.conversionFactor)
      try insert.bind(14, SearchText.terms(hcpcs: code.hcpcs, description: code.description))
      try insert.step()
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
    CatalogCode.best(
      of: try CatalogCode.filter(
        CatalogCode.Columns.year == year && CatalogCode.Columns.hcpcs == hcpcs.uppercased()
      ).fetchAll(db), modifier: modifier)
  }

  // MARK: Search

  /// The query's distinct words as FTS5 prefix terms (`"office"* "est"*`), or `nil` when it has
  /// none; a word typed twice is searched once.
  ///
  /// - throws: `TallyError` when the query is longer than `searchQueryLimits` allow.
  static func searchWords(_ query: String) throws -> String? {
    let limits = searchQueryLimits
    let tooLong = TallyError.invalid(
      "query", query,
      expected: "at most \(limits.characters) characters and \(limits.words) different words",
      category: .usage)
    guard query.unicodeScalars.count <= limits.characters else { throw tooLong }
    // Each term is a quoted run of letters and digits: no space inside one.
    guard let terms = FullTextQuery.prefixes(of: query)?.split(separator: " ") else { return nil }
    var seen: Set<Substring> = []
    let distinct = terms.filter { seen.insert($0).inserted }
    guard distinct.count <= limits.words else { throw tooLong }
    return distinct.joined(separator: " ")
  }

  /// Searches a catalog version (default: the newest), best first: the exact code, then codes
  /// starting with the query, then descriptions holding every word of the query as a whole
  /// word, then as a word prefix (case-insensitively, each ranked by BM25). Descriptions are
  /// searched with their CMS abbreviations spelled out (`SearchText`).
  ///
  /// Whatever the query holds — quotes, `AND (`, `*`, `-`, `NEAR`, nothing — it never reaches
  /// FTS5 as syntax: it is cut into words of letters and digits, each searched as a quoted prefix.
  ///
  /// - throws: `TallyError` when `limit` is outside `searchLimits`, or the query is longer than
  ///   `searchQueryLimits` allow.
  public func searchCodes(
    _ query: String, limit: Int = defaultSearchLimit, catalogYear: Int? = nil, userId: String
  ) throws -> [CodeSearchResult] {
    guard Self.searchLimits.contains(limit) else {
      throw TallyError.invalid(
        "limit", String(limit), expected: "1 to \(Self.searchLimits.upperBound)", category: .usage)
    }
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    let words = try Self.searchWords(trimmed)
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
      if let prefixes = words {
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
