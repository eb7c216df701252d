import CLIKit
import Foundation
import Testing

@testable import StoreMetricsCommands
@testable import rvu_cli

/// Issue 30: a Windows-1252 file was stored with U+FFFD for every accented letter ("Jalapeño" as
/// `Jalape�o`), exit 0. Every importer now reads it as what it is. Bytes from Python's
/// `str.encode("cp1252")`.
@Suite("Windows-1252 files are read as Windows-1252 by every importer")
struct FileEncodingTests {
  let folder = NSTemporaryDirectory() + "tally-encoding-" + UUID().uuidString

  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func storeOrders() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // "order_id,store_id,placed_at,item_name,category,quantity,unit_price\r\n"
    // "1,s,2026-02-08 12:00,Jalapeño Poppers,Entrées,2,4.50\r\n" in cp1252
    let header = Array(
      "order_id,store_id,placed_at,item_name,category,quantity,unit_price\r\n".utf8)
    let row: [UInt8] =
      Array("1,s,2026-02-08 12:00,Jalape".utf8) + [0xF1] + Array("o Poppers,Entr".utf8) + [0xE9]
      + Array("es,2,4.50\r\n".utf8)
    let path = try write("orders.csv", header + row)
    let db = ["--db", folder + "/store.sqlite"]
    let imported = CommandRunner.capture(
      StoreMetricsCommand.self, arguments: ["import", path] + db)
    #expect(imported.status == 0, "\(imported.error)")
    let popular = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: ["popular", "--store", "s", "--format", "csv"] + db)
    #expect(popular.output.contains(",Jalapeño Poppers,"), "\(popular.output)")
    let categories = CommandRunner.capture(
      StoreMetricsCommand.self,
      arguments: ["categories", "--store", "s", "--format", "csv"] + db)
    #expect(categories.output.contains("Entrées"), "\(categories.output)")
    #expect(!(popular.output + categories.output).contains("\u{FFFD}"))
  }

  @Test func visitsCSV() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // "visit,date,hcpcs,work_rvu,notes\nv1,2026-02-08,99213,1.30,Café\n" in cp1252
    let path = try write(
      "visits.csv",
      Array("visit,date,hcpcs,work_rvu,notes\nv1,2026-02-08,99213,1.30,Caf".utf8) + [0xE9, 0x0A])
    let db = ["--db", folder + "/rvu.sqlite"]
    let imported = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "import", path] + db)
    #expect(imported.status == 0, "\(imported.error)")
    let list = CommandRunner.capture(
      RVUCommand.self, arguments: ["visits", "list", "--format", "json"] + db)
    #expect(list.output.contains(#""notes": "Café""#), "\(list.output)")
  }
}
