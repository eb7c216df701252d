import CLIKit
import Foundation
import Testing

@testable import StoreMetricsCommands
@testable import behavior_cli
@testable import rvu_cli

/// Issue 30: a column or key that is not Tally's is refused naming it and the closest known name,
/// by every importer alike, and nothing is stored. (Before, `Modifer` was skipped: "Imported 1
/// new visit" with the modifier dropped.) Ruck's session files: `SessionFileTests`.
@Suite("Unknown columns and keys are refused by every importer")
struct UnknownColumnTests {
  let folder = NSTemporaryDirectory() + "tally-unknown-columns-" + UUID().uuidString

  func write(_ name: String, _ text: String) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func visitsCSVWithAMisspeltModifier() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(
      "visits.csv", "Visit,Date,HCPCS,Qty,Modifer\nv1,2026-02-08,99213,1,25\n")
    let db = ["--db", folder + "/rvu.sqlite"]
    let result = CommandRunner.capture(RVUCommand.self, arguments: ["visits", "import", path] + db)
    #expect(result.status == 65)
    #expect(
      result.error
        == "rvu-cli: visits.csv line 1: column \"Qty\" is not valid: expected one of visit, date, "
        + "time, notes, no_show, setting, hcpcs, modifier, quantity, work_rvu, "
        + "work_rvu_unadjusted, description, status_code: "
        + "also not known: \"Modifer\" (did you mean 'modifier'?)\n")
    let list = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "list", "--format", "json"] + db)
    #expect(list.output == "[]\n")
  }

  @Test func visitsJSONWithAMisspeltProcedureKey() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(
      "visits.json",
      #"[{"date": "2026-02-08", "procedures": [{"hcpcs": "99213", "modifer": "25"}]}]"#)
    let result = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "import", path, "--db", folder + "/rvu.sqlite"])
    #expect(result.status == 65)
    #expect(
      result.error
        == "rvu-cli: visits.json element 1: key \"procedures[0].modifer\" is not valid: expected "
        + "one of hcpcs, modifier, description, status_code, work_rvu, quantity, id, visit_id, "
        + "work_rvu_unadjusted, adjustment; "
        + "did you mean 'modifier'?\n")
  }

  @Test func storeCSVAndJSONLines() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let db = ["--db", folder + "/store.sqlite"]
    let csv = try write(
      "orders.csv",
      "order_id,store_id,placed_at,item_name,category,quantity,unit_price,taxes\n"
        + "1,s,2026-02-08T12:00:00Z,Soup,Food,1,4.50,0.40\n")
    let fromCSV = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["import", csv] + db)
    #expect(fromCSV.status == 65)
    #expect(
      fromCSV.error
        == "store-metrics: orders.csv line 1: column \"taxes\" is not valid: expected one of "
        + "order_id, store_id, placed_at, item_name, category, quantity, unit_price, status, "
        + "customer_id, customer_name, item_id, subcategory, tax, kind, item_family; did you mean "
        + "'tax'?\n")
    let lines = try write(
      "orders.jsonl",
      #"{"order_id": "1", "store_id": "s", "placed_at": "2026-02-08T12:00:00Z", "item_name": "Soup", "category": "Food", "quantity": 1, "unit_price": "4.50", "custmer_id": "c1"}"#
        + "\n")
    let fromLines = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["import", lines] + db)
    #expect(fromLines.status == 65)
    #expect(fromLines.error.contains(#"orders.jsonl line 1: key "custmer_id" is not valid"#))
    #expect(fromLines.error.hasSuffix("did you mean 'customer_id'?\n"))
    let stores = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["stores", "list", "--format", "json"] + db)
    #expect(stores.output == "[]\n")
  }

  @Test func behaviorBackupWithAMisspeltKey() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = try write(
      "backup.json",
      #"{"format": "tally-behavior", "version": 1, "favorites": [], "entries": [{"id": 1, "contxt_notes": "x"}], "medications": [], "medication_logs": [], "journal": []}"#
    )
    let result = CommandRunner.capture(
      BehaviorCommand.self, arguments: ["import", path, "--db", folder + "/behavior.sqlite"])
    #expect(result.status == 65)
    #expect(result.error.contains(#"key "entries[0].contxt_notes" is not valid"#))
    #expect(result.error.hasSuffix("did you mean 'context_notes'?\n"))
  }
}
