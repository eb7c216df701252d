/// One horizontal bar per category with the category's name at its left and its value at the
/// bar's end: for long names (pattern types, HCPCS descriptions, item names) that would never fit
/// under vertical bars.
public struct HorizontalBarChart: Sendable, Equatable {
  public var title: String
  public var description: String
  public var data: [ChartDatum]
  public var format: ValueFormat
  public var emptyMessage: String

  /// Height of one row: the font plus room between bars.
  static let rowHeight = 28.0
  /// Names longer than this many characters are cut with "…" in the drawing (never in the
  /// table), so the bars keep at least half the width.
  static let maximumNameLength = 28

  public init(
    title: String, description: String, data: [ChartDatum], format: ValueFormat = .integer,
    emptyMessage: String = "No data for this period."
  ) {
    self.title = title
    self.description = description
    self.data = data
    self.format = format
    self.emptyMessage = emptyMessage
  }

  var table: DataTable { DataTable(caption: title, data: data, format: format) }

  static func shortName(_ name: String) -> String {
    name.count <= maximumNameLength ? name : String(name.prefix(maximumNameLength - 1)) + "…"
  }
}

extension HorizontalBarChart: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    let names = data.map { Self.shortName($0.label) }
    let values = data.map { format.string($0.value) }
    let nameWidth = (names.map { ChartStyle.textWidth($0) }.max() ?? 0) + ChartStyle.labelGap * 2
    let valueWidth = (values.map { ChartStyle.textWidth($0) }.max() ?? 0) + ChartStyle.labelGap * 2
    let left = nameWidth
    let plotWidth = ChartStyle.width - left - valueWidth
    let height = Self.rowHeight * Double(data.count) + ChartStyle.labelGap * 2
    html.chartFigure(
      title: title, description: description, isEmpty: data.isEmpty, emptyMessage: emptyMessage,
      table: table, width: ChartStyle.width, height: height
    ) { html, _ in
      // Bars grow from 0 to the right; a negative value is drawn as an empty bar, its number still
      // written.
      let scale = NiceScale(covering: 0, max(0, data.map(\.value).max() ?? 0))
      html.markup("<g class=\"hbars\">")
      for (index, datum) in data.enumerated() {
        let y = ChartStyle.labelGap + Self.rowHeight * Double(index)
        let barLength = plotWidth * max(0, scale.fraction(of: datum.value))
        let middle = NumberText.coordinate(y + Self.rowHeight / 2)
        html.markup(
          "<text x=\"\(NumberText.coordinate(left - ChartStyle.labelGap))\" y=\"\(middle)\" text-anchor=\"end\" dominant-baseline=\"middle\">"
        )
        html.text(names[index])
        html.markup(
          "</text><rect class=\"bar\" x=\"\(NumberText.coordinate(left))\" y=\"\(NumberText.coordinate(y + 4))\" width=\"\(NumberText.coordinate(barLength))\" height=\"\(NumberText.coordinate(Self.rowHeight - 8))\" fill=\"\(ChartStyle.color(0))\"><title>"
        )
        html.text(datum.label + ": " + values[index])
        html.markup(
          "</title></rect><text class=\"value\" x=\"\(NumberText.coordinate(left + barLength + ChartStyle.labelGap))\" y=\"\(middle)\" dominant-baseline=\"middle\">"
        )
        html.text(values[index])
        html.markup("</text>")
      }
      html.markup("</g>")
    }
  }
}
