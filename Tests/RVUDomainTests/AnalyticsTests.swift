import AnalyticsCore
import GRDB
import Testing

@testable import RVUDomain

/// The hand-worked data set (starter catalog values):
/// - A 2025-12-29 Mon: 99213 (1.30) + G2211 (0.33)            = 1.63
/// - B 2025-12-31 Wed: 99214 × 2 (1.92 × 2)                    = 3.84
/// - C 2026-01-01 Thu: no-show (99213 listed, never counted)
/// - D 2026-01-05 Mon: 99213 × 3 (1.30 × 3)                    = 3.90
/// - E 2026-02-01 Sun: 99215 (2.80)                            = 2.80
/// - another user's visit on 2025-12-29 that must never count.
/// Totals: 1.63 + 3.84 + 3.90 + 2.80 = 12.17 RVU, 4 encounters, 1 no-show, 12.17 / 4 = 3.0425 → 3.04.
func fixture() throws -> RVUStore {
  let store = try RVUStore.inMemory()
  let visits: [(String, Bool, [String])] = [
    ("2025-12-29", false, ["99213", "G2211"]), ("2025-12-31", false, ["99214x2"]),
    ("2026-01-01", true, ["99213"]), ("2026-01-05", false, ["99213x3"]),
    ("2026-02-01", false, ["99215"]),
  ]
  for (date, noShow, codes) in visits {
    _ = try store.addVisit(
      VisitInput(date: day(date), isNoShow: noShow, procedures: codes.map(procedure)), userId: "doc"
    )
  }
  _ = try store.addVisit(
    VisitInput(date: day("2025-12-29"), procedures: [procedure("99291x2")]), userId: "other")
  return store
}

private let whole = try! DayRange(start: day("2025-12-29"), end: day("2026-02-01"))

private func summary(_ report: RVUAnalyticsReport) -> [String] {
  report.summary.map {
    "\($0.periodStart) \($0.totalWorkRVU) \($0.totalEncounters) \($0.totalNoShows)"
  }
}

@Suite("RVU analytics")
struct AnalyticsTests {
  @Test(
    "summary rows for every period",
    arguments: [
      (
        Period.day, Weekday.monday,
        [
          "2025-12-29 1.63 1 0", "2025-12-31 3.84 1 0", "2026-01-01 0.00 0 1",
          "2026-01-05 3.90 1 0",
          "2026-02-01 2.80 1 0",
        ]
      ),
      // ISO weeks across the year end: 2025-12-29 starts 2026-W01.
      (.week, .monday, ["2025-12-29 5.47 2 1", "2026-01-05 3.90 1 0", "2026-01-26 2.80 1 0"]),
      (.week, .sunday, ["2025-12-28 5.47 2 1", "2026-01-04 3.90 1 0", "2026-02-01 2.80 1 0"]),
      (.month, .monday, ["2025-12-01 5.47 2 0", "2026-01-01 3.90 1 1", "2026-02-01 2.80 1 0"]),
      (.year, .monday, ["2025-01-01 5.47 2 0", "2026-01-01 6.70 2 1"]),
    ])
  func periods(period: Period, weekStart: Weekday, expected: [String]) throws {
    let report = try fixture().analytics(
      RVUAnalyticsQuery(userId: "doc", range: whole, period: period, weekStart: weekStart))
    #expect(summary(report) == expected)
    #expect(report.totals.totalWorkRVU == rvu("12.17"))
    #expect(report.totals.totalEncounters == 4)
    #expect(report.totals.totalNoShows == 1)
    #expect(report.totals.averageRVUPerEncounter == rvu("3.04"))
  }

