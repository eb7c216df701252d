import CLIKit
import Foundation
import Testing

@testable import behavior_cli

/// `behavior-cli report weekly|monthly --format html|pdf`: figures worked out by hand from small
/// fixtures, user texts escaped, every chart with its table.
@Suite("behavior-cli report pages")
struct BehaviorReportTests {
  static let hostileName = "<script>alert(\"x\")</script>"
  static let hostileMedication = "<b>\"Med\"</b>"

  /// The weekly fixture, as of 2026-03-03 (window Feb 25 … Mar 3, UTC):
  /// - Mar 1: Energy Level 2 at 09:00 and 4 at 18:00; a dose of the medication at 08:00 (the first
  ///   thing logged: tracking starts Mar 1);
  /// - Mar 2: Sensory Overload 5; a dose;
  /// - Mar 3: the custom pattern (category Sensory) with intensity 3.
  static func weekly() -> BehaviorCapture {
    let cli = BehaviorCapture()
    for arguments in [
      ["meds", "add", hostileMedication, "--frequency", "daily", "--since", "2026-03-01"],
      [
        "meds", "log", hostileMedication, "--taken", "--effectiveness", "4", "--at",
        "2026-03-01 08:00",
      ],
      [
        "meds", "log", hostileMedication, "--taken", "--effectiveness", "3", "--at",
        "2026-03-02 08:00",
      ],
      ["log", "energy-level", "--intensity", "2", "--at", "2026-03-01 09:00"],
      ["log", "energy-level", "--intensity", "4", "--at", "2026-03-01 18:00"],
      ["log", "sensory-overload", "--intensity", "5", "--at", "2026-03-02 10:00"],
      [
        "log", "custom-pattern", "--name", hostileName, "--category", "sensory", "--intensity", "3",
        "--at", "2026-03-03 11:00",
      ],
    ] {
      let result = cli.run(arguments + ["--as-of", "2026-03-03"])
      precondition(result.status == 0, result.error)
    }
    return cli
  }

  static func row(_ cells: String...) -> String {
    "<th scope=\"row\">" + cells[0] + "</th>" + cells.dropFirst().map { $0 }.joined()
  }

