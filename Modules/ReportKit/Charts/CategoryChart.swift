/// Where a chart over evenly spaced categories (bars, grouped bars, a line) puts its marks.
struct CategoryLayout {
  let plot: PlotArea
  let scale: NiceScale
  /// The width each category gets.
  let slot: Double

  /// The vertical position of `value` on the value axis.
  func y(_ value: Double) -> Double { plot.top + plot.height * (1 - scale.fraction(of: value)) }

  /// The left edge of category `index`'s slot.
  func slotLeft(_ index: Int) -> Double { plot.left + slot * Double(index) }
}

extension HTMLWriter {
  /// A chart with a value axis over evenly spaced categories: the figure, the axis, the marks
  /// `marks` writes, the goal line over them and the thinned category labels under them.
  mutating func categoryChart(
    title: String, description: String, isEmpty: Bool, emptyMessage: String, table: DataTable,
    categories: [String], scale: NiceScale, goal: ChartGoal?, format: ValueFormat,
    legend: [String] = [],
    marks: (inout HTMLWriter, _ layout: CategoryLayout, _ chartID: String) -> Void
  ) {
    let plot = PlotArea.fitting(scale, format: format)
    chartFigure(
      title: title, description: description, isEmpty: isEmpty, emptyMessage: emptyMessage,
      table: table, width: ChartStyle.width, height: plot.svgHeight, legend: legend
    ) { html, id in
      let layout = CategoryLayout(
        plot: plot, scale: scale, slot: plot.width / Double(max(categories.count, 1)))
      let right = plot.left + plot.width
      html.valueAxis(
        scale, left: plot.left, right: right, top: plot.top, height: plot.height, format: format)
      marks(&html, layout, id)
      if let goal {
        html.goalLine(goal, y: layout.y(goal.value), left: plot.left, right: right, format: format)
      }
      html.categoryLabels(
        categories, left: plot.left, slotWidth: layout.slot,
        y: plot.top + plot.height + ChartStyle.fontSize + 8)
    }
  }
}
