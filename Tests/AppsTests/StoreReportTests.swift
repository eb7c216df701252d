import CLIKit
import Foundation
import Testing

@testable import StoreMetricsCommands

/// `store-metrics report` against a small hand-worked set of orders.
@Suite("store-metrics report")
struct StoreReportTests {
  private let folder = NSTemporaryDirectory() + "tally-store-report-" + UUID().uuidString
  /// Text no page may carry raw: a script tag, quotes and an ampersand.
  static let hostile = #"<script>alert("x")</script> & 'y'"#
  static let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"

  private func run(_ arguments: [String]) throws -> CommandRunner.Captured {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return CommandRunner.capture(
      StoreMetricsCommand.self, arguments: arguments + ["--db", folder + "/store.sqlite"])
  }

  /// s1 (UTC, hostile name): the week 03-04…03-10 has O1 (03-09 12:30, c1, hostile item in a
  /// hostile category, 2 × 5.00 = 10.00) and O2 (03-10 18:00, c2, Soup 3.50); the week before
  /// has O0 (03-01 09:00, c1, Soup 4.00). s2 (Uptown) has no orders.
  private func seeded() throws {
    #expect(
      try run(["stores", "add", "s1", "--name", Self.hostile, "--time-zone", "UTC"]).status == 0)
    #expect(try run(["stores", "add", "s2", "--name", "Uptown", "--time-zone", "UTC"]).status == 0)
    let quoted = "\"" + Self.hostile.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let csv = """
      order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,unit_price
      O0,s1,2026-03-01 09:00,completed,c1,Soup,Soups,1,4.00
      O1,s1,2026-03-09 12:30,completed,c1,\(quoted),\(quoted),2,5.00
      O2,s1,2026-03-10 18:00,completed,c2,Soup,Soups,1,3.50

      """
    let path = folder + "/orders.csv"
    try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
    let imported = try run(["import", path, "--as-of", "2026-03-10"])
    #expect(imported.status == 0, "\(imported.error)")
  }

  @Test("one store: cards, charts and tables carry the domain's numbers, worked out by hand")
  func oneStore() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try seeded()
    let result = try run(["report", "--store", "s1", "--range", "week", "--as-of", "2026-03-10"])
    #expect(result.status == 0, "\(result.error)")
    let html = result.output
    // Revenue 10.00 + 3.50 = 13.50 against 4.00: (13.50 − 4.00) ÷ 4.00 = +237.5%.
    #expect(html.contains(card("Revenue", "$13.50", "▲ up 237.5%")))
    // Orders 2 against 1: +100%. Average 13.50 ÷ 2 = 6.75 against 4.00: +68.75% → 68.8%.
    #expect(html.contains(card("Orders", "2", "▲ up 100.0%")))
    #expect(html.contains(card("Average order", "$6.75", "▲ up 68.8%")))
    #expect(html.contains("<p class=\"card-value\">2</p><p class=\"card-change none\">—"))
    // The week by day (7 points, Wed…Tue); Mon 03-09 10.00, Tue 03-10 3.50.
    #expect(html.contains("<th scope=\"row\">Mon</th><td class=\"num\">$10.00</td>"))
    #expect(html.contains("<th scope=\"row\">Tue</th><td class=\"num\">$3.50</td>"))
    // By hour: 12pm 10.00, 6pm 3.50; by part of the day: lunch 10.00, dinner 3.50.
    #expect(html.contains("<th scope=\"row\">12pm</th><td class=\"num\">$10.00</td>"))
    #expect(html.contains("<th scope=\"row\">6pm</th><td class=\"num\">$3.50</td>"))
    #expect(html.contains("<th scope=\"row\">Lunch</th><td class=\"num\">1</td>"))
    // Categories and items by revenue: the hostile one (1 order, 2 sold, 10.00), then Soup(s).
    #expect(
      html.contains(
        "<th scope=\"row\">\(Self.escaped)</th><td class=\"num\">1</td><td class=\"num\">2</td>"
          + "<td class=\"num\">$10.00</td>"))
    #expect(
      html.contains(
        "<th scope=\"row\">Soup</th><td class=\"num\">1</td><td class=\"num\">1</td>"
          + "<td class=\"num\">$3.50</td><td class=\"num\">$3.50</td>"))
  }

  @Test("every user text is escaped and every chart has its data table")
  func escapingAndTables() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try seeded()
    for arguments in [["--store", "s1"], []] {
      let html = try run(["report", "--range", "week", "--as-of", "2026-03-10"] + arguments).output
      #expect(!html.contains("<script"))
      #expect(html.contains(Self.escaped))
      let charts = html.components(separatedBy: "role=\"img\"").count - 1
      #expect(charts >= 1)
      #expect(html.components(separatedBy: "<summary>Data table</summary>").count - 1 == charts)
    }
  }

  @Test("no --store: one row per store with its KPIs and changes, — from nothing")
  func allStores() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try seeded()
    let html = try run(["report", "--range", "week", "--as-of", "2026-03-10"]).output
    #expect(
      html.contains(
        "<th scope=\"row\">\(Self.escaped) (s1)</th>"
          + "<td class=\"num\">$13.50</td><td class=\"num\">▲ up 237.5%</td>"
          + "<td class=\"num\">2</td><td class=\"num\">▲ up 100.0%</td>"
          + "<td class=\"num\">$6.75</td><td class=\"num\">▲ up 68.8%</td>"
          + "<td class=\"num\">2</td>"))
    #expect(
      html.contains(
        "<th scope=\"row\">Uptown (s2)</th>"
          + "<td class=\"num\">$0.00</td><td class=\"num\">—</td>"))
  }

  @Test("an unknown store writes nothing; PDF without Chromium exits 69 with one line")
  func errors() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try seeded()
    let refused = folder + "/refused.html"
    let unknown = try run(["report", "--store", "nope", "--output", refused])
    #expect(unknown.status == 66)
    #expect(!FileManager.default.fileExists(atPath: refused))

    let pdf = folder + "/report.pdf"
    let run = try AppRunner.run(
      "store-metrics",
      [
        "report", "--db", folder + "/store.sqlite", "--store", "s1", "--format", "pdf", "--output",
        pdf,
      ],
      environment: ["PATH": ""])
    #expect(run.status == 69)
    #expect(run.error.hasPrefix("store-metrics: ") && run.error.contains("chromium"))
    #expect(run.error.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: pdf))
  }

  private func card(_ label: String, _ value: String, _ change: String) -> String {
    "<p class=\"card-label\">\(label)</p><p class=\"card-value\">\(value)</p>"
      + "<p class=\"card-change \(change.hasPrefix("▲") ? "improving" : "worsening")\">" + change
  }
}
