import AnalyticsCore
import CLIKit
import Foundation
import Testing

@testable import rvu_cli

/// `rvu-cli report` against a small hand-worked set of visits.
@Suite("rvu-cli report")
struct RVUReportTests {
  private let folder = NSTemporaryDirectory() + "tally-rvu-report-" + UUID().uuidString

  /// Text no page may carry raw: a script tag, quotes and an ampersand.
  static let hostile = #"<script>alert("x")</script> & 'y'"#

  private func rvu(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      RVUCommand.self, arguments: arguments + ["--db", folder + "/rvu.sqlite"])
  }

  /// Previous window (02-01…02-07): p, 99213 × 2 = 2.60. This window (02-08…02-14): a, 99213
  /// (1.30); b, 99214 (1.92) described with hostile text; c, a no-show.
  private func seeded() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let csv = """
      visit,date,no_show,hcpcs,quantity,description
      p,2026-02-03,no,99213,2,Office visit
      a,2026-02-09,no,99213,1,Office visit
      b,2026-02-10,no,99214,1,"\(Self.hostile.replacingOccurrences(of: "\"", with: "\"\""))"
      c,2026-02-11,yes,,,

      """
    let path = folder + "/visits.csv"
    try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
    let imported = try rvu(["visits", "import", path, "--as-of", "2026-02-14"])
    #expect(imported.status == 0, "\(imported.error)")
  }

  private func report(_ extra: [String] = []) throws -> CommandRunner.Captured {
    try rvu(
      ["report", "--start", "2026-02-08", "--end", "2026-02-14", "--as-of", "2026-02-14"] + extra)
  }

  @Test("the cards, bars and codes table carry the domain's numbers, worked out by hand")
  func numbers() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try seeded()
    let result = try report()
    #expect(result.status == 0, "\(result.error)")
    let html = result.output
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    // Work RVUs 1.30 + 1.92 = 3.22 against 2.60: (3.22 − 2.60) ÷ 2.60 = +23.8%.
    #expect(html.contains(card("Work RVUs", "3.22", "▲ up 23.8%")))
    // Encounters 2 against 1: +100%. No-shows 1 against 0: no percentage.
    #expect(html.contains(card("Encounters", "2", "▲ up 100.0%")))
    #expect(html.contains(card("No-shows", "1", "—")))
    // Average 3.22 ÷ 2 = 1.61 against 2.60 ÷ 1: (1.61 − 2.60) ÷ 2.60 = −38.1%.
    #expect(html.contains(card("Average RVUs per encounter", "1.61", "▼ down 38.1%")))
    #expect(html.contains("vs previous 7 days (2026-02-01 to 2026-02-07)"))
    // One bar per day, empty days included; the table gives each day.
    #expect(html.contains("<th scope=\"row\">2026-02-09</th><td class=\"num\">1.30</td>"))
    #expect(html.contains("<th scope=\"row\">2026-02-10</th><td class=\"num\">1.92</td>"))
    #expect(html.contains("<th scope=\"row\">2026-02-08</th><td class=\"num\">0.00</td>"))
    // Codes by RVUs: 99214 (1.92, 1 unit, 1 visit) before 99213 (1.30, 1, 1).
    let first = try #require(html.range(of: "<th scope=\"row\">99214</th>"))
    let second = try #require(html.range(of: "<th scope=\"row\">99213</th><td>Office visit"))
    #expect(first.lowerBound < second.lowerBound)
    #expect(
      html.contains(
        "<th scope=\"row\">99213</th><td>Office visit</td><td class=\"num\">1.30</td>"
          + "<td class=\"num\">1</td><td class=\"num\">1</td>"))
  }

  @Test("every user text is escaped and every chart has its data table")
  func escapingAndTables() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try seeded()
    let html = try report().output
    #expect(!html.contains("<script"))
    #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"))
    let charts = html.components(separatedBy: "role=\"img\"").count - 1
    #expect(charts == 2)
    #expect(html.components(separatedBy: "<summary>Data table</summary>").count - 1 == charts)
  }

  @Test("--output writes the page; an error writes nothing, PDF without Chromium exits 69")
  func output() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try seeded()
    let page = folder + "/report.html"
    #expect(try report(["--output", page]).status == 0)
    let written = try String(contentsOfFile: page, encoding: .utf8)
    #expect(written.contains("<h1>Work RVU report</h1>"))

    let refused = folder + "/refused.html"
    let bad = try rvu([
      "report", "--start", "2026-02-14", "--end", "2026-02-01", "--output", refused,
    ])
    #expect(bad.status == 64)
    #expect(!FileManager.default.fileExists(atPath: refused))

    let pdf = folder + "/report.pdf"
    let run = try AppRunner.run(
      "rvu-cli",
      ["report", "--db", folder + "/rvu.sqlite", "--format", "pdf", "--output", pdf],
      environment: ["PATH": ""])
    #expect(run.status == 69)
    #expect(run.error.hasPrefix("rvu-cli: ") && run.error.contains("chromium"))
    #expect(run.error.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: pdf))

    // Without --format, a name ending in .pdf asks for a PDF (it wrote HTML into it).
    let implied = try AppRunner.run(
      "rvu-cli", ["report", "--db", folder + "/rvu.sqlite", "--output", pdf],
      environment: ["PATH": ""])
    #expect(implied.status == 69)
    #expect(!FileManager.default.fileExists(atPath: pdf))
  }

  private func card(_ label: String, _ value: String, _ change: String) -> String {
    "<p class=\"card-label\">\(label)</p><p class=\"card-value\">\(value)</p>"
      + "<p class=\"card-change \(change == "—" ? "none" : change.hasPrefix("▲") ? "improving" : "worsening")\">"
      + change
  }
}
