import CLIKit
import Foundation
import Testing

@testable import StoreMetricsCommands
@testable import rvu_cli

/// Issue 30: an export's dates as a spreadsheet writes them are taken exactly or refused with
/// both readings. Instants below are worked out by hand: America/Chicago is UTC-6 in February.
@Suite("Spreadsheet dates in the store and visits importers")
struct SpreadsheetDateTests {
  let folder = NSTemporaryDirectory() + "tally-spreadsheet-dates-" + UUID().uuidString

  func write(_ name: String, _ text: String) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func store(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
    let result = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: arguments + ["--db", folder + "/store.sqlite", "--as-of", "2026-09-01"])
    return (result.status, result.output, result.error)
  }

  /// `id|placed_at` (milliseconds since 1970) of the stored orders, by sqlite3.
  func storedInstants() throws -> [String] {
    try SQLiteShell.rows(
      "SELECT id, placed_at FROM store_order ORDER BY id", in: folder + "/store.sqlite")
  }

  @Test(.enabled(if: SQLiteShell.path != nil, "the sqlite3 shell is not installed"))
  func theFileDecidesTheOrderAndFractionsAndOffsetsAreKept() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(
      "orders.csv",
      """
      order_id,store_id,placed_at,item_name,category,quantity,unit_price
      1,a,2/8/2026 1:30 PM,Pizza,Food,1,4.00
      2,a,2/13/2026 12:05:10.250,Pizza,Food,1,4.25
      3,a,2026-02-14 13:30:45 -0600,Pizza,Food,1,4.25

      """)
    let imported = store(["import", path, "--time-zone", "America/Chicago"])
    #expect(imported.status == 0)
    // 2/13/2026 proves month first. 2026-02-08 13:30 Chicago is 19:30Z: 20,492 days after
    // 1970-01-01, so (20492 × 86400 + 19.5 × 3600) s = 1,770,579,000 s; 12:05:10.250 on the 13th
    // is 18:05:10.250Z = 1,771,005,910.250 s; 13:30:45 -0600 on the 14th is 19:30:45Z =
    // 1,771,097,445 s.
    #expect(
      try storedInstants() == ["1|1770579000000", "2|1771005910250", "3|1771097445000"])
  }

  @Test(.enabled(if: SQLiteShell.path != nil, "the sqlite3 shell is not installed"))
  func anAmbiguousFileIsRefusedWithBothReadingsThenReadAsAsked() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(
      "orders.csv",
      "order_id,store_id,placed_at,item_name,category,quantity,unit_price\n"
        + "1,a,3/4/26 12:05,Pizza,Food,1,4.00\n")
    let refused = store(["import", path])
    #expect(refused.status == 65)
    #expect(
      refused.error
        == "store-metrics: orders.csv line 2: placed_at \"3/4/26 12:05\" is not valid: expected "
        + "a day read one way: 2026-03-04 month first or 2026-04-03 day first, and no line of "
        + "the file says which: use --month-first or --day-first\n")
    #expect(store(["import", path, "--day-first"]).status == 0)
    // 2026-04-03 12:05 UTC: 20,546 days after 1970-01-01 and 43,500 s.
    #expect(try storedInstants() == ["1|1775217900000"])
  }

  @Test func visitsCSVFromASpreadsheet() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(
      "visits.csv", "visit,date,time,hcpcs\nv1,2/8/2026,1:30 PM,99213\nv2,13/2/2026,09:00,99213\n")
    let db = ["--db", folder + "/rvu.sqlite"]
    let result = CommandRunner.capture(RVUCommand.self, arguments: ["visits", "import", path] + db)
    #expect(result.status == 0)
    let list = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "list", "--format", "csv"] + db)
    // 13/2/2026 proves day first: 2/8/2026 is 2 August.
    #expect(list.output.contains(",2026-08-02,13:30:00,"))
    #expect(list.output.contains(",2026-02-13,09:00:00,"))
  }
}

/// Issue 30: a `;`- or tab-separated file (a spreadsheet in a comma-decimal locale) is named for
/// what it is with the option that reads it, and read whole with it: quoted separators and
/// grouped amounts stay values. The figures are the file's, by hand.
@Suite("--delimiter")
struct DelimiterTests {
  let folder = NSTemporaryDirectory() + "tally-delimiter-" + UUID().uuidString

