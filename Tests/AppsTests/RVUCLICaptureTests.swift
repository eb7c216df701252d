import AnalyticsCore
import CLIKit
import Foundation
import Testing

@testable import rvu_cli

/// rvu-cli commands run in-process (`CommandRunner.capture`), each against its own database.
@Suite("rvu-cli in-process")
struct RVUCLICaptureTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-capture-" + UUID().uuidString

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/rvu.sqlite"])
  }

  private func write(_ text: String, to name: String) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("a payment estimate of a year without its own release says which release priced it")
  func paymentWithAnEarlierRelease() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Only the starter catalog (2025) is there; one visit in 2025, one in 2026.
    for day in ["2025-12-30", "2026-01-05"] {
      #expect(
        try rvu(["visits", "add", "--date", day, "--procedure", "99213", "--as-of", "2026-01-31"])
          .status == 0)
    }
    let result = try rvu([
      "analytics", "--start", "2025-12-01", "--end", "2026-01-31", "--period", "month",
      "--payment", "--format", "json", "--as-of", "2026-01-31",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.error
        == "rvu-cli: note: visits of 2026 are priced with the release of 2025-01-01: import that "
        + "year's CMS file for its values\n")
  }

  @Test("a CSV import with a negative work RVU: exit 65 naming line and column, nothing saved")
  func negativeWorkRVUImport() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(
      """
      visit,date,hcpcs,work_rvu
      a,2026-02-08,99213,
      b,2026-02-09,12345,-5.00
      """, to: "visits.csv")
    let result = try rvu(["visits", "import", path])
    #expect(result.status == 65)
    #expect(
      result.error
        == "rvu-cli: visits.csv line 3: work_rvu \"-5.00\" is not valid: expected a work RVU of 0 or more\n"
    )
    #expect(result.output.isEmpty)
    #expect(try rvu(["visits", "list", "--format", "csv"]).output == emptyVisitsCSV)
    // Analytics still total nothing: the -5.00 never reached a daily total.
    let totals = try rvu([
      "analytics", "--start", "2026-02-01", "--end", "2026-02-28", "--totals", "--format", "json",
    ])
    #expect(totals.output.contains("\"total_work_rvu\": 0.00"))
  }

  @Test(
    "domain refusals get the app's hint; the domain's own words name no flag",
    arguments: [
      (
        ["codes", "show", "99213", "--catalog-year", "2019"], Int32(66),
        "see 'rvu-cli codes versions'"
      ),
      (
        ["visits", "add", "--date", "2026-02-08", "--procedure", "12345"], 66,
        "give its work RVU with --work-rvu CODE=VALUE"
      ),
      (["codes", "search", "office", "--limit", "0"], 64, "limit \"0\" is not valid"),
      (
        ["visits", "add", "--date", "2026-02-08", "--procedure", "12345", "--work-rvu=-1"], 64,
        "-1"
      ),
      (
        ["visits", "add", "--date", "2026-02-08", "--procedure", "99213", "--work-rvu", "G2211=1"],
        64, "CODE one of 99213"
      ),
      (["analytics", "--last", "0"], 64, "--last \"0\" is not valid: expected a number of days"),
      (["report", "--last", "0", "--output", "/dev/null"], 64, "--last \"0\" is not valid"),
    ])
  func hints(arguments: [String], status: Int32, named: String) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try rvu(arguments)
    #expect(result.status == status, "\(arguments)")
    #expect(result.error.contains(named), "\(arguments): \(result.error)")
    #expect(result.error.filter { $0 == "\n" }.count == 1)
    #expect(result.output.isEmpty)
  }

  @Test("--work-rvu gives an unknown code its value through the domain") func workRVU() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try rvu([
      "visits", "add", "--date", "2026-02-08", "--procedure", "12345x2", "--work-rvu",
      "12345=2.25", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.error)")
    // 2 × 2.25 = 4.50.
    #expect(result.output.contains("\"total_work_rvu\": 4.50"))
  }
}

