import CLIKit
import Foundation
import Testing

@testable import rvu_cli

/// `rvu-cli templates …` and `visits add --template` (issue 31): one visit with the template's
/// procedures.
@Suite struct RVUTemplatesCommandTests {
  @Test func aTemplateLogsItsProcedures() throws {
    let folder = NSTemporaryDirectory() + "tally-templates-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let db = ["--db", folder + "/rvu.sqlite", "--as-of", "2026-02-10"]
    func run(_ arguments: [String]) -> CommandRunner.Captured {
      CommandRunner.capture(RVUCommand.self, arguments: arguments + db)
    }
    #expect(
      run(["templates", "add", "Knee injection", "--procedure", "99213", "--procedure", "20610x2"])
        .status == 0)
    let duplicate = run(["templates", "add", "Knee injection", "--procedure", "99213"])
    #expect(duplicate.status == 64)
    #expect(duplicate.error.contains("a name none of your other templates has"))
    let list = run(["templates", "list", "--format", "csv"])
    #expect(list.output.contains("Knee injection"))
    #expect(list.output.contains("99213 20610x2"))

    // One visit with the template's procedures, in its order and quantities.
    let logged = run([
      "visits", "add", "--date", "2026-02-09", "--template", "Knee injection", "--format", "json",
    ])
    #expect(logged.status == 0, "\(logged.error)")
    #expect(logged.output.contains(#""hcpcs": "99213""#))
    #expect(logged.output.contains(#""hcpcs": "20610""#))
    #expect(logged.output.contains(#""quantity": 2"#))
    let unknown = run(["visits", "add", "--template", "Shoulder"])
    #expect(unknown.status == 66)
    #expect(unknown.error.contains("Knee injection"))

    #expect(run(["templates", "edit", "Knee injection", "--name", "Knee"]).status == 0)
    #expect(run(["templates", "delete", "Knee"]).output == "Deleted template Knee.\n")
    #expect(run(["templates", "list", "--format", "json"]).output == "[]\n")
  }
}
