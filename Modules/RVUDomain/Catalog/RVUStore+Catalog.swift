import AnalyticsCore
import Foundation
import GRDB
import Storage

/// What a catalog import did.
public struct CatalogImportSummary: Sendable, Equatable {
  /// The version's year.
  public let year: Int
  /// The file's title.
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
  /// The code.
  public let hcpcs: String
  /// The modifier, or `nil`.
  public let modifier: String?
  /// The description.
  public let description: String
  /// The status code.
  public let statusCode: String
  /// The work RVU.
  public let workRVU: FixedDecimal
  /// Whether the user has the code among their favorites.
  public let isFavorite: Bool
}

extension RVUStore {
  // MARK: Versions

  /// Every catalog version, newest first.
  public func catalogVersions() throws -> [CatalogVersion] {
    try writer.read { db in
      try CatalogVersion.order(CatalogVersion.Columns.year.desc).fetchAll(db)
    }
  }

  /// The version to use: `year` when given (it must exist), else the newest.
  ///
  /// - throws: `RVUError` when that version does not exist or the catalog is empty.
  func catalogYear(_ db: Database, _ year: Int?) throws -> Int {
    if let year {
      guard try CatalogVersion.exists(db, key: year) else { throw RVUError.noCatalog(year: year) }
      return year
    }
    guard let newest = try Int.fetchOne(db, sql: "SELECT MAX(year) FROM catalog_version") else {
      throw RVUError.noCatalog(year: nil)
    }
    return newest
  }

  // MARK: Import

  /// Imports a parsed PPRRVU file as the catalog version `year` (else the year of its title),
  /// replacing an earlier import of that year atomically. Visits already logged keep the values
  /// they were logged with.
  ///
  /// - Parameter progress: called with the number of rows written so far.
  /// - throws: `RVUError` when no year is known; nothing changes on any error.
  public func importCatalog(
    _ file: RelativeValueFile, year: Int?, source: String, progress: (Int) -> Void = { _ in }
  ) throws -> CatalogImportSummary {
    guard let year = year ?? file.titleYear else {
      throw RVUError(
        .usage, "\(source) names no year in its title row: give it with --year YYYY")
    }
    let title = file.title ?? "Physician Fee Schedule RVU file \(year)"
    return try writer.write { db in
      let replaced = try CatalogVersion.deleteOne(db, key: year)
      try insertVersion(
        db,
        CatalogVersion(
          year: year, title: title, source: source, importedAt: Date(),
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
          importedAt: Date(), rowCount: codes.count), codes: codes)
    }
  }

  /// Inserts a version and its rows with one prepared statement, then rebuilds the search index.
  private func insertVersion(
    _ db: Database, _ version: CatalogVersion, codes: [CatalogCode],
    progress: (Int) -> Void = { _ in }
  ) throws {
    try version.insert(db)
    let statement = try db.makeStatement(
      sql: """
        INSERT INTO catalog_code (year, hcpcs, modifier, description, status_code, work_rvu,
          non_facility_pe_rvu, facility_pe_rvu, malpractice_rvu, non_facility_total,
          facility_total, global_days, conversion_factor)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    for (index, code) in codes.enumerated() {
      if index % 1000 == 0 { progress(index) }
      try statement.execute(arguments: [
        version.year, code.hcpcs, code.modifier ?? "", code.description, code.statusCode,
        code.workRVU.hundredths, code.nonFacilityPracticeExpenseRVU.hundredths,
        code.facilityPracticeExpenseRVU.hundredths, code.malpracticeRVU.hundredths,
        code.nonFacilityTotal.hundredths, code.facilityTotal.hundredths, code.globalDays,
        code.conversionFactor,
      ])
    }
    try db.execute(sql: "INSERT INTO catalog_code_fts(catalog_code_fts) VALUES ('rebuild')")
    progress(codes.count)
  }

  // MARK: Lookup

  /// The catalog row for a code (and modifier) in a version (default: the newest); with a
  /// modifier that has no row of its own, the code's plain row.
  ///
  /// - throws: `RVUError` when the code is not in that version.
  public func code(_ hcpcs: String, modifier: String? = nil, catalogYear: Int? = nil) throws
    -> CatalogCode
  {
    try writer.read { db in
      let year = try self.catalogYear(db, catalogYear)
      guard let code = try lookup(db, hcpcs: hcpcs, modifier: modifier, year: year) else {
        throw RVUError.unknownCode(hcpcs.uppercased(), modifier: modifier, year: year)
      }
      return code
    }
  }

  /// The row for `hcpcs`+`modifier` in `year`, falling back to the code's plain row.
  func lookup(_ db: Database, hcpcs: String, modifier: String?, year: Int) throws -> CatalogCode? {
    let code = hcpcs.uppercased()
    if let modifier = modifier?.uppercased(), !modifier.isEmpty,
      let exact = try CatalogCode.filter(
        CatalogCode.Columns.year == year && CatalogCode.Columns.hcpcs == code
          && CatalogCode.Columns.modifier == modifier
      ).fetchOne(db)
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
  /// starting with the query, then descriptions holding every word of the query (as a word
  /// prefix, case-insensitively, ranked by BM25).
  ///
  /// Whatever the query holds — quotes, `AND (`, `*`, `-`, `NEAR`, nothing — it never reaches
  /// FTS5 as syntax: it is cut into words of letters and digits, each searched as a quoted prefix.
  public func searchCodes(
    _ query: String, limit: Int = 20, catalogYear: Int? = nil, userId: String
  ) throws -> [CodeSearchResult] {
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    return try writer.read { db in
      let year = try self.catalogYear(db, catalogYear)
      guard !trimmed.isEmpty, limit > 0 else { return [] }
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
        take(
          try CatalogCode.fetchAll(
            db,
            sql: "SELECT * FROM catalog_code WHERE year = ? AND hcpcs = ? ORDER BY modifier",
            arguments: [year, upper]))
        if hits.count < limit {
          take(
            try CatalogCode.fetchAll(
              db,
              sql: """
                SELECT * FROM catalog_code WHERE year = ? AND hcpcs > ? AND hcpcs < ?
                ORDER BY hcpcs, modifier LIMIT ?
                """, arguments: [year, upper, upper + "\u{10FFFF}", limit]))
        }
      }
      if hits.count < limit, let match = FullTextQuery.prefixes(of: trimmed) {
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
      let favorites = Set(
        try String.fetchAll(
          db, sql: "SELECT hcpcs FROM favorite WHERE user_id = ?", arguments: [userId]))
      return hits.map {
        CodeSearchResult(
          hcpcs: $0.hcpcs, modifier: $0.modifier, description: $0.description,
          statusCode: $0.statusCode, workRVU: $0.workRVU, isFavorite: favorites.contains($0.hcpcs))
      }
    }
  }
}
