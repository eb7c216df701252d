/// One piece of a report section: cards, a table, a chart or a paragraph.
///
/// A struct over an internal renderer rather than a protocol apps conform to, so every block is
/// written by this module and every text in it escaped.
public struct ReportBlock: Sendable {
  let content: any HTMLRenderable

  init(_ content: any HTMLRenderable) {
    self.content = content
  }

  public static func cards(_ cards: [SummaryCard]) -> ReportBlock {
    ReportBlock(SummaryCards(cards: cards))
  }
  public static func table(_ table: DataTable) -> ReportBlock {
    ReportBlock(TableBlock(table: table))
  }
  public static func paragraph(_ text: String) -> ReportBlock { ReportBlock(Paragraph(text: text)) }
  public static func chart(_ chart: BarChart) -> ReportBlock { ReportBlock(chart) }
  public static func chart(_ chart: GroupedBarChart) -> ReportBlock { ReportBlock(chart) }
  public static func chart(_ chart: HorizontalBarChart) -> ReportBlock { ReportBlock(chart) }
  public static func chart(_ chart: LineChart) -> ReportBlock { ReportBlock(chart) }
  public static func chart(_ chart: DonutChart) -> ReportBlock { ReportBlock(chart) }
  public static func chart(_ chart: HeatGrid) -> ReportBlock { ReportBlock(chart) }
  public static func chart(_ chart: RouteMap) -> ReportBlock { ReportBlock(chart) }
  public static func chart(_ chart: RouteOverlay) -> ReportBlock { ReportBlock(chart) }
  public static func chart(_ chart: ScatterChart) -> ReportBlock { ReportBlock(chart) }
  public static func sparkline(_ sparkline: Sparkline) -> ReportBlock { ReportBlock(sparkline) }
}

private struct TableBlock: HTMLRenderable {
  var table: DataTable

  func render(into html: inout HTMLWriter) {
    table.render(into: &html)
  }
}

private struct Paragraph: HTMLRenderable {
  var text: String

  func render(into html: inout HTMLWriter) {
    html.element("p", text)
  }
}

/// A titled part of a report, e.g. "Summary", "By period", "Top codes".
public struct ReportSection: Sendable {
  public var title: String
  public var blocks: [ReportBlock]

  public init(title: String, blocks: [ReportBlock]) {
    self.title = title
    self.blocks = blocks
  }
}
