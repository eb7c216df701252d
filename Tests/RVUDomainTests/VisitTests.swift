import AnalyticsCore
import Foundation
import RVUDomain
import Testing

@Suite("Visits")
struct VisitTests {
  @Test(
    "procedure entry syntax",
    arguments: [
      ("99213", "99213", nil, 1), ("99213x2", "99213", nil, 2), ("99213:25", "99213", "25", 1),
      ("11102x3:59", "11102", "59", 3), ("g2211", "G2211", nil, 1),
      ("99213X1000", "99213", nil, 1000),
      ("0001F", "0001F", nil, 1),
    ] as [(String, String, String?, Int)])
  func parses(text: String, hcpcs: String, modifier: String?, quantity: Int) throws {
    let input = try ProcedureInput(parsing: text)
    #expect(input.hcpcs == hcpcs)
    #expect(input.modifier == modifier)
    #expect(input.quantity == quantity)
  }

  @Test(
    "bad procedure entries name the value",
    arguments: [
      // A code may be a user's own (`CCM-20`, up to 20 characters: `ProcedureInput.checkCode`),
      // so "9921" is a code the catalog will not have, not a malformed one.
      "99213x0", "99213x1001", "99213xx", "99213x", "-9921", "99/13", "99213:2",
      "ABCDEFGHIJKLMNOPQRSTU", "",
    ])
  func refuses(text: String) {
    #expect {
      try ProcedureInput(parsing: text)
    } throws: { ($0 as! TallyError).value == text }
  }

  @Test("a visit copies the catalog's values at that moment; later imports never change it")
  func pointInTime() throws {
    let store = try RVUStore.inMemory()
    let old = try store.addVisit(
      VisitInput(
        date: day("2026-02-08"), time: try TimeOfDay(parsing: "14:30"), notes: "f/u",
        procedures: [procedure("99213x2")]), userId: "u")
    #expect(old.procedures[0].workRVU == rvu("1.30"))
    #expect(old.procedures[0].description == "Established patient office visit, low complexity")
    #expect(old.visit.totalWorkRVU == rvu("2.60"))
    #expect(old.visit.time == "14:30:00")
    _ = try store.importCatalog(
      try RelativeValueFile(
        data: miniPPRRVU(rows: [row("99213", "Office o/p est low 20 min", work: "1.50")]),
        fileName: "new.csv"), year: nil, source: "new.csv")
    let reread = try store.visit(id: old.visit.id!, userId: "u")
    #expect(reread.procedures[0].workRVU == rvu("1.30"))
    #expect(reread.procedures[0].description == "Established patient office visit, low complexity")
    let new = try store.addVisit(
      VisitInput(date: day("2026-02-09"), procedures: [procedure("99213")]), userId: "u")
    #expect(new.procedures[0].workRVU == rvu("1.50"))
    // An older catalog version can still be chosen.
    let chosen = try store.addVisit(
      VisitInput(date: day("2026-02-09"), procedures: [procedure("99213")]), userId: "u",
      catalogYear: 2025)
    #expect(chosen.procedures[0].workRVU == rvu("1.30"))
  }

  @Test("unknown codes need an explicit work RVU") func unknownCodes() throws {
    let store = try RVUStore.inMemory()
    #expect {
      try store.addVisit(
        VisitInput(date: day("2026-02-08"), procedures: [procedure("12345")]), userId: "u")
    } throws: { error in
      let error = error as! TallyError
      return error.category == .missingInput && error.value == "12345"
    }
    var custom = procedure("12345")
    custom.workRVU = rvu("2.25")
    let saved = try store.addVisit(
      VisitInput(date: day("2026-02-08"), procedures: [custom]), userId: "u")
    #expect(saved.visit.totalWorkRVU == rvu("2.25"))
    #expect(try store.visits(userId: "u").count == 1)
  }

  @Test("a normal visit needs a procedure; a no-show may have none") func procedureRequired() throws
  {
    let store = try RVUStore.inMemory()
    #expect(throws: TallyError.self) {
      try store.addVisit(VisitInput(date: day("2026-02-08"), procedures: []), userId: "u")
    }
    let noShow = try store.addVisit(
      VisitInput(date: day("2026-02-08"), isNoShow: true, procedures: []), userId: "u")
    #expect(noShow.visit.isNoShow)
  }

  @Test("update replaces fields and procedures; delete removes; unknown ids are errors")
  func updateDelete() throws {
    let store = try RVUStore.inMemory()
    let visit = try store.addVisit(
      VisitInput(date: day("2026-02-08"), procedures: [procedure("99213"), procedure("G2211")]),
      userId: "u")
    let id = visit.visit.id!
    let updated = try store.updateVisit(
      id: id,
      with: VisitInput(date: day("2026-02-10"), notes: "moved", procedures: [procedure("99215x2")]),
      userId: "u")
    #expect(updated.procedures.map(\.hcpcs) == ["99215"])
    #expect(updated.visit.totalWorkRVU == rvu("5.60"))
    #expect(try store.visit(id: id, userId: "u").visit.notes == "moved")
    try store.deleteVisit(id: id, userId: "u")
    for action in [
      { _ = try store.visit(id: id, userId: "u") }, { try store.deleteVisit(id: id, userId: "u") },
      {
        _ = try store.updateVisit(
          id: 999, with: VisitInput(date: day("2026-02-10"), procedures: [procedure("99213")]),
          userId: "u")
      },
    ] as [() throws -> Void] {
      #expect {
        try action()
      } throws: { ($0 as! TallyError).category == .missingInput }
    }
  }

  @Test("one user never sees, counts or changes another's data") func isolation() throws {
    let store = try RVUStore.inMemory()
    let mine = try store.addVisit(
      VisitInput(date: day("2026-02-08"), procedures: [procedure("99214")]), userId: "alice")
    _ = try store.addFavorite("99214", userId: "alice")
    #expect(try store.visits(userId: "bob").isEmpty)
    #expect(throws: TallyError.self) { try store.visit(id: mine.visit.id!, userId: "bob") }
    #expect(throws: TallyError.self) { try store.deleteVisit(id: mine.visit.id!, userId: "bob") }
    #expect(throws: TallyError.self) {
      try store.updateVisit(
        id: mine.visit.id!,
        with: VisitInput(date: day("2026-02-08"), procedures: [procedure("99213")]),
        userId: "bob")
    }
    #expect(try store.favorites(userId: "bob").isEmpty)
    #expect(try store.searchCodes("99214", userId: "bob").first?.isFavorite == false)
    let report = try store.analytics(
      RVUAnalyticsQuery(
        userId: "bob", range: try DayRange(start: day("2026-02-01"), end: day("2026-02-28"))))
    #expect(report.summary.isEmpty)
    #expect(try store.visits(userId: "alice").count == 1)
  }

  @Test("visits list by range, in date and time order") func listing() throws {
    let store = try RVUStore.inMemory()
    for (date, time) in [("2026-02-09", "08:00"), ("2026-02-08", "15:00"), ("2026-02-08", "09:00")]
    {
      _ = try store.addVisit(
        VisitInput(
          date: day(date), time: try TimeOfDay(parsing: time), procedures: [procedure("99213")]),
        userId: "u")
    }
    let all = try store.visits(userId: "u")
    #expect(
      all.map { "\($0.visit.date) \($0.visit.time!)" } == [
        "2026-02-08 09:00:00", "2026-02-08 15:00:00", "2026-02-09 08:00:00",
      ])
    #expect(try store.visits(userId: "u", from: day("2026-02-09")).count == 1)
    #expect(try store.visits(userId: "u", through: day("2026-02-08")).count == 2)
    #expect(throws: TallyError.self) {
      try store.visits(userId: "u", from: day("2026-02-09"), through: day("2026-02-08"))
    }
  }
}

