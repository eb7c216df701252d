import Testing

@testable import ReportKit

@Suite struct EscapingTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("", ""),
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("Tom & Jerry", "Tom &amp; Jerry"),
    ("say \"hi\"", "say &quot;hi&quot;"),
    ("it's", "it&#39;s"),
    ("&amp;", "&amp;amp;"),  // already-escaped text is text: escaped again, shown as typed
    ("café ▲ 😀", "café ▲ 😀"),  // non-ASCII passes through untouched
    ("a<b>c", "a&lt;b&gt;c"),
    // Issue 30: control characters are shown, not passed into the page (HTML forbids them).
    ("\u{1B}[31mred & <b>", #"\u{1b}[31mred &amp; &lt;b&gt;"#),
    ("bell\u{7} del\u{7F} csi\u{9B} ÷", #"bell\u{7} del\u{7f} csi\u{9b} ÷"#),
    ("tab\tline\nend\r", "tab\tline\nend\r"),
    // 0xC2 starts ° and £ as well as the C1 controls: only the controls are shown.
    ("4 °C, £12 \u{85}", #"4 °C, £12 \u{85}"#),
    ("4 °C, £12 · 3 kg·km", "4 °C, £12 · 3 kg·km"),
  ])
  func escapesTextAndAttributeCharacters(input: String, expected: String) {
    #expect(HTMLEscaping.escape(input) == expected)
  }
}

/// A text with every character that could break out of element text or a quoted attribute.
let hostile = "<script>alert('x')</script>\"&'"
let hostileEscaped = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&amp;&#39;"

@Suite struct EscapingInEverySlotTests {
  /// A page whose every user-text slot holds `hostile`.
  static func hostilePage() -> String {
    let data = [ChartDatum(hostile, 3), ChartDatum("b", 5)]
    let format = ValueFormat(decimals: 1, unit: hostile, prefix: "")
    return ReportPage(
      title: hostile, period: hostile, language: "en",
      sections: [
        ReportSection(
          title: hostile,
          blocks: [
            .cards([
              SummaryCard(
                label: hostile, value: hostile, comparison: hostile,
                sparkline: Sparkline(title: hostile, data: data, format: format))
            ]),
            .paragraph(hostile),
            .table(
              DataTable(
                caption: hostile, columns: [.init(hostile), .init(hostile, .numeric)],
                rows: [[hostile, hostile]])),
            .table(DataTable(caption: "e", columns: [.init("x")], rows: [], emptyMessage: hostile)),
            .chart(
              BarChart(
                title: hostile, description: hostile, data: data, format: format,
                goal: ChartGoal(label: hostile, value: 4))),
            .chart(BarChart(title: "e", description: "e", data: [], emptyMessage: hostile)),
            .chart(
              GroupedBarChart(
                title: hostile, description: hostile, categories: [hostile, "c"],
                series: [ChartSeries(name: hostile, values: [1, 2])], format: format)),
            .chart(
              HorizontalBarChart(title: hostile, description: hostile, data: data, format: format)),
            .chart(
              LineChart(
                title: hostile, description: hostile, data: data, format: format,
                goal: ChartGoal(label: hostile, value: 4))),
            .chart(DonutChart(title: hostile, description: hostile, data: data, format: format)),
            .chart(
              HeatGrid(
                title: hostile, description: hostile, rows: [hostile], columns: [hostile],
                values: [[1]], format: format)),
            .chart(
              RouteMap(
                title: hostile, description: hostile,
                points: [
                  RoutePoint(latitude: 51, longitude: 0, elevation: 10, distance: 0),
                  RoutePoint(latitude: 51.01, longitude: 0.01, elevation: 20, distance: 1300),
                ])),
          ])
      ]
    ).render()
  }

  @Test func noRawHostileTextAnywhere() {
    let page = Self.hostilePage()
    #expect(!page.contains("<script"))
    #expect(!page.contains("alert('x')"))
    #expect(!page.contains("\"&'"))
    // Every slot above wrote it escaped: title ×2 (head, h1) and many more.
    #expect(SVGInspection.count(hostileEscaped, in: page) >= 20)
  }

  @Test func languageAttributeIsEscapedToo() {
    let page = ReportPage(title: "t", language: "en\" onload=\"x", sections: []).render()
    #expect(page.contains("lang=\"en&quot; onload=&quot;x\""))
  }
}
