import AnalyticsCore
import Foundation
import RVUDomain
import Testing

@Suite("HCPCS catalog")
struct CatalogTests {
  @Test("the starter catalog is there before any import, with the published 2025 work RVUs")
  func starter() throws {
    let store = try RVUStore.inMemory()
    let versions = try store.catalogVersions()
    #expect(versions.map(\.year) == [2025])
    #expect(versions[0].source == "starter")
    for (code, work) in [
      ("99211", "0.18"), ("99212", "0.70"), ("99213", "1.30"), ("99214", "1.92"),
      ("99215", "2.80"), ("G2211", "0.33"), ("99291", "4.50"), ("99285", "4.00"),
    ] {
      #expect(try store.code(code).workRVU == rvu(work))
    }
  }

  @Test(
    "imports the real CMS file: 19,090 rows, 16,852 codes",
    .enabled(if: hasPPRRVU, "../shared/data/cms/PPRRVU2025_Oct.csv is missing"))
  func realFile() throws {
    let store = try RVUStore.inMemory()
    let file = try RelativeValueFile(
      data: try Data(contentsOf: pprrvuURL), fileName: "PPRRVU2025_Oct.csv")
    #expect(file.titleYear == 2025)
    let summary = try store.importCatalog(file, year: nil, source: "PPRRVU2025_Oct.csv")
    #expect(summary.year == 2025)
    #expect(summary.rowCount == 19_090)
    #expect(summary.codeCount == 16_852)
    // It replaces the starter 2025 version, which is not an import of the user's: not "replaced".
    #expect(!summary.replacedExisting)
    #expect(try store.importCatalog(file, year: nil, source: "again.csv").replacedExisting)
    #expect(
      summary.title == "2025 National Physician Fee Schedule Relative Value File October Release")
    let office = try store.code("99213")
    #expect(office.workRVU == rvu("1.30"))
    #expect(office.nonFacilityPracticeExpenseRVU == rvu("1.35"))
    #expect(office.facilityPracticeExpenseRVU == rvu("0.57"))
    #expect(office.malpracticeRVU == rvu("0.10"))
    #expect(office.nonFacilityTotal == rvu("2.75"))
    #expect(office.facilityTotal == rvu("1.97"))
    #expect(office.globalDays == "XXX")
    #expect(office.conversionFactor == "32.3465")
    #expect(office.statusCode == "A")
    #expect(try store.code("99214").workRVU == rvu("1.92"))
    let addOn = try store.code("G2211")
    #expect(addOn.workRVU == rvu("0.33"))
    #expect(addOn.globalDays == "ZZZ")
    // A quoted description with a comma survives.
    #expect(try store.code("80161").description == "Asy carbamazepin 10,11-epxid")
    // Modifier rows: 71045-26 is the professional component.
    #expect(try store.code("71045", modifier: "26").modifier == "26")
    #expect(try store.catalogVersions().map(\.rowCount) == [19_090])
  }

  @Test("a modifier shows its own row, or is not found naming code and modifier")
  func modifierRow() throws {
    let store = try RVUStore.inMemory()
    _ = try store.importCatalog(
      try RelativeValueFile(
        data: miniPPRRVU(rows: [
          row("71045", "X-ray exam chest 1 view", work: "0.18"),
          row("71045", "X-ray exam chest 1 view", modifier: "26", work: "0.17"),
        ]), fileName: "m.csv"), year: nil, source: "m.csv")
    #expect(try store.code("71045").modifier == nil)
    let professional = try store.code("71045", modifier: "26")
    #expect(professional.modifier == "26")
    #expect(professional.workRVU == rvu("0.17"))
    #expect(try store.code("71045", modifier: "").modifier == nil)
    #expect {
      try store.code("71045", modifier: "tc")
    } throws: {
      ($0 as! TallyError).cause
        == .notFound(
          kind: "code", name: "71045 with modifier TC",
          expected: "a HCPCS/CPT code of the 2026 catalog")
    }
  }

  @Test("several versions coexist; the newest is the default; re-import replaces") func versions()
    throws
  {
    let store = try RVUStore.inMemory()
    let v2026 = try RelativeValueFile(
      data: miniPPRRVU(rows: [row("99213", "Office visit est", work: "1.50")]), fileName: "a.csv")
    let summary = try store.importCatalog(v2026, year: nil, source: "a.csv")
    #expect(summary.year == 2026)
    #expect(!summary.replacedExisting)
    #expect(try store.catalogVersions().map(\.year) == [2026, 2025])
    #expect(try store.code("99213").workRVU == rvu("1.50"))
    #expect(try store.code("99213", catalogYear: 2025).workRVU == rvu("1.30"))
    // Re-importing 2026 with other values replaces the whole version.
    let again = try RelativeValueFile(
      data: miniPPRRVU(rows: [row("99214", "Office visit est", work: "2.00")]), fileName: "b.csv")
    #expect(try store.importCatalog(again, year: 2026, source: "b.csv").replacedExisting)
    #expect {
      try store.code("99213", catalogYear: 2026)
    } throws: {
      ($0 as! TallyError).cause
        == .notFound(kind: "code", name: "99213", expected: "a HCPCS/CPT code of the 2026 catalog")
    }
    #expect(try store.code("99214").workRVU == rvu("2.00"))
    // --year overrides the title's year.
    _ = try store.importCatalog(again, year: 2024, source: "b.csv")
    #expect(try store.catalogVersions().map(\.year) == [2026, 2025, 2024])
    #expect {
      try store.code("99213", catalogYear: 2019)
    } throws: {
      ($0 as! TallyError).cause
        == .notFound(kind: "catalog", name: "2019", expected: "an imported year: 2026, 2025, 2024")
    }
  }

  @Test(
    "a file that is not a PPRRVU file is refused with its line, and nothing changes",
    arguments: [
      ("HCPCS,DESC\n99213,x\n", "line 1", "no header row"),
      (
        String(
          decoding: miniPPRRVU(rows: [row("99213", "A", work: "1.30"), "99214,,Short,A,,1.92"]),
          as: UTF8.self), "line 6", "columns"
      ),
      (
        String(
          decoding: miniPPRRVU(rows: [
            row("99213", "A", work: "1.30"), row("99214", "B", work: "abc"),
          ]), as: UTF8.self), "line 6", "WORK RVU"
      ),
      (
        String(decoding: miniPPRRVU(rows: [row("99213", "A", work: "1.305")]), as: UTF8.self),
        "line 5", "WORK RVU"
      ),
      (String(decoding: miniPPRRVU(rows: []), as: UTF8.self), "line 1", "no code rows"),
      ("HCPCS,MOD,DESCRIPTION,CODE\n", "line 1", "PPRRVU layout"),
    ])
  func refusesBadFiles(text: String, line: String, problem: String) throws {
    let store = try RVUStore.inMemory()
    #expect {
      let file = try RelativeValueFile(data: Data(text.utf8), fileName: "bad.csv")
      _ = try store.importCatalog(file, year: 2026, source: "bad.csv")
    } throws: { error in
      let error = error as! TallyError
      return error.category == .badData && error.description.contains("bad.csv \(line)")
        && error.description.contains(problem)
    }
    #expect(try store.catalogVersions().map(\.year) == [2025])
  }

  @Test("a file without a year in its title needs --year") func needsYear() throws {
    let store = try RVUStore.inMemory()
    let file = try RelativeValueFile(
      data: miniPPRRVU(title: "Some fee schedule", rows: [row("99213", "A", work: "1.30")]),
      fileName: "x.csv")
    #expect(file.titleYear == nil)
    #expect {
      try store.importCatalog(file, year: nil, source: "x.csv")
    } throws: { ($0 as! TallyError).field == "year" }
  }
}