  @Test func aSemicolonFileIsNamedThenReadWithTheOption() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/orders.csv"
    try Data(
      """
      order_id;store_id;placed_at;item_name;category;quantity;unit_price
      1;a;2026-02-08 12:00;"Pizza; large";Food;2;4.00
      2;a;2026-02-08 12:30;Catering;Food;1;"1,234.50"

      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    let db = ["--db", folder + "/store.sqlite", "--as-of", "2026-02-08"]
    let refused = CommandRunner.capture(StoreMetricsCommand.self, arguments: ["import", path] + db)
    #expect(refused.status == 65)
    #expect(
      refused.error
        == "store-metrics: orders.csv line 1: header \"order_id;store_id;placed_at;item_name;"
        + "category;quantity;unit_price\" is not valid: expected columns separated by ','; the "
        + "separator looks like ';': use --delimiter ';'\n")
    let imported = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["import", path, "--delimiter", ";"] + db)
    #expect(imported.status == 0)
    let metrics = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: ["metrics", "--store", "a", "--range", "today", "--format", "json"] + db)
    // 2 × 4.00 + 1 × 1,234.50 = 1,242.50 over 2 orders.
    #expect(metrics.output.contains("\"total_revenue\": 1242.50,"))
    #expect(metrics.output.contains("\"total_orders\": 2"))
  }

  /// A comma-decimal locale's file: `;` between columns, a decimal comma, points between
  /// thousands, day-first dates (13/02 decides). By hand: order 1 is 2 × 4,25 = 8.50 with 0.34
  /// tax on 8 February; order 2 is 1,234.50 with 98.76 tax on 13 February.
  @Test func aCommaDecimalLocalesFile() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/umsatz.csv"
    try Data(
      """
      order_id;store_id;placed_at;item_name;category;quantity;unit_price;tax
      1;a;08/02/2026 12:00;Pizza;Food;2;4,25;0,34
      2;a;13/02/2026 12:30;Catering;Food;1;1.234,50;98,76

      """.utf8
    ).write(to: URL(fileURLWithPath: path))
    let db = ["--db", folder + "/store.sqlite", "--as-of", "2026-02-28"]
    let refused = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["import", path, "--delimiter", ";"] + db)
    #expect(
      refused.error.split(separator: "\n").first.map(String.init)
        == "store-metrics: umsatz.csv line 2: unit_price \"4,25\" is not valid: expected an "
        + "amount from 0 to 1000000.00 with at most 2 decimals: use --decimal-comma")
    let imported = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: ["import", path, "--delimiter", ";", "--decimal-comma"] + db)
    #expect(imported.status == 0)
    let daily = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: ["daily", "--store", "a", "--format", "csv"] + db)
    #expect(daily.output.contains("a,2026-02-08,1,8.50,0.34,8.84,"))
    #expect(daily.output.contains("a,2026-02-13,1,1234.50,98.76,1333.26,"))
  }

  /// A visits file with `;` and a decimal-comma work RVU: refused with the hint, then read
  /// exactly (2,60 is 2.60 by hand); a refusal under the option echoes the value as written.
  @Test func aCommaDecimalVisitsFile() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/visits.csv"
    try Data("visit;date;hcpcs;work_rvu\nv1;2026-02-08;99213;2,60\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let db = ["--db", folder + "/rvu.sqlite"]
    let refused = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "import", path, "--delimiter", ";"] + db)
    #expect(refused.status == 65)
    #expect(
      refused.error.hasSuffix(
        "work_rvu \"2,60\" is not valid: expected a number of 0 or more with at most 2 decimals: use --decimal-comma\n"
      ))
    let imported = CommandRunner.capture(
      RVUCommand.self,
      arguments: ["visits", "import", path, "--delimiter", ";", "--decimal-comma"] + db)
    #expect(imported.status == 0, "\(imported.error)")
    let list = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "list", "--format", "csv"] + db)
    #expect(list.output.contains(",2026-02-08,,,false,2.60,"))
    try Data("visit;date;hcpcs;work_rvu\nv2;2026-02-09;99213;2,605\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let three = CommandRunner.capture(
      RVUCommand.self,
      arguments: ["visits", "import", path, "--delimiter", ";", "--decimal-comma"] + db)
    #expect(three.error.contains("work_rvu \"2,605\" is not valid"))
  }

  @Test func aTabSeparatedVisitsFile() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/visits.csv"
    try Data("visit\tdate\thcpcs\nv1\t2026-02-08\t99213\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let db = ["--db", folder + "/rvu.sqlite"]
    let refused = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "import", path] + db)
    #expect(refused.error.hasSuffix("the separator looks like tab: use --delimiter tab\n"))
    let imported = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "import", path, "--delimiter", "tab"] + db)
    #expect(imported.status == 0)
    #expect(imported.output == "Imported 1 new visit, 0 already present.\n")
  }
}
