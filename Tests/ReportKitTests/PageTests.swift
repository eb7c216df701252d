import AnalyticsCore
import Foundation
import Testing

@testable import ReportKit

@Suite struct SummaryCardTests {
  @Test(arguments: [
    (112.3, 100.0, "▲ up 12.3%"),  // (112.3 − 100) / 100 = 12.3%
    (96.0, 100.0, "▼ down 4.0%"),  // (96 − 100) / 100 = −4%
    (100.0, 100.0, "no change"),
    (5.0, 0.0, "—"),  // from nothing: no percentage
  ])
  func changeIsWrittenInWords(current: Double, previous: Double, expected: String) {
    let card = SummaryCard(
      label: "l", value: "v", change: Change(current: current, previous: previous))
    #expect(card.changeText == expected)
  }

  @Test func noChangeGivenShowsADash() {
    #expect(SummaryCard(label: "l", value: "v").changeText == "—")
  }

  @Test func lowerIsBetterTintsADropAsImproving() {
    let card = SummaryCard(
      label: "Pace", value: "9:30", change: Change(current: 9.5, previous: 10, lowerIsBetter: true))
    #expect(card.changeText == "▼ down 5.0%")
    #expect(card.assessmentClass == "improving")
  }
}

@Suite struct ReportPageTests {
  static func samplePage() -> ReportPage {
    let days = (0..<365).map { ChartDatum("Day \($0 + 1)", Double(($0 * 37) % 23)) }
    let hours = (0..<24).map(String.init)
    let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    let grid = weekdays.indices.map { row in
      hours.indices.map { column -> Double? in column < 6 ? nil : Double((row * 24 + column) % 11) }
    }
    return ReportPage(
      title: "Sample report", period: "2026", asOf: LocalDate(year: 2026, month: 12, day: 31),
      generatedAt: Instant(millisecondsSinceEpoch: 1_798_675_200_000 + 59_999), zone: nil,
      sections: [
        ReportSection(
          title: "Summary",
          blocks: [
            .cards([
              SummaryCard(
                label: "Work RVUs", value: "1,234.50",
                change: Change(current: 1234.5, previous: 1100),
                comparison: "vs 2025",
                sparkline: Sparkline(title: "Work RVUs by month", data: Array(days.prefix(12)))),
              SummaryCard(label: "No-shows", value: "3", change: Change(current: 3, previous: 0)),
            ]),
            .chart(BarChart(title: "Per day", description: "Work RVUs per day.", data: days)),
            .chart(
              GroupedBarChart(
                title: "Weeks", description: "This year against last.",
                categories: ["W1", "W2", "W3"],
                series: [
                  ChartSeries(name: "2026", values: [3, 4, 5]),
                  ChartSeries(name: "2025", values: [2, 5, 1]),
                ])),
            .chart(
              HorizontalBarChart(
                title: "Top codes", description: "Codes by RVUs.",
                data: [ChartDatum("99213 Office visit, established", 40), ChartDatum("99214", 31)])),
            .chart(
              LineChart(
                title: "Energy", description: "Energy per day.", data: Array(days.prefix(30)),
                goal: ChartGoal(label: "Target", value: 12))),
            .chart(
              DonutChart(
                title: "Categories", description: "Share of entries per category.",
                data: [
                  ChartDatum("Sensory", 12), ChartDatum("Social", 7), ChartDatum("Routine", 5),
                ])),
            .chart(
              HeatGrid(
                title: "By hour", description: "Orders by weekday and hour.", rows: weekdays,
                columns: hours, values: grid)),
            .chart(
              RouteMap(
                title: "Route", description: "The session's track.",
                points: RouteMapTests.track(count: 3000))),
            .table(
              DataTable(
                caption: "Records", columns: [.init("Record"), .init("Value", .numeric)],
                rows: [["Longest", "12.4 km"], ["Heaviest", "30 kg"]])),
            .paragraph("Generated from the demo data."),
          ])
      ])
  }

  @Test func pageIsSelfContained() throws {
    let html = Self.samplePage().render()
    #expect(html.hasPrefix("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"))
    #expect(html.contains("<meta name=\"viewport\""))
    #expect(!html.lowercased().contains("<script"))
    #expect(!html.contains("https://"))
    // The only http:// is the SVG namespace, which is a name, not a fetch.
    #expect(
      html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        .contains("http://") == false)
    // Every url( points inside the page.
    for match in html.matches(of: /url\(([^)]*)\)/) {
      #expect(match.1.hasPrefix("#"), "\(match.0)")
    }
    #expect(!html.contains("@import") && !html.contains("<link") && !html.contains("<img"))
  }

  @Test func subtitleHasPeriodAsOfAndGenerationTime() {
    let html = Self.samplePage().render()
    // 1,798,675,200 s = 20,818 days = 2026-12-31 00:00 UTC; the 59.999 s after it are not shown.
    #expect(
      html.contains(
        "<p class=\"subtitle\">2026 · as of 2026-12-31 · generated 2026-12-31 00:00 UTC</p>"))
  }

  @Test func printStylesheetKeepsEveryChartCardAndTableWhole() {
    let html = Self.samplePage().render()
    #expect(html.contains("@page{size:auto;margin:"))
    #expect(html.contains("figure,.card,table,.cards{break-inside:avoid"))
  }

  @Test func chartIdsAreUniqueOnThePage() {
    let html = Self.samplePage().render()
    let ids = html.matches(of: /\sid="([^"]+)"/).map { String($0.1) }
    #expect(ids.count == Set(ids).count)
    #expect(ids.count > 10)
  }

  /// Writes the sample page for `scripts/validate-html`, which runs the Nu HTML checker on it.
  @Test func writesTheSamplePageForValidation() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tally-reportkit-sample.html")
    try Self.samplePage().render().write(to: url, atomically: true, encoding: .utf8)
    #expect(FileManager.default.fileExists(atPath: url.path))
  }
}

/// A card's value is smaller the longer it is, so a year's revenue stays inside its card (at
/// 1.6rem `$817,860.05` ran past the border in Chromium at 1280 px).
@Suite("Card values")
struct CardValueTests {
  @Test(
    "size by length",
    arguments: [
      ("$38.31", ""), ("21,350", ""), ("$62,624", ""), ("$62,624.45", " long"),
      ("$817,860.05", " long"), ("$1,234,567.89", " longer"), ("$12,345,678.90", " longer"),
    ])
  func size(value: String, sizeClass: String) {
    #expect(SummaryCards.sizeClass(value) == sizeClass)
  }
}