  @Test("Weekly page: totals, shares, energy, intensity, streak and medication as worked out")
  func weeklyNumbers() throws {
    let cli = Self.weekly()
    defer { cli.remove() }
    let page = cli.run(["report", "weekly", "--format", "html", "--as-of", "2026-03-03"])
    #expect(page.status == 0, "\(page.error)")
    let html = page.output
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    // 4 entries over the 3 tracked days Mar 1–3: 4 / 3 = 1.333… → 1.33.
    #expect(html.contains("<p class=\"card-value\">4</p>"))
    #expect(html.contains("<p class=\"card-value\">1.33</p>"))
    // Streak: Mar 1, 2 and 3 logged.
    #expect(html.contains("<p class=\"card-value\">3 days</p>"))
    // Energy/Capacity: 2 of 4 = 50.0 %; Sensory (Sensory Overload and the custom one): 50.0 %.
    #expect(
      html.contains(
        "<th scope=\"row\">Energy/Capacity</th><td class=\"num\">2</td><td class=\"num\">50.0 %</td>"
      ))
    #expect(
      html.contains(
        "<th scope=\"row\">Sensory</th><td class=\"num\">2</td><td class=\"num\">50.0 %</td>"))
    // Energy on Mar 1: (2 + 4) / 2 = 3.00, its own line. Hard-day score: Mar 1 0 (energy is
    // not hardship), Mar 2 5 (Sensory Overload 5), Mar 3 0 (the custom pattern points neither
    // way); Feb 25–28 had nothing logged: gaps, not zeros.
    #expect(html.contains("<th scope=\"row\">Sun 1 Mar</th><td class=\"num\">3.00</td>"))
    #expect(html.contains("<th scope=\"row\">Mon 2 Mar</th><td class=\"num\">5</td>"))
    #expect(html.contains("<th scope=\"row\">Sun 1 Mar</th><td class=\"num\">0</td>"))
    #expect(html.contains("<th scope=\"row\">Wed 25 Feb</th><td class=\"num\">—</td>"))
    #expect(!html.contains("Intensity by day"))
    // Pattern frequency: Energy Level twice.
    #expect(html.contains("<th scope=\"row\">Energy Level</th><td class=\"num\">2</td>"))
    // Daily since Mar 1: 3 doses expected (Mar 1–3), 2 taken = 66.7 %; effectiveness (4 + 3) / 2.
    #expect(
      html.contains(
        "<th scope=\"row\">&lt;b&gt;&quot;Med&quot;&lt;/b&gt;</th>"
          + "<td class=\"num\">2 of 3 (daily)</td><td class=\"num\">66.7 %</td>"
          + "<td class=\"num\">3.50</td>"))
    // The hard-day bars: the four unlogged days draw none; Mar 1 and 3 are 0 high.
    let heights = ReportHTML.barHeights(html, figure: "Hard-day score by day")
    #expect(heights.count == 3)
    if heights.count == 3 {
      #expect(heights[0] == 0 && heights[1] > 0 && heights[2] == 0)
    }
  }

  @Test("Monthly page: the correlation with its r and n, worked out by hand")
  func monthlyNumbers() throws {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    // Energy 5 with 2 Sensory Overloads (Mar 1: hard-day score 3 + 3 = 6), 3 with 1 (Mar 2:
    // 3), 1 with none (Mar 3: 0); nothing logged Mar 4–10. x = [5, 3, 1], y = [6, 3, 0]:
    // deviations [2, 0, -2] and [3, 0, -3], r = 12 / √(8 × 18) = 1, n = 3 (low confidence).
    for arguments in [
      ["log", "energy-level", "--intensity", "5", "--at", "2026-03-01 09:00"],
      ["log", "sensory-overload", "--at", "2026-03-01 10:00"],
      ["log", "sensory-overload", "--at", "2026-03-01 11:00"],
      ["log", "energy-level", "--intensity", "3", "--at", "2026-03-02 09:00"],
      ["log", "sensory-overload", "--at", "2026-03-02 10:00"],
      ["log", "energy-level", "--intensity", "1", "--at", "2026-03-03 09:00"],
    ] {
      #expect(cli.run(arguments + ["--as-of", "2026-03-10"]).status == 0)
    }
    let page = cli.run(["report", "monthly", "--format", "html", "--as-of", "2026-03-10"])
    #expect(page.status == 0, "\(page.error)")
    #expect(
      page.output.contains(
        "<th scope=\"row\">Energy Level intensity</th><td>the hard-day score that day</td>"
          + "<td class=\"num\">1.00</td><td class=\"num\">3</td><td class=\"num\">—</td>"
          + "<td>low</td>"))
    // 3 Energy Level and 3 Sensory Overload entries: 50.0 % each.
    #expect(page.output.contains("<td class=\"num\">3</td><td class=\"num\">50.0 %</td>"))
    #expect(page.output.contains("Monthly behavior report"))
  }

  @Test("Every user text is escaped: a custom pattern's name, a medication's name")
  func escaping() throws {
    let cli = Self.weekly()
    defer { cli.remove() }
    for period in ["weekly", "monthly"] {
      let html = cli.run(["report", period, "--format", "html", "--as-of", "2026-03-03"]).output
      #expect(!html.contains("<script"))
      #expect(!html.contains("<b>"))
      #expect(!html.contains("\"x\""))
      #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
      #expect(html.contains("&lt;b&gt;&quot;Med&quot;&lt;/b&gt;"))
      // Private data: nothing is fetched from elsewhere.
      #expect(!html.contains("https://") && !html.contains("<link") && !html.contains("<img"))
    }
  }

  @Test("Every chart has a title, a description and its data table")
  func accessibleCharts() throws {
    let cli = Self.weekly()
    defer { cli.remove() }
    for period in ["weekly", "monthly"] {
      let html = cli.run(["report", period, "--format", "html", "--as-of", "2026-03-03"]).output
      // Legends draw their swatches as small SVGs too: count the charts by their accessible root.
      let charts = ReportHTML.count("role=\"img\"", in: html)
      #expect(charts == 5)  // patterns, categories, energy, intensity, adherence
      #expect(ReportHTML.count("<desc ", in: html) == charts)
      #expect(ReportHTML.count("<title id=", in: html) == charts)
      #expect(ReportHTML.count("<details><summary>Data table", in: html) == charts)
    }
  }

  @Test("Table, JSON and CSV are unchanged; --output needs a page format")
  func textFormats() throws {
    let cli = Self.weekly()
    defer { cli.remove() }
    let json = cli.run(["report", "weekly", "--format", "json", "--as-of", "2026-03-03"])
    #expect(json.status == 0)
    #expect(json.output.contains("\"total_entries\": 4"))
    let refused = cli.run(["report", "weekly", "--format", "csv", "--output", "x.csv"])
    #expect(refused.status == 64)
    #expect(refused.error.contains("--output"))
  }

  @Test("--format pdf without Chromium on PATH exits 69 and writes nothing")
  func pdfWithoutChromium() throws {
    let database = NSTemporaryDirectory() + "tally-behavior-pdf-\(UUID().uuidString).sqlite"
    let pdf = NSTemporaryDirectory() + "tally-behavior-\(UUID().uuidString).pdf"
    defer {
      for path in [database, database + "-wal", database + "-shm", pdf] {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    let result = try AppRunner.run(
      "behavior-cli",
      ["report", "monthly", "--format", "pdf", "--output", pdf, "--db", database],
      environment: ["PATH": ""])
    #expect(result.status == 69)
    #expect(result.error.contains("chromium"))
    #expect(result.error.split(separator: "\n").count == 1)
    #expect(result.output.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: pdf))
  }

  /// `--output` alone asks for a page, its kind from the name: `week.pdf` printed the table on
  /// standard output and wrote nothing.
  @Test("--output without --format writes a page: PDF for .pdf, else HTML")
  func outputImpliesPage() throws {
    let folder = NSTemporaryDirectory() + "tally-behavior-output-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = folder + "/behavior.sqlite"
    let html = folder + "/week.html"
    let page = try AppRunner.run(
      "behavior-cli", ["report", "weekly", "--output", html, "--db", database])
    #expect(page.status == 0)
    #expect(page.output.isEmpty)
    #expect(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))

    let pdf = folder + "/Month.PDF"
    let printed = try AppRunner.run(
      "behavior-cli", ["report", "monthly", "--output", pdf, "--db", database],
      environment: ["PATH": ""])
    #expect(printed.status == 69)
    #expect(printed.error.contains("chromium"))
    #expect(printed.output.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: pdf))
  }
}
