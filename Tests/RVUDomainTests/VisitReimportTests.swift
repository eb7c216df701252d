import AnalyticsCore
import Foundation
import RVUDomain
import Testing

@Suite("Importing a file again adds nothing")
struct VisitReimportTests {
  /// Three visits: two identical 99213 visits on 2026-02-08 without a time (two patients), and a
  /// 99214 + G2211 visit at 14:30.
  private let file = """
    visit,date,time,hcpcs,notes
    a,2026-02-08,,99213,
    b,2026-02-08,,99213,
    c,2026-02-08,14:30,99214,knee
    c,2026-02-08,14:30,G2211,knee
    """

  private func records(_ text: String) throws -> [VisitImportFile.Record] {
    try VisitImportFile.parse(Data(text.utf8), fileName: "v.csv")
  }

  @Test("a spreadsheet's own header is read with Tally's columns mapped onto it")
  func mappedColumns() throws {
    let text = """
      Encounter,Date of service,CPT,Units
      7,2026-02-08,99213,2
      """
    let columns = ["visit": "Encounter", "date": "Date of service", "hcpcs": "CPT"]
    // Units is not mapped: refused, not dropped (two units would be one).
    let unmapped = try #require(throws: TallyError.self) {
      try VisitImportFile.parse(Data(text.utf8), fileName: "v.csv", columns: columns)
    }
    #expect(unmapped.field == "column")
    #expect(unmapped.value == "Units")
    var all = columns
    all["quantity"] = "Units"
    let records = try VisitImportFile.parse(Data(text.utf8), fileName: "v.csv", columns: all)
    #expect(records.map(\.source.line) == [2])
    #expect(records.first?.input.procedures.map(\.hcpcs) == ["99213"])
    #expect(records.first?.input.procedures.map(\.quantity) == [2])
    // A name that is not one of Tally's columns is refused with the closest.
    let wrong = try #require(throws: TallyError.self) {
      try VisitImportFile.parse(Data(text.utf8), fileName: "v.csv", columns: ["hcpc": "CPT"])
    }
    #expect(wrong.value == "hcpc")
    // One file column for two of Tally's, or a column the file lacks, is refused too.
    for bad in [
      ["visit": "Encounter", "date": "Encounter"], all.merging(["notes": "Comment"]) { $1 },
    ] {
      #expect(throws: TallyError.self) {
        try VisitImportFile.parse(Data(text.utf8), fileName: "v.csv", columns: bad)
      }
    }
  }

  @Test("known visits are counted, not just remembered") func reimport() throws {
    let store = try RVUStore.inMemory()
    let first = try store.importVisits(try records(file), userId: "u")
    #expect(first == VisitImportSummary(added: 3, alreadyPresent: 0))
    let again = try store.importVisits(try records(file), userId: "u")
    #expect(again == VisitImportSummary(added: 0, alreadyPresent: 3))
    #expect(try store.visits(userId: "u").count == 3)
    // Procedures in another order, other notes: still the same visit.
    let reordered = """
      visit,date,time,hcpcs,notes
      c,2026-02-08,14:30,G2211,left knee
      c,2026-02-08,14:30,99214,left knee
      """
    #expect(try store.importVisits(try records(reordered), userId: "u").added == 0)
    // One of the two identical visits deleted: the file brings back exactly one.
    let twin = try store.visits(userId: "u").first { $0.visit.time == nil }!
    try store.deleteVisit(id: twin.visit.id!, userId: "u")
    #expect(
      try store.importVisits(try records(file), userId: "u")
        == VisitImportSummary(added: 1, alreadyPresent: 2))
    // 3 visits: 1.30 + 1.30 + (1.92 + 0.33) = 4.85 on the day.
    let range = DayRange(day: day("2026-02-08"))
    let totals = try store.analytics(RVUAnalyticsQuery(userId: "u", range: range)).totals
    #expect(totals.totalWorkRVU == rvu("4.85"))
  }

  @Test("another user's visits, another time or a no-show are not the same visit")
  func differences() throws {
    let store = try RVUStore.inMemory()
    _ = try store.importVisits(try records(file), userId: "u")
    #expect(try store.importVisits(try records(file), userId: "v").added == 3)
    let other = """
      visit,date,time,hcpcs,no_show
      a,2026-02-08,09:00,99213,false
      b,2026-02-08,,99213,true
      c,2026-02-09,,99213,false
      """
    #expect(try store.importVisits(try records(other), userId: "u").added == 3)
  }

  @Test("allowing duplicates saves every visit") func allowDuplicates() throws {
    let store = try RVUStore.inMemory()
    _ = try store.importVisits(try records(file), userId: "u")
    let forced = try store.importVisits(try records(file), userId: "u", allowDuplicates: true)
    #expect(forced == VisitImportSummary(added: 3, alreadyPresent: 0))
    #expect(try store.visits(userId: "u").count == 6)
  }
}
