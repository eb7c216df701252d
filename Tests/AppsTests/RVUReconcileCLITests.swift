import CLIKit
import Foundation
import Testing

@testable import rvu_cli

/// `rvu-cli reconcile` and `settings set --gpci` as a user runs them; values from the starter
/// catalog (99213 1.30, 99214 1.92), worked by hand.
@Suite("rvu-cli reconcile and payment options")
struct RVUReconcileCLITests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-reconcile-" + UUID().uuidString

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/rvu.sqlite"])
  }

  @Test("a statement with a planted difference, as CSV; bad options exit 64 in one line")
  func reconcile() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for spec in ["99213", "99214"] {
      let added = try rvu([
        "visits", "add", "--date", "2025-11-03", "--procedure", spec, "--as-of", "2025-12-31",
      ])
      #expect(added.status == 0, "\(added.error)")
    }
    let path = folder + "/statement.csv"
    try Data("Date,Code,wRVU\n11/3/2025,99213,1.30\n11/3/2025,99214,1.50\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    let result = try rvu([
      "reconcile", path, "--month-first", "--map", "date=Date", "--map", "hcpcs=Code",
      "--map", "work_rvu=wRVU", "--format", "csv",
    ])
    #expect(result.status == 0, "\(result.error)")
    // 99214 credited 1.50 where the log has 1.92: -0.42. Totals 2.80 against 3.22.
    #expect(
      result.output == """
        period,hcpcs,modifier,statement_units,logged_units,units_difference,statement_work_rvu,\
        logged_work_rvu,work_rvu_difference,status\r
        2025-11,99213,,1,1,0,1.30,1.30,0.00,match\r
        2025-11,99214,,1,1,0,1.50,1.92,-0.42,differs\r
        total,,,2,2,0,2.80,3.22,-0.42,\r

        """)
    let badBy = try rvu(["reconcile", path, "--by", "week"])
    #expect(badBy.status == 64 && badBy.error.contains("\"week\""))
    #expect(badBy.error.split(separator: "\n").count == 1)
    let unmapped = try rvu(["reconcile", path])
    #expect(unmapped.status == 65 && unmapped.error.contains("\"Code\""))
    let gpci = try rvu(["settings", "set", "--gpci", "1.02,1.15"])
    #expect(gpci.status == 64 && gpci.error.contains("\"1.02,1.15\""))
    let place = try rvu(["visits", "add", "--procedure", "99213", "--setting", "hospital"])
    #expect(place.status == 64 && place.error.contains("\"hospital\""))
    // A visit's own place of service, then back to the user's setting.
    let added = try rvu([
      "visits", "add", "--date", "2025-11-04", "--procedure", "99213", "--setting", "facility",
      "--as-of", "2025-12-31", "--format", "json",
    ])
    #expect(added.output.contains("\"setting\": \"facility\""))
    let cleared = try rvu(["visits", "update", "3", "--setting", "default", "--format", "json"])
    #expect(cleared.status == 0 && cleared.output.contains("\"setting\": null"), "\(cleared.error)")
  }
}