@Suite("rvu-cli visits update")
struct RVUCLIUpdateTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-update-" + UUID().uuidString

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/rvu.sqlite"])
  }

  @Test("--notes alone keeps the time and procedures; nothing given is a usage error")
  func notesOnly() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try rvu([
      "visits", "add", "--date", "2026-02-08", "--time", "14:30", "--procedure", "99214",
      "--procedure", "G2211",
    ])
    let result = try rvu(["visits", "update", "1", "--notes", "left knee", "--format", "csv"])
    #expect(result.status == 0, "\(result.error)")
    let row = result.output.split(separator: "\r\n").last.map(String.init) ?? ""
    #expect(row.hasPrefix("1,local,2026-02-08,14:30:00,left knee,false,2.25,99214 G2211,"))
    let nothing = try rvu(["visits", "update", "1"])
    #expect(nothing.status == 64)
    #expect(nothing.error.contains("nothing to change"))
  }
}

@Suite("rvu-cli visits import twice")
struct RVUCLIReimportTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-reimport-" + UUID().uuidString

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/rvu.sqlite"])
  }

  @Test("the second run reports every visit as already present") func twice() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/visits.json"
    try Data(
      #"[{"date": "2026-02-08", "procedures": [{"hcpcs": "99213"}]}, {"date": "2026-02-09", "is_no_show": true}]"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    #expect(
      try rvu(["visits", "import", path]).output
        == "Imported 2 new visits, 0 already present.\n")
    #expect(
      try rvu(["visits", "import", path]).output
        == "Imported 0 new visits, 2 already present.\n")
    let forced = try rvu(["visits", "import", path, "--allow-duplicates", "--format", "json"])
    #expect(forced.output.contains("\"imported\": 2"))
    #expect(forced.output.contains("\"already_present\": 0"))
  }
}

@Suite("rvu-cli days as people type them")
struct RVUCLIDayTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-days-" + UUID().uuidString

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/rvu.sqlite"])
  }

  /// As of Wednesday 2026-02-11 (checked with Python's `date.strftime('%A')`): today is 02-11,
  /// yesterday 02-10, `mon` the Monday 02-09, `sun` the Sunday 02-08.
  @Test(
    "visits add: no --date is the as-of day; today, yesterday, weekday names",
    arguments: [
      ([String](), "2026-02-11"), (["--date", "today"], "2026-02-11"),
      (["--date", "yesterday"], "2026-02-10"), (["--date", "mon"], "2026-02-09"),
      (["--date", "Sunday"], "2026-02-08"), (["--date", "wed"], "2026-02-11"),
    ])
  func add(options: [String], expected: String) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try rvu(
      ["visits", "add", "--procedure", "99213", "--as-of", "2026-02-11", "--format", "json"]
        + options)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("\"date\": \"\(expected)\""), "\(result.output)")
  }

  @Test("list, update and analytics take the same forms; 2/8/2026 shows both readings")
  func otherOptions() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for day in ["2026-02-06", "2026-02-09", "2026-02-10"] {
      _ = try rvu(["visits", "add", "--date", day, "--procedure", "99213"])
    }
    // mon…today as of 2026-02-11 is 02-09…02-11: two visits.
    let list = try rvu([
      "visits", "list", "--start", "mon", "--end", "today", "--as-of", "2026-02-11", "--format",
      "csv",
    ])
    #expect(list.output.split(separator: "\r\n").count == 3)  // header + 2 rows
    let moved = try rvu([
      "visits", "update", "1", "--date", "yesterday", "--as-of", "2026-02-11", "--format", "json",
    ])
    #expect(moved.output.contains("\"date\": \"2026-02-10\""))
    // 02-10 now holds two visits of 1.30: 2.60; the week from mon holds all three: 3.90.
    let week = try rvu([
      "analytics", "--start", "mon", "--as-of", "2026-02-11", "--totals", "--format", "json",
    ])
    #expect(week.output.contains("\"total_work_rvu\": 3.90"))
    let ambiguous = try rvu(["visits", "add", "--date", "2/8/2026", "--procedure", "99213"])
    #expect(ambiguous.status == 64)
    #expect(ambiguous.error.contains("2026-02-08") && ambiguous.error.contains("2026-08-02"))
  }
}

