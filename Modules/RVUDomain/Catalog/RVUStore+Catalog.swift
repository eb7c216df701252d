import AnalyticsCore
import Foundation
import GRDB
import Storage

/// What a catalog import did.
public struct CatalogImportSummary: Sendable, Equatable {
  public let year: Int
  /// The day the release takes effect (from the title's `October Release`, else January 1).
  public let effectiveOn: LocalDate
  public let title: String
  /// Code+modifier rows imported.
  public let rowCount: Int
  /// Distinct codes imported.
  public let codeCount: Int
  /// Whether an earlier import of the same release (same effective day) was replaced.
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
      try CatalogVersion.order(CatalogVersion.Columns.version.desc).fetchAll(db)
    }
  }

  /// The version to use: the newest release of `year` when given (one must exist), else the
  /// newest of all.
  ///
  /// - throws: `TallyError` when that year has no version (naming those that do) or the
  ///   catalog is empty.
  func catalogVersion(_ db: Database, year: Int?) throws -> Int {
    // Every search and visit asks: MAX(version) over the key, and the list of years only for
    // the error message.
    var request = CatalogVersion.select(max(CatalogVersion.Columns.version))
    if let year {
      let (first, next) = (year * 10_000, (year + 1) * 10_000)
      request = request.filter(
        CatalogVersion.Columns.version >= first && CatalogVersion.Columns.version < next)
    }
    guard let chosen = try Int.fetchOne(db, request) else {
      throw TallyError.noCatalog(year: year, years: try importedYears(db))
    }
    return chosen
  }

  /// Every version key, newest first.
  private func versionKeys(_ db: Database) throws -> [Int] {
    try CatalogVersion.order(CatalogVersion.Columns.version.desc)
      .select(CatalogVersion.Columns.version, as: Int.self).fetchAll(db)
  }

  /// The years with a version, newest first.
  private func importedYears(_ db: Database) throws -> [Int] {
    var years: [Int] = []
    for version in try versionKeys(db) where years.last != version / 10_000 {
      years.append(version / 10_000)
    }
    return years
  }

  /// The version in force on `day`, the date of service, or `nil` when every version is of a
  /// later year: the newest release of the day's year that took effect by then; else the
  /// year's first release, when the year's only ones took effect later (a user who imported
  /// only the October file has the year's schedule, corrected); else the newest of an earlier
  /// year.
  func catalogVersionIfAny(_ db: Database, inForceOn day: LocalDate) throws -> Int? {
    let key = CatalogVersion.version(effectiveOn: day)
    let (yearStart, nextYear) = (day.year * 10_000, (day.year + 1) * 10_000)
    let version = CatalogVersion.Columns.version
    if let inForce = try Int.fetchOne(
      db, CatalogVersion.select(max(version)).filter(version >= yearStart && version <= key))
    {
      return inForce
    }
    if let yearsFirst = try Int.fetchOne(
      db, CatalogVersion.select(min(version)).filter(version > key && version < nextYear))
    {
      return yearsFirst
    }
    return try Int.fetchOne(
      db, CatalogVersion.select(max(version)).filter(version < yearStart))
  }

  /// Whether `error` is `catalogYear(_:inForceOn:)`'s refusal (no version as old as the day), so
  /// that an app can name its override.
  public static func isNoCatalogInForce(_ error: TallyError) -> Bool {
    if case .notFound("catalog", let name, _) = error.cause { return name.hasPrefix(inForcePrefix) }
    return false
  }

  private static let inForcePrefix = "in force on "

  /// The version in force on `day`, the date of service (`catalogVersionIfAny(_:inForceOn:)`:
  /// CMS's January release applies from January 1, its April, July and October corrections from
  /// theirs; a later year's does not reach back).
  ///
  /// - throws: `TallyError` when the catalog is empty, or every version is of a later year
  ///   (naming the day and the years there are).
  func catalogVersion(_ db: Database, inForceOn day: LocalDate) throws -> Int {
    if let chosen = try catalogVersionIfAny(db, inForceOn: day) { return chosen }
    let years = try importedYears(db)
    guard let oldest = years.last else { throw TallyError.noCatalog(year: nil, years: []) }
    throw TallyError.notFound(
      "catalog", Self.inForcePrefix + "\(day)",
      expected: "a visit in \(oldest) or later, the first year imported ("
        + years.map(String.init).joined(separator: ", ") + "); for earlier visits import "
        + "that year's file")
  }

  // MARK: Import

  /// Imports a parsed PPRRVU file as the release of `year` (else the year of its title) that
  /// takes effect on `effectiveOn` (else the first day of the month its title names, `October
  /// Release`; else January 1), replacing an earlier import of that release atomically. Visits
  /// already logged keep the values they were logged with.
  ///
  /// - Parameter progress: called with the number of rows written so far.
  /// - throws: `TallyError` when no year is known, it is outside `CatalogVersion.years`, or the
  ///   effective day is not in it; nothing changes on any error.
  public func importCatalog(
    _ file: RelativeValueFile, year: Int?, effectiveOn: LocalDate? = nil, source: String,
    progress: (Int) -> Void = { _ in }
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
    let effective =
      effectiveOn ?? LocalDate(year: year, month: file.titleReleaseMonth ?? 1, day: 1)!
    guard effective.year == year else {
      throw TallyError.invalid(
        "effective day", effective.description,
        expected: "a day of \(year), the release's fee-schedule year", category: .usage)
    }
    let version = CatalogVersion.version(effectiveOn: effective)
    let title = file.title ?? "Physician Fee Schedule RVU file \(year)"
    return try writer.write { db in
      // The starter catalog is not an import the user made: a file of its year replaces it,
      // whatever release, and that is not worth a word.
      let previous = try CatalogVersion.fetchOne(db, key: version)
      try CatalogVersion.deleteOne(db, key: version)
      try CatalogVersion.filter(
        CatalogVersion.Columns.source == StarterCatalog.source
          && CatalogVersion.Columns.version >= year * 10_000
          && CatalogVersion.Columns.version < (year + 1) * 10_000
      ).deleteAll(db)
      let replaced = previous.map { $0.source != StarterCatalog.source } ?? false
      try insertVersion(
        db,
        CatalogVersion(
          version: version, title: title, source: source, importedAt: clock.now(),
          rowCount: file.codes.count), codes: file.codes, progress: progress)
      return CatalogImportSummary(
        year: year, effectiveOn: effective, title: title, rowCount: file.codes.count,
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
          version: CatalogVersion.version(
            effectiveOn: LocalDate(year: StarterCatalog.year, month: 1, day: 1)!),
          title: StarterCatalog.title, source: StarterCatalog.source,
          importedAt: clock.now(), rowCount: codes.count), codes: codes)
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
      Columns.version, Columns.hcpcs, Columns.modifier, Columns.description, Columns.statusCode,
      Columns.workRVU, Columns.nonFacilityPracticeExpenseRVU, Columns.facilityPracticeExpenseRVU,
      Columns.malpracticeRVU, Columns.nonFacilityTotal, Columns.facilityTotal,
      Columns.globalDays, Columns.conversionFactor, Columns.searchText,
      Columns.multipleProcedure, Columns.bilateralSurgery, Columns.assistantAtSurgery,
      Columns.coSurgeons, Columns.teamSurgery, Columns.endoscopicBase,
    ]
    let insert = try BulkStatement(
      db,
      sql: "INSERT INTO catalog_code (\(columns.map(\.name).joined(separator: ", "))) VALUES ("
        + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")")
    let key = Int64(version.version)
    for (index, code) in codes.enumerated() {
      if index % Self.progressStep == 0 { progress(index) }
      try insert.bind(1, key)
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
      let indicators = code.indicators
      try insert.bind(15, indicators.map { Int64($0.multipleProcedure) })
      try insert.bind(16, indicators.map { Int64($0.bilateralSurgery) })
      try insert.bind(17, indicators.map { Int64($0.assistantAtSurgery) })
      try insert.bind(18, indicators.map { Int64($0.coSurgeons) })
      try insert.bind(19, indicators.map { Int64($0.teamSurgery) })
      try insert.bind(20, indicators?.endoscopicBase)
      try insert.step()
    }
    try db.execute(sql: "INSERT INTO catalog_code_fts(catalog_code_fts) VALUES ('rebuild')")
    progress(codes.count)
  }

  // MARK: Lookup

  /// The catalog row for a code in a version (the newest release of `catalogYear`, default: the
  /// newest of all): with a modifier, that
  /// modifier's own row (`71045` with `26` is the professional component, whose RVUs differ from
  /// the plain row's); without one, the plain row.
  ///
  /// - throws: `TallyError` when the code (with that modifier) is not in that version.
  public func code(_ hcpcs: String, modifier: String? = nil, catalogYear: Int? = nil) throws
    -> CatalogCode
  {
    let modifier = modifier.flatMap { $0.isEmpty ? nil : $0.uppercased() }
    return try writer.read { db in
      let version = try self.catalogVersion(db, year: catalogYear)
      let found =
        try modifier.map { try exactRow(db, hcpcs: hcpcs, modifier: $0, version: version) }
        ?? lookup(db, hcpcs: hcpcs, modifier: nil, version: version)
      guard let found else {
        throw TallyError.unknownCode(
          hcpcs.uppercased(), modifier: modifier, year: version / 10_000)
      }
      return found
    }
  }

  /// The row of exactly `hcpcs` with `modifier` in `version`.
  private func exactRow(_ db: Database, hcpcs: String, modifier: String, version: Int) throws
    -> CatalogCode?
  {
    try CatalogCode.filter(
      CatalogCode.Columns.version == version && CatalogCode.Columns.hcpcs == hcpcs.uppercased()
        && CatalogCode.Columns.modifier == modifier.uppercased()
    ).fetchOne(db)
  }

  /// The row for `hcpcs`+`modifier` in `version`, falling back to the code's plain row: a visit
  /// logs `99213:25` with the plain code's values, as CMS lists no row for modifier 25.
  func lookup(_ db: Database, hcpcs: String, modifier: String?, version: Int) throws
    -> CatalogCode?
  {
    CatalogCode.best(
      of: try CatalogCode.filter(
        CatalogCode.Columns.version == version && CatalogCode.Columns.hcpcs == hcpcs.uppercased()
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

  /// Searches a catalog version (the newest release of `catalogYear`, default: the newest of
  /// all), best first:
  /// 1. the exact code (typed with a modifier as a biller writes it, `20610-RT`, `99213 25`: the
  ///    code, its modifier's own row first when the catalog has one), then codes starting with
  ///    the query;
  /// 2. the codes of the plain-language phrases the query holds (`SearchSynonyms`: "level 4
  ///    office visit", "ekg", "flu shot");
  /// 3. descriptions holding every word of the query as a whole word, then as a word prefix
  ///    (case-insensitively, each ranked by BM25), searched with their CMS abbreviations spelled
  ///    out (`SearchText`).
  ///
  /// A word of four letters or more that no description holds, even as a prefix, is read as the
  /// closest word they hold ("colonscopy" as "colonoscopy": `SearchCorrection`) before 2 and 3.
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
    _ = try Self.searchWords(trimmed)
    return try writer.read { db in
      let key = try self.catalogVersion(db, year: catalogYear)
      guard !trimmed.isEmpty else { return [] }
      var seen: Set<Int64> = []
      var hits: [CatalogCode] = []
      func take(_ codes: [CatalogCode]) {
        for code in codes where hits.count < limit {
          if let id = code.id, seen.insert(id).inserted { hits.append(code) }
        }
      }
      typealias Columns = CatalogCode.Columns
      let version = CatalogCode.filter(Columns.version == key)
      let typed = SearchCorrection.codeWithModifier(trimmed)
      let upper = typed?.code ?? trimmed.uppercased()
      if upper.count <= 5,
        upper.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) })
      {
        let exact = try version.filter(Columns.hcpcs == upper).order(Columns.modifier).fetchAll(db)
        take(exact.filter { $0.modifier != nil && $0.modifier == typed?.modifier })
        take(exact)
        if hits.count < limit {
          // Codes after the query and before the query followed by the last code point: the
          // codes it starts, read from the (version, hcpcs, modifier) index.
          take(
            try version.filter(Columns.hcpcs > upper && Columns.hcpcs < upper + "\u{10FFFF}")
              .order(Columns.hcpcs, Columns.modifier).limit(limit).fetchAll(db))
        }
      }
      var words = SearchSynonyms.words(of: trimmed)
      var synonyms = SearchSynonyms.codes(for: words)
      if typed == nil, hits.count < limit {
        let corrected = try SearchCorrection.corrected(words, db)
        if corrected != words {
          words = corrected
          if synonyms.isEmpty { synonyms = SearchSynonyms.codes(for: words) }
        }
      }
      if !synonyms.isEmpty, hits.count < limit {
        let rows = try version.filter(synonyms.contains(Columns.hcpcs))
          .order(Columns.modifier).fetchAll(db)
        let byCode = Dictionary(grouping: rows, by: \.hcpcs)
        take(synonyms.flatMap { byCode[$0] ?? [] })
      }
      if let prefixes = try Self.searchWords(words.joined(separator: " ")) {
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
                WHERE catalog_code_fts MATCH ? AND catalog_code.version = ?
                ORDER BY bm25(catalog_code_fts), catalog_code.hcpcs, catalog_code.modifier
                LIMIT ?
                """, arguments: [match, key, limit + hits.count]))
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
