import AnalyticsCore
import DataFormats
import Foundation
import Testing

@testable import RVUDomain

/// An employer's statement against the log. The log, from the starter catalog (99213 1.30,
/// 99214 1.92): 2025-11-03 99213; 2025-11-04 99214 and 99213:25; 2025-11-20 99213 × 2;
/// a no-show on 2025-11-21 (99214, counts nothing). Expected rows worked by hand.
@Suite("Reconciling an employer's statement")
struct ReconcileTests {
  private func store() throws -> RVUStore {
    let store = try RVUStore.inMemory(clock: .on(day("2025-12-31")))
    for (date, specs, noShow) in [
      ("2025-11-03", ["99213"], false), ("2025-11-04", ["99214", "99213:25"], false),
      ("2025-11-20", ["99213x2"], false), ("2025-11-21", ["99214"], true),
    ] {
      _ = try store.addVisit(
        VisitInput(date: day(date), isNoShow: noShow, procedures: specs.map(procedure)),
        userId: "u")
    }
    return store
  }

  private func statement(_ text: String, columns: [String: String] = [:]) throws -> Statement {
    try Statement.parse(Data(text.utf8), fileName: "statement.csv", columns: columns)
  }

  @Test("a planted difference is found: a visit the employer missed, a unit short")
  func plantedDifference() throws {
    // The employer's export: 11/20 credited once instead of twice, 11/03 missing, and a
    // 99215 the user never logged.
    let file = try statement(
      """
      Service Date,CPT,Modifier,Units,wRVU
      2025-11-04,99214,,1,1.92
      2025-11-04,99213,25,1,1.30
      2025-11-20,99213,,1,1.30
      2025-11-24,99215,,1,2.80
      """,
      columns: ["date": "Service Date", "hcpcs": "CPT", "units": "Units", "work_rvu": "wRVU"])
    let result = try store().reconcile(
      file, userId: "u", by: .day,
      period: try DayRange(start: day("2025-11-01"), end: day("2025-11-30")))
    let rows = result.rows.map {
      "\($0.period!) \($0.hcpcs)\($0.modifier.map { "-" + $0 } ?? "") "
        + "\($0.statementUnits)/\($0.loggedUnits) \($0.statementWorkRVU!)/\($0.loggedWorkRVU) "
        + $0.status.rawValue
    }
    #expect(
      rows == [
        "2025-11-03 99213 0/1 0.00/1.30 logged only",
        "2025-11-04 99213 1/1 1.30/1.30 match",
        "2025-11-04 99214 1/1 1.92/1.92 match",
        "2025-11-20 99213 1/2 1.30/2.60 differs",
        "2025-11-24 99215 1/0 2.80/0.00 statement only",
      ])
    // Statement 1.92 + 1.30 + 1.30 + 2.80 = 7.32; logged 1.30 + 1.92 + 1.30 + 2.60 = 7.12 (the
    // no-show counts nothing).
    #expect(result.statementWorkRVU == rvu("7.32") && result.loggedWorkRVU == rvu("7.12"))
    #expect(result.statementUnits == 4 && result.loggedUnits == 5)
    #expect(result.count(.match) == 2 && result.count(.differs) == 1)
  }

  @Test("modifiers that change the credit are matched; 25, RT and the like are not")
  func modifiers() throws {
    let store = try store()
    var reduced = procedure("99213:52")
    reduced.workRVU = rvu("0.65")
    _ = try store.addVisit(
      VisitInput(date: day("2025-11-05"), procedures: [reduced]), userId: "u")
    // The 52 is not on the statement: a different service (by report), named on both sides.
    let file = try statement(
      """
      date,hcpcs,modifier,units
      2025-11-04,99213,,1
      2025-11-04,99214,RT,1
      2025-11-05,99213,,1
      """)
    let rows = try store.reconcile(file, userId: "u", by: .month).rows.map {
      "\($0.hcpcs)\($0.modifier.map { "-" + $0 } ?? "") \($0.statementUnits)/\($0.loggedUnits) "
        + $0.status.rawValue
    }
    // Over the statement's days (Nov 4–5): 99213-25 on the 4th (one service with the plain
    // 99213), 99214 on the 4th, 99213-52 on the 5th.
    #expect(rows == ["99213 2/1 differs", "99213-52 0/1 logged only", "99214 1/1 match"])
  }

  @Test("a blank work RVU where the column is there is refused, not read as 0")
  func blankWorkRVU() throws {
    let error = try #require(throws: TallyError.self) {
      try statement("date,hcpcs,work_rvu\n2025-11-03,99213,\n")
    }
    #expect(error.source?.line == 2 && error.description.contains("work_rvu"))
  }

  @Test("a statement by month, per code: units only, modifiers left out of the match")
  func byMonthPerCode() throws {
    let file = try statement(
      """
      month,hcpcs,units
      Nov 2025,99213,4
      November 2025,99214,1
      """)
    let result = try store().reconcile(file, userId: "u", by: .code)
    #expect(result.range == (try DayRange(start: day("2025-11-01"), end: day("2025-11-30"))))
    // 99213: 1 + 1 (with -25) + 2 = 4 logged; 99214: 1 (the no-show's is not).
    #expect(result.rows.map(\.status) == [.match, .match])
    #expect(result.rows.map(\.loggedUnits) == [4, 1])
    #expect(result.statementWorkRVU == nil && result.rows[0].workRVUDifference == nil)
  }

  @Test("a charge and its reversal match nothing logged")
  func reversal() throws {
    let file = try statement(
      """
      date,hcpcs,units,work_rvu
      2025-11-05,99215,1,2.80
      2025-11-06,99215,-1,-2.80
      """)
    let result = try store().reconcile(file, userId: "u", by: .month)
    #expect(result.rows.count == 1 && result.rows[0].status == .match)
    #expect(result.rows[0].statementUnits == 0)
  }

  @Test("refused whole, naming line, column and value; a column not known, with the closest")
  func refusals() throws {
    let unknown = try #require(throws: TallyError.self) {
      try statement("date,hcpcs,unit\n2025-11-03,99213,1\n")
    }
    #expect(unknown.description.contains("units"))
    let both = try #require(throws: TallyError.self) {
      try statement("date,month,hcpcs\n2025-11-03,2025-11,99213\n")
    }
    #expect(both.description.contains("not both"))
    let neither = try #require(throws: TallyError.self) { try statement("hcpcs\n99213\n") }
    #expect(neither.description.contains("date") && neither.description.contains("month"))
    let bad = try #require(throws: TallyError.self) {
      try statement(
        "date,hcpcs,units,work_rvu\n2025-11-03,99213,one,1.30\n2025-11-31,99213,1,x\n")
    }
    #expect(bad.problemCount == 2)  // one per line: the first bad cell of each
    #expect(bad.description.contains("line 2") && bad.description.contains("\"one\""))
    let month = try statement("month,hcpcs\n2025-11,99213\n")
    let perDay = try #require(throws: TallyError.self) {
      try store().reconcile(month, userId: "u", by: .day)
    }
    #expect(perDay.category == .usage)
    let outside = try #require(throws: TallyError.self) {
      try store().reconcile(
        try statement("date,hcpcs\n2025-10-31,99213\n"), userId: "u", by: .month,
        period: try DayRange(start: day("2025-11-01"), end: day("2025-11-30")))
    }
    #expect(outside.source?.line == 2 && outside.category == .badData)
  }

  @Test("months as billing systems write them")
  func months() {
    for text in ["2025-11", "2025/11", "11/2025", "Nov 2025", "november 2025", "NOV-2025"] {
      #expect(Statement.month(text) == day("2025-11-01"), "\(text)")
    }
    for text in ["2025-13", "Novem 2025", "11/25", "2025", ""] {
      #expect(Statement.month(text) == nil, "\(text)")
    }
  }
}
