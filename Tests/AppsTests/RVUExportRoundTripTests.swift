import CLIKit
import Foundation
import Testing

@testable import rvu_cli

/// `visits export` writes what `visits import` reads back (issue 33): exported, imported into
/// an empty database and exported again, the file is the same byte for byte.
@Suite("rvu-cli visits export round trip")
struct RVUExportRoundTripTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-export-" + UUID().uuidString

  private func rvu(_ arguments: [String], db: String = "rvu.sqlite") throws
    -> CommandRunner.Captured
  {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/" + db, "--as-of", "2026-03-31"])
  }

  @Test("CSV and JSON: notes with quotes, commas and a line break, modifiers, a no-show, a place")
  func roundTrip() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let visits: [[String]] = [
      [
        "--date", "2026-03-02", "--time", "14:30", "--notes", "said \"fine\", then\nleft",
        "--procedure", "99214", "--procedure", "99213:25", "--setting", "facility",
      ],
      ["--date", "2026-03-03", "--procedure", "99215:51", "--procedure", "99214:51"],
      ["--date", "2026-03-04", "--no-show", "--procedure", "99215"],
      ["--date", "2026-03-05", "--procedure", "0591T", "--work-rvu", "0591T=1.20"],
      ["--date", "2026-03-06", "--procedure", "99213:52", "--work-rvu", "0.65"],
    ]
    for visit in visits {
      let added = try rvu(["visits", "add"] + visit)
      #expect(added.status == 0, "\(added.error)")
    }
    let first = folder + "/first.csv"
    #expect(try rvu(["visits", "export", "--output", first]).status == 0)
    let text = try String(contentsOfFile: first, encoding: .utf8)
    // The second -51 procedure: 1.92 × 50% = 0.96 credited, 1.92 the value the rules start from.
    #expect(text.contains("2,2026-03-03,,,false,,99214,51,1,0.96,1.92,"))
    let permissions = try FileManager.default.attributesOfItem(atPath: first)[.posixPermissions]
    #expect((permissions as? Int) == 0o600)
    let imported = try rvu(["visits", "import", first], db: "copy.sqlite")
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.contains("Imported 5 new visits"))
    let second = folder + "/second.csv"
    #expect(try rvu(["visits", "export", "--output", second], db: "copy.sqlite").status == 0)
    #expect(try String(contentsOfFile: second, encoding: .utf8) == text)
    // JSON the same way, timestamps aside (they are the import's).
    let json = folder + "/first.json"
    #expect(try rvu(["visits", "export", "--format", "json", "--output", json]).status == 0)
    #expect(try rvu(["visits", "import", json], db: "json.sqlite").status == 0)
    let again = try rvu(["visits", "export", "--format", "json"], db: "json.sqlite").output
    func stable(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { !$0.contains("_at\"") }
    }
    #expect(stable(again) == stable(try String(contentsOfFile: json, encoding: .utf8)))
    // Importing the export again adds nothing.
    #expect(try rvu(["visits", "import", first], db: "copy.sqlite").output.contains("0 new"))
  }
}
