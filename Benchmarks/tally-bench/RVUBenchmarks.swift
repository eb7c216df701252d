import AnalyticsCore
import Foundation
import RVUDomain
import Storage

/// RVUDomain cases: catalog import, search over the full catalog, analytics at scale.
enum RVUBenchmarks {
  static let searchQueries = [
    ("code", ["99213", "G2211", "71045", "20610", "99291", "J1100", "36415", "93000"]),
    ("prefix", ["992", "G22", "7104", "206", "J1", "9300", "1110", "A4"]),
    (
      "words",
      [
        "office est", "knee arthro", "ct abdomen", "mri brain", "biopsy skin", "injection joint",
        "critical care", "hospital discharge",
      ]
    ),
  ]

  static func cases(sharedData: String, scratch: String) throws -> [BenchmarkCase] {
    let (path, source) = try catalogFile(sharedData: sharedData, scratch: scratch)
    let catalogPath = scratch + "/rvu-catalog.sqlite"
    let catalogStore = try RVUStore.open(.file(catalogPath))
    /// What `rvu-cli codes import FILE` does: the file's bytes, parsed, imported as the version
    /// its title names.
    func importFromFile() throws -> Int {
      let parsed = try RelativeValueFile(
        data: try Data(contentsOf: URL(fileURLWithPath: path)), fileName: source)
      _ = try catalogStore.importCatalog(parsed, year: nil, source: source)
      return parsed.codes.count
    }
    let rowCount = try importFromFile()

    var cases: [BenchmarkCase] = [
      BenchmarkCase(
        name: "rvu.catalog-import", size: "\(rowCount) rows from the file (\(source))",
        target: "≤ 1500 ms", runs: 5
      ) { _ = try importFromFile() }
    ]
    for (kind, queries) in searchQueries {
      var next = 0
      cases.append(
        BenchmarkCase(
          name: "rvu.search-\(kind)", size: "\(queries.count) queries, \(rowCount) rows",
          target: "p95 ≤ 2 ms", runs: 400
        ) {
          _ = try catalogStore.searchCodes(queries[next % queries.count], userId: "bench")
          next += 1
        })
    }

    let analyticsStore = try RVUStore.open(.file(scratch + "/rvu-analytics.sqlite"))
    let generated = try populate(analyticsStore)
    let year = try DayRange(
      start: LocalDate(parsing: "2025-01-01"), end: LocalDate(parsing: "2025-12-31"))
    cases.append(
      BenchmarkCase(
        name: "rvu.analytics-daily", size: generated, target: "≤ 30 ms", runs: 20
      ) {
        _ = try analyticsStore.analytics(RVUAnalyticsQuery(userId: "user-0", range: year))
      })
    cases.append(
      BenchmarkCase(
        name: "rvu.analytics-daily-by-code", size: generated, target: "≤ 100 ms", runs: 20
      ) {
        _ = try analyticsStore.analytics(
          RVUAnalyticsQuery(userId: "user-0", range: year, groupByCode: true))
      })
    cases += processCases(
      catalogPath: catalogPath, analyticsPath: scratch + "/rvu-analytics.sqlite", size: generated)
    return cases
  }

  /// Queries as the user waits for them: `rvu-cli` run as a whole process (start-up, opening
  /// the database, the query, printing). Left out, saying so, when `rvu-cli` was not built
  /// beside this binary (`scripts/build-release` builds both).
  static func processCases(catalogPath: String, analyticsPath: String, size: String)
    -> [BenchmarkCase]
  {
    guard let cli = WholeProcess.sibling("rvu-cli") else { return [] }
    func run(_ arguments: [String]) throws { try WholeProcess.run(cli, arguments) }
    return [
      BenchmarkCase(
        name: "rvu.process-search", size: "codes search \"office est\", whole catalog",
        target: "", runs: 30
      ) {
        try run(["codes", "search", "office est", "--db", catalogPath, "--format", "json"])
      },
      BenchmarkCase(
        name: "rvu.process-analytics", size: "analytics over 2025, " + size, target: "", runs: 30
      ) {
        try run([
          "analytics", "--user", "user-0", "--start", "2025-01-01", "--end", "2025-12-31",
          "--period", "monthly", "--db", analyticsPath, "--as-of", "2025-12-31", "--format",
          "json",
        ])
      },
    ]
  }

