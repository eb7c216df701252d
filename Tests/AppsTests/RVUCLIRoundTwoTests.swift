import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import Testing

@testable import rvu_cli

/// `visits list --format csv` with no visits: the header alone (CRLF, as every Tally CSV).
let emptyVisitsCSV =
  "id,user_id,date,time,notes,is_no_show,total_work_rvu,procedures,created_at,updated_at,"
  + "setting,estimated_payment\r\n"

/// Issue 12's leftovers: modifier rows, comparisons in every format, no-shows, days after the
/// as-of day, empty CSV headers, help that wraps.
@Suite("rvu-cli round two")
struct RVUCLIRoundTwoTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-round2-" + UUID().uuidString

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self,
      arguments: arguments + ["--db", folder + "/rvu.sqlite", "--as-of", "2026-11-22"])
  }

  private func write(_ text: String, to name: String) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("codes show --modifier without a row of its own is not found, naming code and modifier")
  func modifierNotFound() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The starter catalog has 99213 but no 99213-26 row.
    let result = try rvu(["codes", "show", "99213", "--modifier", "26"])
    #expect(result.status == 66)
    #expect(
      result.error
        == "rvu-cli: there is no code \"99213 with modifier 26\": expected a HCPCS/CPT code of the 2025 catalog\n"
    )
    #expect(result.output.isEmpty)
  }

  /// 99213 (1.30) on 2026-02-03, 99214 (1.92) on 2026-02-09; the range 02-08…02-14 and the
  /// previous window 02-01…02-07.
  private func twoWeeks() throws {
    _ = try rvu(["visits", "add", "--date", "2026-02-03", "--procedure", "99213"])
    _ = try rvu(["visits", "add", "--date", "2026-02-09", "--procedure", "99214"])
  }

  @Test("--compare previous in CSV: the total row carries the previous window's columns")
  func compareCSV() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try twoWeeks()
    let result = try rvu([
      "analytics", "--start", "2026-02-08", "--end", "2026-02-14", "--compare", "previous",
      "--format", "csv",
    ])
    #expect(result.status == 0, "\(result.error)")
    // Previous: 1.30, 1 encounter, 0 no-shows, average 1.30 ÷ 1 = 1.30. Change: (1.92 − 1.30)
    // ÷ 1.30 × 100 = 47.69; encounters (1 − 1) ÷ 1 = 0.00; no-shows from 0: empty (null).
    #expect(
      result.output == """
        period_start,total_work_rvu,total_encounters,total_no_shows,previous.start,\
        previous.end,previous.totals.total_work_rvu,previous.totals.total_encounters,\
        previous.totals.total_no_shows,previous.totals.avg_rvu_per_encounter,\
        change_percent.total_work_rvu,change_percent.total_encounters,\
        change_percent.total_no_shows\r
        2026-02-09,1.92,1,0,,,,,,,,,\r
        total,1.92,1,0,2026-02-01,2026-02-07,1.30,1,0,1.30,47.69,0.00,\r

        """)
  }

  @Test("--compare previous in a table names the previous window's days")
  func compareTable() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try twoWeeks()
    let result = try rvu([
      "analytics", "--start", "2026-02-08", "--end", "2026-02-14", "--compare", "previous",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("Work RVUs 2026-02-08 to 2026-02-14, daily\n"))
    #expect(result.output.contains("Previous 2026-02-01 to 2026-02-07\n"))
  }

  @Test("a visit marked a no-show counts 0 RVUs; marked attended again, its RVUs come back")
  func noShowUpdate() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try rvu(["visits", "add", "--date", "2026-02-09", "--procedure", "99213x2"])
    let noShow = try rvu(["visits", "update", "1", "--no-show", "--format", "json"])
    #expect(noShow.status == 0, "\(noShow.error)")
    #expect(noShow.output.contains("\"total_work_rvu\": 0.00"))
    let listed = try rvu(["visits", "list", "--format", "csv"])
    #expect(listed.output.contains(",true,0.00,99213x2,"))
    let back = try rvu(["visits", "update", "1", "--show", "--format", "json"])
    #expect(back.output.contains("\"total_work_rvu\": 2.60"))  // 2 × 1.30
  }

  @Test("a visit after the as-of day is refused: 64 for an option, 65 for a file row")
  func futureVisit() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let added = try rvu(["visits", "add", "--date", "2026-11-23", "--procedure", "99213"])
    #expect(added.status == 64)
    #expect(
      added.error
        == "rvu-cli: date \"2026-11-23\" is not valid: expected a day on or before 2026-11-22\n")
    let path = try write(
      """
      visit,date,hcpcs
      a,2026-11-22,99213
      b,2027-01-04,99214
      """, to: "visits.csv")
    let imported = try rvu(["visits", "import", path])
    #expect(imported.status == 65)
    #expect(
      imported.error
        == "rvu-cli: visits.csv line 3: date \"2027-01-04\" is not valid: expected a day on or before 2026-11-22\n"
    )
    #expect(try rvu(["visits", "list", "--format", "csv"]).output == emptyVisitsCSV)
  }

  @Test(
    "an empty result in CSV prints exactly the header line",
    arguments: [
      (["visits", "list"], emptyVisitsCSV),
      (
        ["codes", "search", "zzzzz"],
        "hcpcs,modifier,description,status_code,work_rvu,is_favorite\r\n"
      ),
      (["favorites", "list"], "id,user_id,hcpcs,sort_order,created_at\r\n"),
      (
        ["analytics", "--start", "2026-02-01", "--end", "2026-02-28"],
        "period_start,total_work_rvu,total_encounters,total_no_shows\r\n"
      ),
      (
        ["analytics", "--start", "2026-02-01", "--end", "2026-02-28", "--payment"],
        "period_start,total_work_rvu,total_encounters,total_no_shows,medicare_payment_estimate\r\n"
      ),
      (
        ["analytics", "--start", "2026-02-01", "--end", "2026-02-28", "--group-by", "hcpcs"],
        "period_start,hcpcs,description,status_code,total_work_rvu,total_quantity,"
          + "encounter_count\r\n"
      ),
    ])
  func emptyCSV(arguments: [String], header: String) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try rvu(arguments + ["--format", "csv"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == header)
  }

  @Test("a range longer than 36,525 days is refused before anything is filled")
  func hugeRange() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for arguments in [
      ["analytics", "--start", "1900-01-01", "--end", "2199-12-31", "--fill"],
      ["analytics", "--last", "3650000", "--fill"],
    ] {
      let result = try rvu(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.error.contains("36525"), "\(arguments): \(result.error)")
      #expect(result.output.isEmpty)
    }
  }

  @Test("help paragraphs carry no hard line breaks; only examples are one per line")
  func helpWraps() {
    var commands: [any ParsableCommand.Type] = [RVUCommand.self]
    var checked = 0
    while let command = commands.popLast() {
      commands += command.configuration.subcommands
      let discussion = command.configuration.discussion
      let prose = discussion.components(separatedBy: "Example")[0]
      for paragraph in prose.components(separatedBy: "\n\n") {
        let text = paragraph.trimmingCharacters(in: .newlines)
        #expect(!text.contains("\n"), "\(command): \(text)")
      }
      #expect(!command.configuration.abstract.contains("\n"), "\(command)")
      #expect(
        discussion.contains("Example:\n  rvu-cli") || discussion.contains("Examples:\n  rvu-cli"),
        "\(command) has no example")
      checked += 1
    }
    #expect(checked > 20)
  }

  /// A 2024 file in a later layout: PRIC over IND after TEAM SURG (every later column one place
  /// right), CRLF line ends, rows of empty fields inside and at the end, `extra` rows appended.
  private func laterLayout(extra: [String] = []) -> String {
    let above =
      ",,,STATUS,MEDICARE ,WORK,NON-FAC,NA,FACILITY,NA,MP,NON-FACILITY,FACILITY,PCTC,GLOB,PRE,"
      + "INTRA,POST,MULT,BILAT,ASST,CO-,TEAM,PRIC,ENDO,CONV,DIAGNOSTIC,CALCULATION,FAMILY,PAYMENT,"
      + "PAYMENT,PAYMENT"
    let header =
      "HCPCS,MOD,DESCRIPTION,CODE,PAYMENT,RVU,PE RVU,INDICATOR,PE RVU,INDICATOR,RVU,TOTAL,TOTAL,"
      + "IND,DAYS,OP,OP,OP,PROC,SURG,SURG,SURG,SURG,IND,BASE,FACTOR,PROCEDURES,FLAG,INDICATOR,"
      + "AMOUNT,AMOUNT,AMOUNT"
    func code(_ hcpcs: String, _ work: String) -> String {
      "\(hcpcs),,Office o/p est,A,,\(work),1.00,,0.50,,0.10,2.00,1.50,0,XXX,0.00,0.00,0.00,0,0,0,0,"
        + "0,1,,33.2875,09,0,99,0.00,0.00,0.00"
    }
    let empty = String(repeating: ",", count: 31)
    let lines =
      [
        ",,2024 National Physician Fee Schedule Relative Value File January Release" + empty,
        above, header, code("99213", "1.30"), empty, code("99214", "1.92"),
      ] + extra + [empty, empty]
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  @Test("codes import reads a later layout with CRLF and empty rows; the factor is a number")
  func importLaterLayout() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(laterLayout(), to: "PPRRVU24_JAN.csv")
    let result = try rvu(["codes", "import", path])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output == "Imported 2 rows (2 codes) as the 2024 catalog in force from 2024-01-01.\n")
    let show = try rvu(["codes", "show", "99214", "--catalog-year", "2024", "--format", "json"])
    #expect(show.output.contains("\"work_rvu\": 1.92"))
    #expect(show.output.contains("\"conversion_factor\": 33.2875"))
  }

  @Test("a repeated row is exit 65 naming both lines, with no SQLite text; nothing imported")
  func importRepeatedRow() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let repeated =
      "99213,,Office o/p est,A,,1.30,1.00,,0.50,,0.10,2.00,1.50,0,XXX,0.00,0.00,0.00,0,0,0,0,0,1,,"
      + "33.2875,09,0,99,0.00,0.00,0.00"
    // Lines: title 1, header 2–3, 99213 on 4, empty 5, 99214 on 6, the repeat on 7.
    let path = try write(laterLayout(extra: [repeated]), to: "dup.csv")
    let result = try rvu(["codes", "import", path])
    #expect(result.status == 65)
    #expect(
      result.error
        == "rvu-cli: dup.csv line 7: 99213 is listed again (first on line 4): expected each code and modifier once\n"
    )
    #expect(try rvu(["codes", "versions", "--format", "csv"]).output.contains("2024") == false)
  }

  @Test("a header without CONV FACTOR is one error naming the column")
  func importMissingColumn() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let text = laterLayout().replacingOccurrences(of: ",CONV,", with: ",,")
    let result = try rvu(["codes", "import", try write(text, to: "old.csv")])
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("rvu-cli: old.csv line 3: column CONV FACTOR is missing"))
    #expect(result.error.filter { $0 == "\n" }.count == 1)
  }

  @Test("hostile numbers and sizes are refused with exit 64, at once")
  func hostileArguments() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let words = (0..<20_000).map { "w\($0)" }.joined(separator: " ")
    for (arguments, named) in [
      (["codes", "search", words], "at most 1000 characters and 32 different words"),
      (["settings", "set", "--dollars-per-rvu", "10000.01"], "--dollars-per-rvu \"10000.01\""),
      (["settings", "set", "--annual-target", "99999999999"], "--annual-target \"99999999999\""),
      (["visits", "add", "--procedure", "12345", "--work-rvu", "12345=10000.01"], "0 to 10000.00"),
      (["codes", "import", try write(laterLayout(), to: "y.csv"), "--year", "1800"], "year"),
    ] {
      let result = try rvu(arguments)
      #expect(result.status == 64, "\(arguments.prefix(3))")
      #expect(result.error.contains(named), "\(arguments.prefix(3)): \(result.error)")
      #expect(result.error.count < 300)
    }
  }
}