  @Test("per-code breakdown: no-shows excluded, quantities counted, sorted by RVU") func byCode()
    throws
  {
    let report = try fixture().analytics(
      RVUAnalyticsQuery(userId: "doc", range: whole, period: .month, groupByCode: true))
    let rows = report.codes.map {
      "\($0.periodStart) \($0.hcpcs) \($0.totalWorkRVU) \($0.totalQuantity) \($0.encounterCount) \($0.statusCode)"
    }
    #expect(
      rows == [
        "2025-12-01 99214 3.84 2 1 A", "2025-12-01 99213 1.30 1 1 A", "2025-12-01 G2211 0.33 1 1 A",
        "2026-01-01 99213 3.90 3 1 A", "2026-02-01 99215 2.80 1 1 A",
      ])
    #expect(report.codes[0].description == "Established patient office visit, moderate complexity")
  }

  @Test("encounter_count counts distinct visits") func distinctVisits() throws {
    let store = try RVUStore.inMemory()
    for _ in 0..<2 {
      _ = try store.addVisit(
        VisitInput(
          date: day("2026-02-08"), procedures: [procedure("99213"), procedure("99213:25")]),
        userId: "u")
    }
    let report = try store.analytics(
      RVUAnalyticsQuery(userId: "u", range: DayRange(day: day("2026-02-08")), groupByCode: true))
    #expect(report.codes.count == 1)
    #expect(report.codes[0].encounterCount == 2)
    #expect(report.codes[0].totalQuantity == 4)
    #expect(report.codes[0].totalWorkRVU == rvu("5.20"))
  }

  @Test("only periods with visits appear unless filled") func fill() throws {
    let range = try DayRange(start: day("2025-12-29"), end: day("2026-01-05"))
    let store = try fixture()
    #expect(try store.analytics(RVUAnalyticsQuery(userId: "doc", range: range)).summary.count == 4)
    let filled = try store.analytics(
      RVUAnalyticsQuery(userId: "doc", range: range, fillEmptyPeriods: true))
    #expect(filled.summary.count == 8)
    #expect(summary(filled)[1] == "2025-12-30 0.00 0 0")
  }

  @Test("the range bounds are inclusive; outside days never count") func bounds() throws {
    let report = try fixture().analytics(
      RVUAnalyticsQuery(
        userId: "doc", range: try DayRange(start: day("2025-12-30"), end: day("2026-01-05")),
        period: .week))
    #expect(summary(report) == ["2025-12-29 3.84 1 1", "2026-01-05 3.90 1 0"])
    #expect(report.totals.averageRVUPerEncounter == rvu("3.87"))  // 7.74 / 2
  }

  @Test("no encounters: average 0") func empty() throws {
    let report = try RVUStore.inMemory().analytics(
      RVUAnalyticsQuery(userId: "doc", range: whole))
    #expect(report.summary.isEmpty)
    #expect(report.totals.averageRVUPerEncounter == .zero)
  }
}