  /// The real PPRRVU file when `../shared/data` has it, else a generated one of the same size
  /// written to `scratch`: either way, a file.
  static func catalogFile(sharedData: String, scratch: String) throws -> (String, String) {
    let path = sharedData + "/cms/PPRRVU2025_Oct.csv"
    if FileManager.default.fileExists(atPath: path) { return (path, "PPRRVU2025_Oct.csv") }
    let generated = scratch + "/PPRRVU-generated.csv"
    try generatedCatalog().write(to: URL(fileURLWithPath: generated))
    return (generated, "generated PPRRVU")
  }

  /// A PPRRVU file of the real one's size and layout, with made-up descriptions and RVUs.
  static func generatedCatalog() -> Data {
    var generator = SeededGenerator(seed: 7)
    var text = ",,2025 National Physician Fee Schedule Relative Value File (generated),,\n"
    text +=
      ",,,STATUS,MEDICARE ,WORK,NON-FAC,NA,FACILITY,NA,MP,NON-FACILITY,FACILITY,PCTC,GLOB,PRE,"
      + "INTRA,POST,MULT,BILAT,ASST,CO-,TEAM,ENDO,CONV,DIAGNOSTIC,CALCULATION,FAMILY,PAYMENT,"
      + "PAYMENT,PAYMENT\n"
    text +=
      "HCPCS,MOD,DESCRIPTION,CODE,PAYMENT,RVU,PE RVU,INDICATOR,PE RVU,INDICATOR,RVU,TOTAL,"
      + "TOTAL,IND,DAYS,OP,OP,OP,PROC,SURG,SURG,SURG,SURG,BASE,FACTOR,PROCEDURES,FLAG,INDICATOR,"
      + "AMOUNT,AMOUNT,AMOUNT\n"
    let words = [
      "office", "visit", "knee", "arthroscopy", "ct", "abdomen", "mri", "brain",
      "biopsy", "skin", "injection", "joint", "critical", "care", "hospital", "discharge",
      "repair", "wound", "removal", "lesion",
    ]
    for index in 0..<19_090 {
      let code = String(format: "%05d", 10_000 + index)
      let description = (0..<4).map { _ in words.randomElement(using: &generator)! }.joined(
        separator: " ")
      let work = String(format: "%.2f", Double.random(in: 0...10, using: &generator))
      text +=
        "\(code),,\(description),A,,\(work),1.00,,0.50,,0.10,2.00,1.50,0,XXX,0.00,0.00,0.00,"
        + "0,0,0,0,0,,32.3465,09,0,99,0.00,0.00,0.00\n"
    }
    return Data(text.utf8)
  }

  /// Ten users; user-0 has 100,000 visits and 250,000 procedures over 2025, the others 10,000
  /// visits each. Returns a description of the data.
  static func populate(_ store: RVUStore) throws -> String {
    var generator = SeededGenerator(seed: 42)
    let codes = [
      "99211", "99212", "99213", "99214", "99215", "G2211", "99232", "99233", "93000",
      "96372", "20610", "11102", "12001", "69210", "99291", "99285",
    ]
    let january1 = try LocalDate(parsing: "2025-01-01")
    var procedureCount = 0
    for user in 0..<10 {
      let visits = user == 0 ? 100_000 : 10_000
      var records: [VisitImportFile.Record] = []
      records.reserveCapacity(visits)
      for index in 0..<visits {
        // user-0: 2.5 procedures per visit on average (1 to 4, half of them 2 or 3).
        let count = user == 0 ? [1, 2, 3, 4][index % 4] : 1 + index % 2
        let procedures = try (0..<count).map { _ in
          try ProcedureInput(
            hcpcs: codes.randomElement(using: &generator)!,
            quantity: Int.random(in: 0..<10, using: &generator) == 0 ? 2 : 1)
        }
        if user == 0 { procedureCount += count }
        records.append(
          VisitImportFile.Record(
            source: .init("generated", line: index + 1),
            input: VisitInput(
              date: january1.adding(days: Int.random(in: 0..<365, using: &generator)),
              isNoShow: Int.random(in: 0..<25, using: &generator) == 0, procedures: procedures)))
      }
      _ = try store.importVisits(records, userId: "user-\(user)")
    }
    return "user-0: 100000 visits/\(procedureCount) procedures; 10 users"
  }
}
