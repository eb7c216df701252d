import CLIKit
import Foundation
import Testing

@testable import StoreMetricsCommands
@testable import behavior_cli

/// Issue 30: `behavior-cli today` (a read) created a database, and a failed store import left
/// one behind. A read on a missing database says there is none yet and answers as an empty one;
/// a failed first import removes what it made.
@Suite("Nothing is left behind by a read or a failed import")
struct NothingLeftBehindTests {
  let folder = NSTemporaryDirectory() + "tally-left-behind-" + UUID().uuidString

  func files() -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []
  }

  @Test func aReadOnAMissingBehaviorDatabase() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let db = folder + "/behavior.sqlite"
    let today = CommandRunner.capture(
      BehaviorCommand.self, arguments: ["today", "--db", db, "--as-of", "2026-02-08"])
    #expect(today.status == 0, "\(today.error)")
    #expect(
      today.error
        == "behavior-cli: there is no behavior database at \(db) yet: nothing is saved until "
        + "the first log, meds add, journal add or import\n")
    let list = CommandRunner.capture(
      BehaviorCommand.self, arguments: ["entries", "list", "--format", "csv", "--db", db])
    #expect(list.status == 0)
    #expect(list.output.hasPrefix("id,date,time,"))
    #expect(files().isEmpty)
    // A failed read says only its error.
    let bad = CommandRunner.capture(
      BehaviorCommand.self, arguments: ["entries", "show", "7", "--db", db])
    #expect(bad.status == 66)
    #expect(bad.error.split(separator: "\n").count == 1)
    #expect(files().isEmpty)
  }

  @Test func aFailedFirstStoreImport() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let csv = folder + "/orders.csv"
    try Data(
      "order_id,store_id,placed_at,item_name,category,quantity,unit_price\n1,s,2026-02-08 12:00,Soup,Food,0,4.50\n"
        .utf8
    ).write(to: URL(fileURLWithPath: csv))
    let result = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["import", csv, "--db", folder + "/store.sqlite"])
    #expect(result.status == 65)
    #expect(files() == ["orders.csv"])
  }
}