@Suite("Daily totals stay equal to the visits")
struct DailyTotalsTests {
  /// Analytics computed straight from the visit and procedure rows, as an independent check.
  private func scanned(_ store: RVUStore, user: String) throws -> [String] {
    try store.writer.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT v.date || ' ' || printf('%.2f',
                   SUM(CASE WHEN v.is_no_show = 0 THEN p.work_rvu * p.quantity ELSE 0 END) / 100.0)
          FROM visit v LEFT JOIN procedure p ON p.visit_id = v.id
          WHERE v.user_id = ? GROUP BY v.date ORDER BY v.date
          """, arguments: [user])
    }
  }

  private func fromTotals(_ store: RVUStore, user: String) throws -> [String] {
    try store.analytics(
      RVUAnalyticsQuery(
        userId: user, range: try DayRange(start: day("2025-01-01"), end: day("2026-12-31")))
    ).summary.map { "\($0.periodStart) \($0.totalWorkRVU)" }
  }

  /// Both totals tables, as stored and as recounted from the visit and procedure rows by the
  /// first migration's own SQL (the definition of the tables).
  private func storedAndRecounted(_ store: RVUStore) throws -> (stored: [Row], recounted: [Row]) {
    try store.writer.read { db in
      let stored =
        try Row.fetchAll(db, sql: "SELECT * FROM visit_day ORDER BY user_id, date")
        + Row.fetchAll(db, sql: "SELECT * FROM procedure_day ORDER BY user_id, date, hcpcs")
      let recounted =
        try Row.fetchAll(
          db,
          sql: """
            SELECT user_id, date, SUM(CASE WHEN is_no_show = 0 THEN total_work_rvu ELSE 0 END),
                   SUM(is_no_show = 0), SUM(is_no_show)
            FROM visit GROUP BY user_id, date ORDER BY user_id, date
            """)
        + Row.fetchAll(
          db,
          sql: """
            SELECT user_id, date, hcpcs, SUM(work_rvu * quantity), SUM(quantity),
                   COUNT(DISTINCT visit_id), MAX(visit_id), description, status_code
            FROM procedure WHERE is_no_show = 0 GROUP BY user_id, date, hcpcs
            ORDER BY user_id, date, hcpcs
            """)
      return (stored, recounted)
    }
  }

  /// Visits added one at a time go in as deltas (many on one day, repeated codes, no-shows,
  /// quantities), and the tables still equal a recount after each.
  @Test func singleAddsEqualARecount() throws {
    let store = try RVUStore.inMemory()
    let visits: [(String, Bool, [String])] = [
      ("2026-01-05", false, ["99213", "G2211"]), ("2026-01-05", false, ["99213x2", "99213"]),
      ("2026-01-05", true, ["99214"]), ("2026-01-06", false, ["99215x3"]),
      ("2026-01-05", false, ["99214"]), ("2026-01-05", true, []),
    ]
    for (date, noShow, codes) in visits {
      _ = try store.addVisit(
        VisitInput(date: day(date), isNoShow: noShow, procedures: codes.map(procedure)),
        userId: "doc")
      let (stored, recounted) = try storedAndRecounted(store)
      #expect(stored.map { Array($0.databaseValues) } == recounted.map { Array($0.databaseValues) })
    }
    // 2026-01-05 by hand: 99213 in two visits (1 + 2 + 1 = 4 units), 99214 once (the no-show's
    // does not count), G2211 once; 2 no-shows.
    let codes = try store.analytics(
      RVUAnalyticsQuery(userId: "doc", range: DayRange(day: day("2026-01-05")), groupByCode: true)
    ).codes
    #expect(codes.map(\.hcpcs) == ["99213", "99214", "G2211"])
    #expect(codes.map(\.totalQuantity) == [4, 1, 1])
  }

  @Test("after adds, updates (moving days), deletes and imports") func consistency() throws {
    let store = try fixture()
    #expect(try fromTotals(store, user: "doc") == scanned(store, user: "doc"))
    let moved = try store.visits(userId: "doc")[1].visit.id!
    _ = try store.updateVisit(
      id: moved, with: VisitInput(date: day("2026-01-05"), procedures: [procedure("99215")]),
      userId: "doc")
    #expect(try fromTotals(store, user: "doc") == scanned(store, user: "doc"))
    try store.deleteVisit(id: store.visits(userId: "doc")[0].visit.id!, userId: "doc")
    #expect(try fromTotals(store, user: "doc") == scanned(store, user: "doc"))
    _ = try store.importVisits(
      [
        VisitImportFile.Record(
          source: .init("a"),
          input: VisitInput(date: day("2026-01-05"), procedures: [procedure("99213x2")]))
      ],
      userId: "doc")
    #expect(try fromTotals(store, user: "doc") == scanned(store, user: "doc"))
    // The days of a moved visit: 2025-12-31 lost its only visit and has no row at all.
    #expect(try !fromTotals(store, user: "doc").contains { $0.hasPrefix("2025-12-31") })
    // Changing the description of the code's latest visit changes the breakdown's label.
    let report = try store.analytics(
      RVUAnalyticsQuery(userId: "doc", range: DayRange(day: day("2026-01-05")), groupByCode: true))
    #expect(report.codes.map(\.hcpcs) == ["99213", "99215"])
    #expect(report.codes[0].totalQuantity == 5)
  }
}
