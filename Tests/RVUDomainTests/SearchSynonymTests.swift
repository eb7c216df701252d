import AnalyticsCore
import Foundation
import Testing

@testable import RVUDomain

/// Search as doctors type (issue 33), on the real CMS 2025 file: each query finds its codes in
/// its first five results. The expected codes are CPT's and HCPCS's meaning of the words
/// (AMA CPT 2025 E/M guidelines: 99202–99205 new, 99212–99215 established office visits,
/// 99231–99233 subsequent hospital care; 93000 a complete ECG; 90686 an influenza vaccine and
/// G0008 its administration; 4537x/4538x colonoscopies).
@Suite(
  "Code search with plain words, typos and modifiers, on the CMS 2025 file",
  .enabled(if: hasPPRRVU, "../shared/data/cms/PPRRVU2025_Oct.csv is missing"))
struct SearchSynonymTests {
  private static let store = cmsStore()

  private func firstFive(_ query: String) throws -> [String] {
    try Self.store.searchCodes(query, limit: 5, userId: "u").map(\.hcpcs)
  }

  @Test(
    "plain words find their codes in the first five",
    arguments: [
      ("new patient office visit", ["99202", "99203", "99204", "99205"]),
      ("level 4 office visit", ["99214", "99204"]),
      ("ekg", ["93000"]), ("ecg", ["93000"]), ("EKG", ["93000"]),
      ("flu shot", ["90686", "G0008"]),
      ("hospital follow up", ["99231", "99232", "99233"]),
      ("hospital follow-up", ["99231", "99232", "99233"]),
    ])
  func plainWords(query: String, expected: [String]) throws {
    let found = try firstFive(query)
    #expect(Set(expected).isSubset(of: found), "\(query): \(found)")
  }

  @Test("a typo is read as the word meant: colonscopy finds 4537x and 4538x")
  func typo() throws {
    let found = try firstFive("colonscopy")
    #expect(!found.isEmpty && found.allSatisfy { $0.hasPrefix("4537") || $0.hasPrefix("4538") })
    // One edit for short words: "knea" (4 letters) is not a prefix of any word; "knee" is
    // one substitution away.
    #expect(
      SearchCorrection.editDistance(
        Array("knea".unicodeScalars), Array("knee".unicodeScalars), limit: 1) == 1)
    #expect(
      SearchCorrection.editDistance(
        Array("colonscopy".unicodeScalars), Array("colonoscopy".unicodeScalars), limit: 2) == 1)
    #expect(
      SearchCorrection.editDistance(
        Array("form".unicodeScalars), Array("from".unicodeScalars), limit: 1) == 1)
    #expect(
      SearchCorrection.editDistance(
        Array("abcdef".unicodeScalars), Array("uvwxyz".unicodeScalars), limit: 2) == nil)
  }

  @Test(
    "a code typed with its modifier lists that code first",
    arguments: [("20610-RT", "20610"), ("99213 25", "99213"), ("27447:80", "27447")])
  func codeWithModifier(query: String, code: String) throws {
    #expect(try firstFive(query).first == code)
  }

  @Test("a modifier with a row of its own lists that row first (45378-53)")
  func ownRow() throws {
    let found = try Self.store.searchCodes("45378-53", limit: 5, userId: "u")
    #expect(found.first?.hcpcs == "45378" && found.first?.modifier == "53")
  }

  @Test("the synonym table names codes, each once per phrase set, and matches whole words")
  func table() {
    #expect(SearchSynonyms.codes(for: SearchSynonyms.words(of: "EKG please")).first == "93000")
    // "flu" inside "influenza" is not the word "flu".
    #expect(!SearchSynonyms.codes(for: ["influenzas"]).contains("90686"))
    for entry in SearchSynonyms.table {
      #expect(Set(entry.codes).count == entry.codes.count)
      #expect(entry.codes.allSatisfy { $0.count == 5 })
    }
  }
}