@Suite("rvu-cli settings and goal")
struct RVUCLIGoalTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-goal-" + UUID().uuidString

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/rvu.sqlite"])
  }

  @Test("settings set, settings show, goal") func goal() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let set = try rvu([
      "settings", "set", "--dollars-per-rvu", "52.50", "--annual-target", "6000", "--format",
      "json",
    ])
    #expect(set.status == 0, "\(set.error)")
    #expect(
      try rvu(["settings", "show", "--format", "json"]).output == """
        {
          "user_id": "local",
          "dollars_per_rvu": 52.50,
          "annual_target": 6000.00,
          "bonus_rate": null,
          "bonus_threshold": null,
          "setting": "non-facility",
          "target_start": null,
          "target_end": null,
          "bonus_per_rvu": null,
          "reminder_enabled": false,
          "credit": "adjusted",
          "gpci_work": null,
          "gpci_pe": null,
          "gpci_mp": null
        }

        """)
    _ = try rvu(["visits", "add", "--date", "2026-01-05", "--procedure", "99213x3"])
    let goal = try rvu(["goal", "--as-of", "2026-01-31", "--format", "json"])
    // 3.90 to date; paced from the first visit (Jan 5): 6000 × 20 ÷ 259 = 463.32 expected;
    // 3.90 × 52.50 = 204.75 dollars.
    #expect(goal.output.contains("\"work_rvu_to_date\": 3.90"))
    #expect(goal.output.contains("\"expected_to_date\": 463.32"))
    #expect(goal.output.contains("\"paced_from\": \"2026-01-05\""))
    #expect(goal.output.contains("\"dollars_to_date\": 204.75"))
    #expect(goal.output.contains("\"bonus_to_date\": null"))
    let bad = try rvu(["settings", "set", "--bonus-rate", "2"])
    #expect(bad.status == 64)
    #expect(bad.error == "rvu-cli: --bonus-rate \"2\" is not valid: expected 0.00 to 1.00\n")
  }
}

@Suite("rvu-cli analytics --compare previous")
struct RVUCLICompareTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-compare-" + UUID().uuidString

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/rvu.sqlite"])
  }

  @Test("JSON carries previous and change_percent; a zero previous gives null") func compare()
    throws
  {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try rvu(["visits", "add", "--date", "2026-02-03", "--procedure", "99213"])
    _ = try rvu(["visits", "add", "--date", "2026-02-09", "--procedure", "99214"])
    let result = try rvu([
      "analytics", "--start", "2026-02-08", "--end", "2026-02-14", "--compare", "previous",
      "--format", "json",
    ])
    #expect(result.status == 0, "\(result.error)")
    // (1.92 − 1.30) ÷ 1.30 × 100 = 47.692…% → 47.69; encounters 1 → 1: 0.00; no-shows 0 → 0: null.
    #expect(result.output.contains("\"start\": \"2026-02-01\""))
    #expect(result.output.contains("\"total_work_rvu\": 47.69"))
    #expect(result.output.contains("\"total_encounters\": 0.00"))
    #expect(result.output.contains("\"total_no_shows\": null"))
  }
}

@Suite("rvu-cli payment estimates")
struct RVUCLIPaymentTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-payment-" + UUID().uuidString

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/rvu.sqlite"])
  }

  @Test("visits show and analytics --payment") func payment() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try rvu(["visits", "add", "--date", "2026-02-09", "--procedure", "99213"])
    // (1.30 + 1.35 + 0.10) × 32.3465 = 88.952875 → 88.95.
    let show = try rvu(["visits", "show", "1", "--format", "json"])
    #expect(show.output.contains("\"medicare_payment_estimate\": 88.95"))
    let analytics = try rvu([
      "analytics", "--start", "2026-02-09", "--end", "2026-02-09", "--payment", "--totals",
      "--format", "json",
    ])
    #expect(analytics.status == 0, "\(analytics.error)")
    #expect(
      analytics.output.components(separatedBy: "\"medicare_payment_estimate\": 88.95").count == 3)
  }
}
