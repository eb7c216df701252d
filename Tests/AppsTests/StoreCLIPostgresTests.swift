import CLIKit
import Foundation
import StoreAnalytics
import StorePostgres
import Testing

@testable import StoreMetricsCommands

/// The PostgreSQL server of `scripts/with-postgres`, in a schema of this test's own.
private let postgresURL = ProcessInfo.processInfo.environment["TALLY_TEST_PG_URL"]

/// Runs store-metrics in process as `store-metrics-postgres` does: with PostgreSQL.
private func capture(_ arguments: [String]) -> CommandRunner.Captured {
  StoreMetricsProgram.$backends.withValue(StoreBackends.sqlite.withPostgreSQL()) {
    CommandRunner.capture(StoreMetricsCommand.self, arguments: arguments)
  }
}

/// Orders of two stores in two zones over three days: every status, a missing customer, a
/// subcategory or none, a line on another day in the store's zone than in UTC.
private let orders = """
  order_id,store_id,placed_at,status,customer_id,item_name,category,subcategory,quantity,unit_price,tax
  A1,NYC,2026-03-06T23:30:00Z,completed,c1,Burger,Mains,Beef,2,10.00,1.60
  A1,NYC,2026-03-06T23:30:00Z,completed,c1,Fries,Sides,,1,3.50,0.28
  A2,NYC,2026-03-07T12:05:00-05:00,completed,c2,Salad,Mains,Greens,1,8.25,0.66
  A3,NYC,2026-03-07T18:40:00-05:00,refunded,c1,Burger,Mains,Beef,1,10.00,0.80
  A4,NYC,2026-03-08T09:15:00-04:00,cancelled,,Coffee,Drinks,,2,2.75,
  A5,NYC,2026-03-08T13:00:00-04:00,completed,,Coffee,Drinks,,3,2.75,0.66
  B1,LA,2026-03-07T19:00:00-08:00,completed,c3,Burger,Mains,Beef,1,11.00,0.99
  B2,LA,2026-03-08T08:30:00-07:00,completed,c3,Fries,Sides,,4,3.50,1.26
  B2,LA,2026-03-08T08:30:00-07:00,completed,c3,Coffee,Drinks,,1,2.75,0.25
  """

/// A re-import with `--replace`: A2 refunded, B1 moved a day, A6 new.
private let changes = """
  order_id,store_id,placed_at,status,customer_id,item_name,category,subcategory,quantity,unit_price,tax
  A2,NYC,2026-03-07T12:05:00-05:00,refunded,c2,Salad,Mains,Greens,1,8.25,0.66
  B1,LA,2026-03-06T19:00:00-08:00,completed,c3,Burger,Mains,Beef,1,11.00,0.99
  A6,NYC,2026-03-08T20:10:00-04:00,completed,c4,Salad,Mains,Greens,2,8.25,1.32
  """

@Suite("store-metrics on PostgreSQL")
struct StoreCLIPostgresTests {
  @Test(
    "every query command prints the same JSON, byte for byte, on SQLite and PostgreSQL",
    .enabled(
      if: postgresURL != nil,
      "TALLY_TEST_PG_URL is unset: run scripts/with-postgres swift test"))
  func sameOutput() throws {
    let folder = NSTemporaryDirectory() + "tally-store-pg-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let schema = "cli_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let databases = [folder + "/store.sqlite", postgresURL! + "?schema=" + schema]
    func run(_ db: String, _ arguments: [String]) -> CommandRunner.Captured {
      capture(arguments + ["--db", db, "--as-of", "2026-03-08"])
    }
    let first = folder + "/orders.csv"
    let second = folder + "/changes.csv"
    try Data(orders.utf8).write(to: URL(fileURLWithPath: first))
    try Data(changes.utf8).write(to: URL(fileURLWithPath: second))
    let setup: [[String]] = [
      ["stores", "add", "NYC", "--name", "New York", "--time-zone", "America/New_York"],
      ["stores", "add", "LA", "--time-zone", "America/Los_Angeles"],
      ["import", first],
    ]
    let queries: [[String]] = [
      ["stores", "list"],
      ["metrics", "--store", "NYC", "--range", "week"],
      ["metrics", "--store", "LA", "--range", "year", "--calendar"],
      ["daily", "--store", "NYC"],
      ["hourly", "--store", "NYC", "--start", "2026-03-06"],
      ["time-distribution", "--store", "LA"],
      ["categories"],
      ["categories", "--store", "NYC", "--start", "2026-03-07"],
      ["popular", "--store", "NYC"],
      ["popular", "--store", "LA", "--start", "2026-03-01"],
      ["chart", "--store", "NYC", "--range", "week"],
      ["weekdays", "--store", "LA", "--range", "month"],
    ]
    // Writes are checked for success only (an import reports its speed); reads byte for byte.
    let rounds: [(commands: [[String]], compared: Bool)] = [
      (setup, false), (queries, true), ([["import", second, "--replace"]], false), (queries, true),
    ]
    for (commands, compared) in rounds {
      for arguments in commands {
        let json = arguments + ["--format", "json"]
        let (sqlite, postgres) = (run(databases[0], json), run(databases[1], json))
        #expect(sqlite.status == 0, "\(arguments): \(sqlite.error)")
        #expect(postgres.status == 0, "\(arguments): \(postgres.error)")
        if compared {
          #expect(postgres.output == sqlite.output, "\(arguments)")
          #expect(!sqlite.output.isEmpty, "\(arguments)")
        }
      }
    }
  }

