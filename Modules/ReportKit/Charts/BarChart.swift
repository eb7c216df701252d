/// Vertical bars, one per labelled value, from a zero baseline, with value labels above the bars
/// when they fit and an optional goal line. For RVUs per period, weekly distance, daily revenue.
public struct BarChart: Sendable, Equatable {
  public var title: String
  /// What the chart shows in a sentence, read by screen readers before the table.
  public var description: String
  public var data: [ChartDatum]
  public var format: ValueFormat
  public var goal: ChartGoal?
  public var emptyMessage: String

  public init(
    title: String, description: String, data: [ChartDatum], format: ValueFormat = .integer,
    goal: ChartGoal? = nil, emptyMessage: String = "No data for this period."
  ) {
    self.title = title
    self.description = description
    self.data = data
    self.format = format
    self.goal = goal
    self.emptyMessage = emptyMessage
  }

  var scale: NiceScale {
    let values = data.filter { !$0.isMissing }.map(\.value) + (goal.map { [$0.value] } ?? [])
    return NiceScale(
      covering: min(0, values.min() ?? 0), max(0, values.max() ?? 0),
      targetTicks: ChartStyle.targetTicks, clock: format.clock)
  }

  var table: DataTable { DataTable(caption: title, data: data, format: format) }
}

extension BarChart: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    html.categoryChart(
      title: title, description: description, isEmpty: data.allSatisfy(\.isMissing),
      emptyMessage: emptyMessage,
      table: table, categories: data.map(\.label), scale: scale, goal: goal, format: format
    ) { html, layout, chartID in
      let barWidth = layout.slot * (1 - ChartStyle.barGap)
      if data.contains(where: \.partial) {
        // A partial period: the bar's colour under white diagonal lines.
        html.markup(
          "<defs><pattern id=\"\(chartID)-partial\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\"><rect width=\"6\" height=\"6\" fill=\"\(ChartStyle.color(0))\"/><path d=\"M0 6L6 0M-1 1L1 -1M5 7L7 5\" stroke=\"#fff\" stroke-width=\"1.5\"/></pattern></defs>"
        )
      }
      let baseline = layout.y(0)
      let labels = data.map { $0.isMissing ? "" : format.string($0.value) }
      // Value labels only when every one fits over its bar; otherwise the table carries them.
      let writesValues = labels.allSatisfy {
        ChartStyle.textWidth($0) + ChartStyle.labelGap <= layout.slot
      }
      html.markup("<g class=\"bars\" fill=\"\(ChartStyle.color(0))\">")
      // A missing value keeps its slot empty: the axis stays one of time.
      for (index, datum) in data.enumerated() where !datum.isMissing {
        let y = layout.y(datum.value)
        let x = layout.slotLeft(index) + (layout.slot - barWidth) / 2
        let fill = datum.partial ? " fill=\"url(#\(chartID)-partial)\"" : ""
        html.markup(
          "<rect class=\"bar\" x=\"\(NumberText.coordinate(x))\" y=\"\(NumberText.coordinate(min(y, baseline)))\" width=\"\(NumberText.coordinate(barWidth))\" height=\"\(NumberText.coordinate(abs(baseline - y)))\"\(fill)><title>"
        )
        html.text(datum.label + ": " + labels[index] + (datum.partial ? " (partial period)" : ""))
        html.markup("</title></rect>")
        if writesValues {
          let labelY =
            datum.value >= 0 ? min(y, baseline) - 6 : max(y, baseline) + ChartStyle.fontSize + 2
          html.markup(
            "<text class=\"value\" x=\"\(NumberText.coordinate(x + barWidth / 2))\" y=\"\(NumberText.coordinate(labelY))\" text-anchor=\"middle\">"
          )
          html.text(labels[index])
          html.markup("</text>")
        }
      }
      html.markup("</g>")
    }
  }
}
