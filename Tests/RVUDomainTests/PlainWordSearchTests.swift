import AnalyticsCore
import Foundation
import RVUDomain
import Testing

@Suite("Code search in plain words")
struct PlainWordSearchTests {
  /// The CMS short descriptors of the real 2025 file, as written there.
  private func store() throws -> RVUStore {
    let store = try RVUStore.inMemory()
    let file = try RelativeValueFile(
      data: miniPPRRVU(rows: [
        row("20600", "Drain/inj joint/bursa w/o us", work: "0.66"),
        row("20605", "Drain/inj joint/bursa w/o us", work: "0.68"),
        row("20610", "Drain/inj joint/bursa w/o us", work: "0.79"),
        row("20611", "Drain/inj joint/bursa w/us", work: "1.00"),
        row("99213", "Office o/p est low 20 min", work: "1.30"),
        row("99203", "Office o/p new low 30 min", work: "1.60"),
        row("99231", "Sbsq hosp ip/obs sf/low 25", work: "1.00"),
        row("99221", "1st hosp ip/obs sf/low 40", work: "1.63"),
        row("27447", "Total knee arthroplasty", work: "19.60"),
        row("64450", "Njx aa&/strd other pn/branch", work: "0.75"),
      ]), fileName: "mini.csv")
    _ = try store.importCatalog(file, year: 2026, source: "mini.csv")
    return store
  }

  @Test(
    "what a physician types finds what they mean",
    arguments: [
      // 20610/20611 are the major joints (knee); a whole-word "knee" and "injection" (from inj).
      ("knee injection", ["20610", "20611"]),
      // arthrocentesis is what "Drain/inj joint/bursa" is.
      ("arthrocentesis", ["20600", "20605", "20610", "20611"]),
      // hosp → hospital; E/M codes are visits.
      ("hospital visit", ["99221", "99231"]),
      ("office visit established", ["99213"]),
      ("subsequent hospital", ["99231"]),
      ("initial inpatient", ["99221"]),
    ])
  func plainWords(query: String, expected: [String]) throws {
    let hits = try store().searchCodes(query, userId: "u").map(\.hcpcs)
    #expect(hits.sorted() == expected, "\(query): \(hits)")
  }

  @Test("whole-word matches come before prefix matches") func wholeWordsFirst() throws {
    // "knee" is a whole word of 27447 and (by our table) of 20610/20611; no code has a word
    // merely starting with "knee", so prefixes add nothing — but "inj" is only a prefix of
    // "injection" and a whole word of the descriptors: all four drain/inj codes come first.
    let hits = try store().searchCodes("inj", userId: "u").map(\.hcpcs)
    #expect(Set(hits.prefix(4)) == ["20600", "20605", "20610", "20611"])
    let knee = try store().searchCodes("knee", userId: "u").map(\.hcpcs)
    #expect(Set(knee) == ["20610", "20611", "27447"])
  }

  @Test("the real CMS file: plain words find the codes physicians mean")
  func realFile() throws {
    guard hasPPRRVU else { return }
    let store = try RVUStore.inMemory()
    let file = try RelativeValueFile(
      data: try Data(contentsOf: pprrvuURL), fileName: "PPRRVU2025_Oct.csv")
    _ = try store.importCatalog(file, year: 2025, source: "PPRRVU2025_Oct.csv")
    let knee = try store.searchCodes("knee injection", limit: 5, userId: "u").map(\.hcpcs)
    #expect(knee.contains("20610"), "\(knee)")
    let office = try store.searchCodes("office visit established", limit: 10, userId: "u")
      .map(\.hcpcs)
    #expect(Set(["99212", "99213", "99214", "99215"]).isSubset(of: office), "\(office)")
    let hospital = try store.searchCodes("subsequent hospital visit", limit: 10, userId: "u")
      .map(\.hcpcs)
    #expect(Set(["99231", "99232", "99233"]).isSubset(of: hospital), "\(hospital)")
    let arthrocentesis = try store.searchCodes("arthrocentesis", limit: 10, userId: "u")
      .map(\.hcpcs)
    #expect(arthrocentesis.contains("20610"), "\(arthrocentesis)")
  }
}