  @Test("an unreachable server is one line naming the URL without its password, exit 74")
  func unreachable() throws {
    // Port 1 on loopback: nothing listens there.
    let result = capture(["stores", "list", "--db", "postgres://ann:s3cret@127.0.0.1:1/sales"])
    #expect(result.status == 74)
    #expect(result.error.contains("postgres://ann@127.0.0.1:1/sales"))
    #expect(!result.error.contains("s3cret"))
  }
}

@Suite("store-metrics hands a postgres:// database to store-metrics-postgres")
struct StorePostgresHandOffTests {
  @Test("the built store-metrics runs the command in store-metrics-postgres, same arguments")
  func handsOver() throws {
    // Nothing listens on port 1: the answer is store-metrics-postgres' connection error, which
    // only a program with PostgreSQL's client can give.
    let result = try AppRunner.run(
      "store-metrics", ["stores", "list", "--db", "postgres://ann:s3cret@127.0.0.1:1/sales"])
    #expect(result.status == 74, "\(result.error)")
    #expect(result.error.contains("postgres://ann@127.0.0.1:1/sales"))
    #expect(!result.error.contains("s3cret"))
    #expect(result.error.split(separator: "\n").count == 1)
  }

  @Test(
    "an import from a pipe reaches store-metrics-postgres unread and is stored there",
    .enabled(
      if: postgresURL != nil,
      "TALLY_TEST_PG_URL is unset: run scripts/with-postgres swift test"))
  func pipeHandedOver() throws {
    let schema = "pipe_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let db = postgresURL! + "?schema=" + schema
    let imported = try AppRunner.run(
      "store-metrics", ["import", "/dev/stdin", "--db", db, "--time-zone", "UTC"], input: orders)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output == "Imported 7 new orders (9 lines).\n")
    let listed = try AppRunner.run(
      "store-metrics", ["stores", "list", "--db", db, "--format", "csv"])
    #expect(listed.output == "id,name,time_zone\r\nLA,LA,UTC\r\nNYC,NYC,UTC\r\n")
  }

  @Test("without store-metrics-postgres beside it: one line saying what is missing, exit 69")
  func missingProgram() throws {
    let top = NSTemporaryDirectory() + "tally-handoff-" + UUID().uuidString
    // As deep as a build folder in someone's home: the message still fits its line whole.
    let folder = top + "/home/someone/src/tally/.build/x86_64-unknown-linux-gnu/release"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: top) }
    let built = AppRunner.productsDirectory.appendingPathComponent("store-metrics").path
    let alone = folder + "/store-metrics"
    // A hard link where the file system allows (the debug binary is large), else a copy.
    if link(built, alone) != 0 { try FileManager.default.copyItem(atPath: built, toPath: alone) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: alone)
    process.arguments = ["stores", "list", "--db", "postgres://ann@127.0.0.1:1/sales"]
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 69)
    #expect(message.contains("store-metrics-postgres"))
    #expect(message.contains(folder + "/store-metrics-postgres"))
    #expect(message.hasSuffix("scripts/build-release store-metrics-postgres)\n"), "\(message)")
    #expect(message.split(separator: "\n").count == 1)
  }
}
