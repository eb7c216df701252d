/// Bars side by side per category, one per series, each series with its own colour AND pattern
/// and named in a legend: this week against last, or several stores per month.
public struct GroupedBarChart: Sendable, Equatable {
  public var title: String
  public var description: String
  public var categories: [String]
  /// Each series has one value per category; missing trailing values are drawn as 0.
  public var series: [ChartSeries]
  public var format: ValueFormat
  public var emptyMessage: String

  public init(
    title: String, description: String, categories: [String], series: [ChartSeries],
    format: ValueFormat = .integer, emptyMessage: String = "No data for this period."
  ) {
    self.title = title
    self.description = description
    self.categories = categories
    self.series = series
    self.format = format
    self.emptyMessage = emptyMessage
  }

  func value(series index: Int, category: Int) -> Double {
    let values = series[index].values
    return category < values.count ? values[category] : 0
  }

  var table: DataTable {
    DataTable(
      caption: title,
      columns: [.init("Category")] + series.map { .init($0.name, .numeric) },
      rows: categories.indices.map { category in
        [categories[category]]
          + series.indices.map { format.string(value(series: $0, category: category)) }
      })
  }
}

extension GroupedBarChart: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    let values = series.flatMap(\.values)
    let scale = NiceScale(
      covering: min(0, values.min() ?? 0), max(0, values.max() ?? 0),
      targetTicks: ChartStyle.targetTicks, clock: format.clock)
    html.categoryChart(
      title: title, description: description, isEmpty: categories.isEmpty || series.isEmpty,
      emptyMessage: emptyMessage, table: table, categories: categories, scale: scale, goal: nil,
      format: format, legend: series.map(\.name)
    ) { html, layout, id in
      html.seriesPatterns(chartID: id, count: series.count)
      let groupWidth = layout.slot * (1 - ChartStyle.barGap)
      let barWidth = groupWidth / Double(series.count)
      let baseline = layout.y(0)
      for index in series.indices {
        html.markup("<g class=\"bars\" fill=\"\(html.seriesFill(chartID: id, index: index))\">")
        for category in categories.indices {
          let value = value(series: index, category: category)
          let y = layout.y(value)
          let x =
            layout.slotLeft(category) + (layout.slot - groupWidth) / 2 + barWidth * Double(index)
          html.markup(
            "<rect class=\"bar\" x=\"\(NumberText.coordinate(x))\" y=\"\(NumberText.coordinate(min(y, baseline)))\" width=\"\(NumberText.coordinate(barWidth))\" height=\"\(NumberText.coordinate(abs(baseline - y)))\" stroke=\"#fff\" stroke-width=\"0.5\"><title>"
          )
          html.text(
            categories[category] + ", " + series[index].name + ": " + format.string(value))
          html.markup("</title></rect>")
        }
        html.markup("</g>")
      }
    }
  }
}
