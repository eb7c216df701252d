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
    let plot = PlotArea()
    let (left, top, plotWidth, plotHeight) = (plot.left, plot.top, plot.width, plot.height)
    let values = series.flatMap(\.values)
    html.chartFigure(
      title: title, description: description,
      isEmpty: categories.isEmpty || series.isEmpty, emptyMessage: emptyMessage,
      table: table, width: ChartStyle.width, height: plot.svgHeight,
      legend: series.map(\.name)
    ) { html, id in
      let scale = NiceScale(
        covering: min(0, values.min() ?? 0), max(0, values.max() ?? 0),
        targetTicks: ChartStyle.targetTicks)
      html.seriesPatterns(chartID: id, count: series.count)
      html.valueAxis(scale, left: left, right: left + plotWidth, top: top, height: plotHeight)
      let slot = plotWidth / Double(categories.count)
      let groupWidth = slot * (1 - ChartStyle.barGap)
      let barWidth = groupWidth / Double(series.count)
      let baseline = top + plotHeight * (1 - scale.fraction(of: 0))
      for index in series.indices {
        html.markup("<g class=\"bars\" fill=\"\(html.seriesFill(chartID: id, index: index))\">")
        for category in categories.indices {
          let value = value(series: index, category: category)
          let y = top + plotHeight * (1 - scale.fraction(of: value))
          let x =
            left + slot * Double(category) + (slot - groupWidth) / 2 + barWidth * Double(index)
          html.markup(
            "<rect class=\"bar\" x=\"\(NumberText.coordinate(x))\" y=\"\(NumberText.coordinate(min(y, baseline)))\" width=\"\(NumberText.coordinate(barWidth))\" height=\"\(NumberText.coordinate(abs(baseline - y)))\" stroke=\"#fff\" stroke-width=\"0.5\"><title>"
          )
          html.text(
            categories[category] + ", " + series[index].name + ": " + format.string(value))
          html.markup("</title></rect>")
        }
        html.markup("</g>")
      }
      html.categoryLabels(
        categories, left: left, slotWidth: slot, y: top + plotHeight + ChartStyle.fontSize + 8)
    }
  }
}