@Suite("Visit import")
struct VisitImportTests {
  let body = """
    [
      {"date": "2026-02-08", "time": "14:30:00", "notes": "n", "is_no_show": false,
       "procedures": [{"hcpcs": "99213", "description": "Office visit", "status_code": "A",
                       "work_rvu": 1.3, "quantity": 1}]},
      {"date": "2026-02-09", "is_no_show": true, "procedures": []},
      {"date": "2026-02-10", "procedures": [{"hcpcs": "99214", "quantity": 2}]}
    ]
    """

  @Test("the seed's POST body, key for key") func json() throws {
    let store = try RVUStore.inMemory()
    let records = try VisitImportFile.parse(Data(body.utf8), fileName: "v.json")
    #expect(
      records.map(\.source.description) == [
        "v.json element 1", "v.json element 2", "v.json element 3",
      ])
    #expect(try store.importVisits(records, userId: "u").added == 3)
    let visits = try store.visits(userId: "u")
    #expect(visits[0].procedures[0].description == "Office visit")
    #expect(visits[2].visit.totalWorkRVU == rvu("3.84"))  // 1.92 × 2 from the catalog
  }

  @Test(
    "one bad element among many: its source is the element, its field or problem is named, nothing written",
    arguments: [
      (#"{"date": "2026-02-30", "procedures": [{"hcpcs": "99213"}]}"#, "date"),
      (
        #"{"date": "2026-02-08", "time": "25:00", "procedures": [{"hcpcs": "99213"}]}"#,
        "time"
      ),
      (
        #"{"date": "2026-02-08", "procedures": [{"hcpcs": "99213", "quantity": 0}]}"#,
        "procedures[0].quantity"
      ),
      (
        #"{"date": "2026-02-08", "procedures": [{"hcpcs": "99213", "quantity": 1001}]}"#,
        "procedures[0].quantity"
      ),
      (
        #"{"date": "2026-02-08", "procedures": [{"hcpcs": "99213", "quantity": "x"}]}"#,
        "procedures[0].quantity"
      ),
      (
        #"{"date": "2026-02-08", "procedures": [{"hcpcs": "99213", "work_rvu": 1.234}]}"#,
        "procedures[0].work_rvu"
      ),
      (#"{"procedures": [{"hcpcs": "99213"}]}"#, "date"),
      (#"{"date": "2026-02-08", "procedures": [{"hcpcs": "12345"}]}"#, "12345"),
      (#"{"date": "2026-02-08", "procedures": []}"#, "a visit needs"),
      (#""just a string""#, "expected an object"),
      (#"{"date": "2026-02-08", "is_no_show": 1, "procedures": []}"#, "is_no_show"),
      (
        #"{"date": "2026-02-08", "procedures": [{"hcpcs": "99213", "work_rvu": -5}]}"#,
        "procedures[0].work_rvu"
      ),
    ])
  func badElement(element: String, named: String) throws {
    let store = try RVUStore.inMemory()
    let text =
      "[" + #"{"date": "2026-02-07", "procedures": [{"hcpcs": "99213"}]}"# + ", " + element + ", "
      + #"{"date": "2026-02-09", "procedures": [{"hcpcs": "99214"}]}"# + "]"
    #expect {
      let records = try VisitImportFile.parse(Data(text.utf8), fileName: "v.json")
      _ = try store.importVisits(records, userId: "u")
    } throws: { error in
      let error = error as! TallyError
      // The field when the cause names one, else the problem in the message.
      return error.source?.description == "v.json element 2"
        && (error.field == named || "\(error)".contains(named))
    }
    #expect(try store.visits(userId: "u").isEmpty)
  }

  @Test("CSV: one row per procedure, grouped by visit") func csv() throws {
    let text = """
      visit,date,time,notes,no_show,hcpcs,modifier,quantity,work_rvu
      a,2026-02-08,14:30,"knee, left",false,99213,,1,
      a,2026-02-08,14:30,"knee, left",false,20610,RT,1,
      b,2026-02-09,,,true,,,,
      c,2026-02-10,,,,12345,,2,2.50
      """
    let store = try RVUStore.inMemory()
    let records = try VisitImportFile.parse(Data(text.utf8), fileName: "v.csv")
    #expect(records.map(\.source.description) == ["v.csv line 2", "v.csv line 4", "v.csv line 5"])
    #expect(try store.importVisits(records, userId: "u").added == 3)
    let visits = try store.visits(userId: "u")
    #expect(visits[0].procedures.map(\.hcpcs) == ["99213", "20610"])
    #expect(visits[0].visit.notes == "knee, left")
    #expect(visits[0].visit.totalWorkRVU == rvu("2.09"))  // 1.30 + 0.79
    #expect(visits[1].visit.isNoShow)
    #expect(visits[2].visit.totalWorkRVU == rvu("5.00"))
  }

  @Test(
    "CSV errors name the line and column",
    arguments: [
      ("a,2026-02-08,x/99,1,", "hcpcs"),
      ("a,2026-02-31,99213,1,", "date"),
      ("a,2026-02-08,99213,0,", "quantity"),
      ("b,2026-02-09,99213,1,", "visit"),
      (",2026-02-08,99213,1,", "visit"),
      ("a,2026-02-08,99213,1,-5.00", "work_rvu"),
      ("a,2026-02-08,99213,1,1.234", "work_rvu"),
    ])
  func csvErrors(line: String, column: String) throws {
    let text = "visit,date,hcpcs,quantity,work_rvu\nb,2026-02-08,99213,1,\n\(line)\n"
    #expect {
      try VisitImportFile.parse(Data(text.utf8), fileName: "v.csv")
    } throws: { error in
      let error = error as! TallyError
      return error.category == .badData && error.source == TallyError.Source("v.csv", line: 3)
        && error.field == column
    }
  }

  @Test("a negative work RVU is refused on every path: add, update, import") func negativeWorkRVU()
    throws
  {
    let store = try RVUStore.inMemory()
    var negative = procedure("12345")
    negative.workRVU = rvu("-5.00")
    let input = VisitInput(date: day("2026-02-08"), procedures: [negative])
    #expect { try store.addVisit(input, userId: "u") } throws: {
      ($0 as! TallyError).field == "work_rvu"
    }
    let saved = try store.addVisit(
      VisitInput(date: day("2026-02-08"), procedures: [procedure("99213")]), userId: "u")
    #expect {
      try store.updateVisit(id: saved.visit.id!, with: input, userId: "u")
    } throws: { ($0 as! TallyError).field == "work_rvu" }
    #expect {
      try store.importVisits(
        [VisitImportFile.Record(source: .init("v.json element 1"), input: input)], userId: "u")
    } throws: { ($0 as! TallyError).source?.name == "v.json element 1" }
    #expect(throws: TallyError.self) {
      try ProcedureInput(hcpcs: "12345", workRVU: rvu("-0.01"))
    }
    // Only the first visit is stored, at 1.30 (99213's starter work RVU).
    let visits = try store.visits(userId: "u")
    #expect(visits.map(\.visit.totalWorkRVU) == [rvu("1.30")])
  }

  @Test("a CSV without the required columns, or empty, is refused") func csvHeader() {
    #expect(throws: TallyError.self) {
      try VisitImportFile.parse(Data("date,hcpcs\n".utf8), fileName: "v.csv")
    }
    #expect(throws: TallyError.self) { try VisitImportFile.parse(Data(), fileName: "v.csv") }
    #expect(throws: TallyError.self) {
      try VisitImportFile.parse(Data("{}".utf8), fileName: "v.json")
    }
  }
}