@Suite("Code search")
struct SearchTests {
  @Test("exact code first, then code prefix, then description words") func ranking() throws {
    let store = try RVUStore.inMemory()
    _ = try store.addFavorite("99214", userId: "u")
    let exact = try store.searchCodes("99213", userId: "u")
    #expect(exact.first?.hcpcs == "99213")
    let prefix = try store.searchCodes("9921", userId: "u")
    #expect(prefix.map(\.hcpcs) == ["99211", "99212", "99213", "99214", "99215"])
    #expect(prefix.map(\.isFavorite) == [false, false, false, true, false])
    let words = try store.searchCodes("Office ESTABLISHED", userId: "u")
    #expect(Set(words.map(\.hcpcs)) == ["99211", "99212", "99213", "99214", "99215"])
    let partial = try store.searchCodes("emerg vis high", userId: "u")
    #expect(partial.map(\.hcpcs) == ["99285"])
    #expect(try store.searchCodes("g2211", userId: "u").first?.workRVU == rvu("0.33"))
    #expect(try store.searchCodes("9921", limit: 2, userId: "u").count == 2)
    #expect(try store.searchCodes("zzzzz", userId: "u").isEmpty)
  }

  @Test(
    "hostile queries never reach FTS5 as syntax",
    arguments: [
      "\"", "AND (", "*", "-", "NEAR", "", "   ", "office\" OR \"x", "NEAR(office visit)",
      "^office", "office:", "col:office", "'; DROP TABLE visit; --", "()", "\u{0}", "office -visit",
    ])
  func hostile(query: String) throws {
    let store = try RVUStore.inMemory()
    _ = try store.searchCodes(query, userId: "u")
  }

  @Test(
    "search over the real catalog",
    .enabled(if: hasPPRRVU, "../shared/data/cms/PPRRVU2025_Oct.csv is missing"))
  func realSearch() throws {
    let store = try RVUStore.inMemory()
    _ = try store.importCatalog(
      try RelativeValueFile(data: try Data(contentsOf: pprrvuURL), fileName: "f"), year: nil,
      source: "f")
    let exact = try store.searchCodes("71045", userId: "u")
    #expect(exact.prefix(3).map(\.modifier) == [nil, "26", "TC"])
    let words = try store.searchCodes("office est", limit: 10, userId: "u")
    #expect(words.contains { $0.hcpcs == "99213" })
    #expect(words.allSatisfy { $0.description.lowercased().contains("off") })
  }
}

@Suite(
  "Catalog files with repeated rows",
  .enabled(if: hasPPRRVU, "../shared/data/cms/PPRRVU2025_Oct.csv is missing"))
struct RepeatedRowTests {
  @Test("a code and modifier listed twice is bad data naming both lines") func repeated() throws {
    // The real file's title and header rows, then its first code row twice.
    let lines = try String(contentsOf: pprrvuURL, encoding: .utf8)
      .split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)  // CRLF is one Character
    let headerIndex = try #require(lines.firstIndex { $0.hasPrefix("HCPCS,MOD,DESCRIPTION") })
    let row = lines[headerIndex + 1]
    let text = lines[...headerIndex].joined(separator: "\n") + "\n" + row + "\n" + row + "\n"
    // Lines are 1-based: the header is line headerIndex + 1, the rows the two after it.
    #expect {
      try RelativeValueFile(data: Data(text.utf8), fileName: "dup.csv")
    } throws: { error in
      let error = error as? TallyError
      return error?.category == .badData && error?.source?.line == headerIndex + 3
        && "\(error!)".contains("line \(headerIndex + 2)")
    }
  }
}
