import Foundation
import Testing

/// A throwaway database folder for one test.
private struct Scratch {
  let folder = NSTemporaryDirectory() + "tally-rvu-cli-" + UUID().uuidString
  var db: String { folder + "/rvu.sqlite" }

  init() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func rvu(_ arguments: [String], input: String? = nil) throws -> AppRunner.Result {
    try AppRunner.run(
      "rvu-cli", arguments, input: input, environment: ["TALLY_RVU_DB": db, "RVU_USER": "doc"])
  }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

@Suite("rvu-cli end to end")
struct RVUCLITests {
  @Test("visits, analytics and totals through the real parsing and output paths") func analytics()
    throws
  {
    let scratch = try Scratch()
    defer { scratch.remove() }
    for arguments in [
      ["visits", "add", "--date", "2025-12-29", "--procedure", "99213", "--procedure", "G2211"],
      ["visits", "add", "--date", "2025-12-31", "--procedure", "99214x2"],
      ["visits", "add", "--date", "2026-01-01", "--no-show"],
      ["visits", "add", "--date", "2026-01-05", "--procedure", "99213x3", "--time", "09:15"],
    ] {
      #expect(try scratch.rvu(arguments).status == 0)
    }
    let weekly = try scratch.rvu([
      "analytics", "--start", "2025-12-29", "--end", "2026-01-05", "--period", "weekly",
      "--format", "json",
    ])
    #expect(weekly.status == 0)
    #expect(
      weekly.output == """
        [
          {
            "period_start": "2025-12-29",
            "total_work_rvu": 5.47,
            "total_encounters": 2,
            "total_no_shows": 1
          },
          {
            "period_start": "2026-01-05",
            "total_work_rvu": 3.90,
            "total_encounters": 1,
            "total_no_shows": 0
          }
        ]

        """)
    // --last 7 as of 2026-01-05 is 2025-12-30…2026-01-05: visit A (12-29) is outside.
    let csv = try scratch.rvu([
      "analytics", "--last", "7", "--as-of", "2026-01-05", "--period", "monthly", "--group-by",
      "hcpcs", "--format", "csv",
    ])
    #expect(
      csv.output
        == "period_start,hcpcs,description,status_code,total_work_rvu,total_quantity,encounter_count\r\n"
        + "2025-12-01,99214,\"Established patient office visit, moderate complexity\",A,3.84,2,1\r\n"
        + "2026-01-01,99213,\"Established patient office visit, low complexity\",A,3.90,3,1\r\n")
    let table = try scratch.rvu(["analytics", "--this-year", "--as-of", "2026-01-31"])
    #expect(table.output.contains("avg_rvu_per_encounter  3.90"))
    #expect(table.output.contains("█"))
    let totals = try scratch.rvu([
      "analytics", "--start", "2025-12-29", "--end", "2026-01-05", "--totals", "--format", "json",
    ])
    // 1.63 + 3.84 + 3.90 = 9.37 over 3 encounters = 3.1233… → 3.12.
    #expect(totals.output.contains("\"total_work_rvu\": 9.37"))
    #expect(totals.output.contains("\"avg_rvu_per_encounter\": 3.12"))
  }

  @Test("bad input: one line on stderr, a non-zero status, the database unchanged") func badInput()
    throws
  {
    let scratch = try Scratch()
    defer { scratch.remove() }
    _ = try scratch.rvu(["visits", "add", "--date", "2026-02-08", "--procedure", "99213"])
    _ = try scratch.rvu(["favorites", "add", "99213"])
    _ = try scratch.rvu(["favorites", "add", "99214"])
    let before = try scratch.rvu(["visits", "list", "--format", "json"]).output
    let cases: [([String], Int32, String)] = [
      (["visits", "add", "--date", "2026-02-30", "--procedure", "99213"], 64, "2026-02-30"),
      (
        ["visits", "add", "--date", "2026-02-08", "--time", "25:00", "--procedure", "99213"], 64,
        "25:00"
      ),
      (["visits", "add", "--date", "2026-02-08", "--procedure", "99213x0"], 64, "99213x0"),
      (["visits", "add", "--date", "2026-02-08", "--procedure", "99213x1001"], 64, "99213x1001"),
      (["visits", "add", "--date", "2026-02-08", "--procedure", "99213xx"], 64, "99213xx"),
      (["visits", "add", "--date", "2026-02-08", "--procedure", "ABCDE"], 66, "ABCDE"),
      (["visits", "show", "42"], 66, "42"),
      (["visits", "delete", "42"], 66, "42"),
      (["favorites", "reorder", "99213"], 64, "missing 99214"),
      (["codes", "search", " "], 64, "expected a code, a code prefix or description words"),
      (
        ["settings", "set", "--dollars-per-rvu", "-1"], 64,
        "--dollars-per-rvu \"-1\" is not valid: expected 0.00 to 10000.00"
      ),
      (["favorites", "reorder", "99213", "99214", "99215"], 64, "not favorites 99215"),
      (["favorites", "reorder", "99213", "99213", "99214"], 64, "repeated 99213"),
      (["favorites", "remove", "99215"], 66, "99215"),
      (["analytics", "--start", "2026-02-10", "--end", "2026-02-01"], 64, "2026-02-10"),
      (["analytics", "--period", "hourly"], 64, "hourly"),
      (["codes", "import", scratch.folder + "/missing.csv"], 66, "missing.csv"),
      (["visits", "list", "--db", scratch.folder + "/nope/rvu.sqlite"], 66, "/nope"),
    ]
    for (arguments, status, named) in cases {
      let result = try scratch.rvu(arguments)
      #expect(result.status == status, "\(arguments)")
      #expect(result.error.contains(named), "\(arguments): \(result.error)")
      #expect(result.error.filter { $0 == "\n" }.count == 1, "\(arguments)")
      #expect(result.output.isEmpty, "\(arguments)")
    }
    #expect(try scratch.rvu(["visits", "list", "--format", "json"]).output == before)
    let favorites = try scratch.rvu(["favorites", "list", "--format", "csv"]).output
    #expect(favorites.contains("99213,0"))
    #expect(favorites.contains("99214,1"))
    #expect(!FileManager.default.fileExists(atPath: scratch.folder + "/nope"))
  }

  @Test("a visits file with one bad element among many is refused whole") func importAllOrNothing()
    throws
  {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = scratch.folder + "/visits.json"
    let body = """
      [{"date": "2026-02-07", "procedures": [{"hcpcs": "99213"}]},
       {"date": "2026-02-08", "procedures": [{"hcpcs": "99213", "quantity": 0}]},
       {"date": "2026-02-09", "procedures": [{"hcpcs": "99214"}]}]
      """
    try Data(body.utf8).write(to: URL(fileURLWithPath: path))
    let result = try scratch.rvu(["visits", "import", path])
    #expect(result.status == 65)
    #expect(
      result.error
        == "rvu-cli: visits.json element 2: procedures[0].quantity \"0\" is not valid: expected a whole quantity from 1 to 1000\n"
    )
    #expect(try scratch.rvu(["visits", "list", "--format", "csv"]).output == emptyVisitsCSV)
  }

  @Test("search rows carry the seed's keys; hostile queries are safe") func search() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    _ = try scratch.rvu(["favorites", "add", "G2211"])
    let result = try scratch.rvu(["codes", "search", "g2211", "--format", "json"])
    #expect(
      result.output == """
        [
          {
            "hcpcs": "G2211",
            "modifier": null,
            "description": "Visit complexity add-on for longitudinal care",
            "status_code": "A",
            "work_rvu": 0.33,
            "is_favorite": true
          }
        ]

        """)
    for query in ["\"", "AND (", "*", "-", "NEAR"] {
      let hostile = try scratch.rvu(["codes", "search", query, "--format", "json"])
      #expect(hostile.status == 0, "\(query)")
    }
    // Nothing to search for is a slip on the command line (the API answers it with no rows).
    #expect(try scratch.rvu(["codes", "search", "", "--format", "json"]).status == 64)
  }

  @Test("users never see each other's data") func users() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    _ = try scratch.rvu([
      "visits", "add", "--date", "2026-02-08", "--procedure", "99213", "--user", "alice",
    ])
    #expect(try scratch.rvu(["visits", "list", "--user", "bob"]).output == "(no rows)\n")
    #expect(try scratch.rvu(["visits", "show", "1", "--user", "bob"]).status == 66)
    #expect(try scratch.rvu(["visits", "show", "1", "--user", "alice"]).status == 0)
    #expect(
      try scratch.rvu([
        "visits", "add", "--date", "2026-02-08", "--procedure", "99213", "--user", "",
      ]).status == 64)
  }

  @Test(
    "every command has help with an example",
    arguments: [
      ["codes", "import"], ["codes", "search"], ["codes", "show"], ["codes", "versions"],
      ["visits", "add"], ["visits", "list"], ["visits", "show"], ["visits", "update"],
      ["visits", "delete"], ["visits", "import"], ["favorites", "list"], ["favorites", "add"],
      ["favorites", "remove"], ["favorites", "reorder"], ["analytics"], ["settings", "show"],
      ["settings", "set"], ["goal"],
    ])
  func help(command: [String]) throws {
    let result = try AppRunner.run("rvu-cli", command + ["--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("Example"))
    #expect(result.output.contains("rvu-cli " + command.joined(separator: " ")))
  }
}
