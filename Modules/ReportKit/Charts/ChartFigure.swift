/// The parts every chart shares: the figure around it, the accessible SVG root, the empty state,
/// the data table, fill patterns, axes and legends.
extension HTMLWriter {
  /// Writes a chart as `<figure>` with a visible caption, the SVG (`role="img"`, `<title>` and
  /// `<desc>` referenced by `aria-labelledby`) and its numbers in a table inside `<details>`, so a
  /// screen reader gets the numbers and a sighted reader can open them.
  ///
  /// When `isEmpty`, the figure holds `emptyMessage` instead of an axis with nothing on it.
  mutating func chartFigure(
    title: String, description: String, isEmpty: Bool, emptyMessage: String,
    table: DataTable, width: Double, height: Double, className: String = "chart",
    legend: [String] = [],
    drawing: (inout HTMLWriter, _ id: String) -> Void,
    footer: (inout HTMLWriter) -> Void = { _ in }
  ) {
    html(figureClass: className, title: title)
    guard !isEmpty else {
      markup("<p class=\"empty-state\">")
      text(emptyMessage)
      markup("</p></figure>")
      return
    }
    let id = uniqueID("chart")
    svgRoot(id: id, title: title, description: description, width: width, height: height)
    drawing(&self, id)
    markup("</svg>")
    if !legend.isEmpty { self.legend(chartID: id, entries: legend) }
    footer(&self)
    markup("<details><summary>Data table</summary>")
    table.render(into: &self)
    markup("</details></figure>")
  }

  private mutating func html(figureClass: String, title: String) {
    markup("<figure class=\"\(figureClass)\"><figcaption>")
    text(title)
    markup("</figcaption>")
  }

  /// Opens an `<svg>` whose accessible name and description are its `<title>` and `<desc>`.
  mutating func svgRoot(
    id: String, title: String, description: String, width: Double, height: Double
  ) {
    markup(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(NumberText.coordinate(width)) "
        + "\(NumberText.coordinate(height))\" role=\"img\" aria-labelledby=\"\(id)-title\" aria-describedby=\"\(id)-desc\">"
    )
    markup("<title id=\"\(id)-title\">")
    text(title)
    markup("</title><desc id=\"\(id)-desc\">")
    text(description)
    markup("</desc>")
  }

  /// Defines one fill per series: a solid colour for the first, then the colour overlaid with a
  /// distinct white pattern (diagonal lines, dots, cross-hatch, horizontal, vertical lines), so
  /// series stay apart in greyscale print and for readers who do not see the colours.
  mutating func seriesPatterns(chartID: String, count: Int) {
    markup("<defs>")
    for index in 1..<max(count, 1) {
      let color = ChartStyle.color(index)
      markup(
        "<pattern id=\"\(chartID)-fill-\(index)\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">"
          + "<rect width=\"8\" height=\"8\" fill=\"\(color)\"/>")
      switch (index - 1) % 5 {
      case 0:
        markup("<path d=\"M0 8L8 0M-2 2L2 -2M6 10L10 6\" stroke=\"#fff\" stroke-width=\"1.5\"/>")
      case 1: markup("<circle cx=\"4\" cy=\"4\" r=\"1.6\" fill=\"#fff\"/>")
      case 2: markup("<path d=\"M0 8L8 0M0 0L8 8\" stroke=\"#fff\" stroke-width=\"1.2\"/>")
      case 3: markup("<path d=\"M0 4H8\" stroke=\"#fff\" stroke-width=\"1.5\"/>")
      default: markup("<path d=\"M4 0V8\" stroke=\"#fff\" stroke-width=\"1.5\"/>")
      }
      markup("</pattern>")
    }
    markup("</defs>")
  }

  /// The `fill` value for series `index` (a page-internal `url(#…)` for patterned ones).
  func seriesFill(chartID: String, index: Int) -> String {
    index == 0 ? ChartStyle.color(0) : "url(#\(chartID)-fill-\(index))"
  }

  /// Horizontal grid lines with their tick values left of the plot.
  mutating func valueAxis(
    _ scale: NiceScale, left: Double, right: Double, top: Double, height: Double,
    format: ValueFormat = ValueFormat()
  ) {
    markup("<g class=\"axis\">")
    for tick in scale.ticks {
      let y = top + height * (1 - scale.fraction(of: tick))
      let yText = NumberText.coordinate(y)
      markup(
        "<line x1=\"\(NumberText.coordinate(left))\" x2=\"\(NumberText.coordinate(right))\" y1=\"\(yText)\" y2=\"\(yText)\"/>"
          + "<text x=\"\(NumberText.coordinate(left - 8))\" y=\"\(yText)\" text-anchor=\"end\" dominant-baseline=\"middle\">"
      )
      text(format.tick(tick, decimals: scale.decimals))
      markup("</text>")
    }
    markup("</g>")
  }

  /// Category labels centred under their slots, thinned by `LabelThinning` so none overlap.
  mutating func categoryLabels(_ labels: [String], left: Double, slotWidth: Double, y: Double) {
    let stride = LabelThinning.stride(labels: labels, slotWidth: slotWidth)
    markup("<g class=\"x-labels\" text-anchor=\"middle\">")
    for index in Swift.stride(from: 0, to: labels.count, by: stride) {
      let x = left + slotWidth * (Double(index) + 0.5)
      markup("<text x=\"\(NumberText.coordinate(x))\" y=\"\(NumberText.coordinate(y))\">")
      text(labels[index])
      markup("</text>")
    }
    markup("</g>")
  }

  /// A dashed target line across the plot with its label written above the line's right end.
  mutating func goalLine(
    _ goal: ChartGoal, y: Double, left: Double, right: Double, format: ValueFormat
  ) {
    markup("<g class=\"goal\">")
    goalLineMarkup(
      y: y, left: left, right: right, label: goal.label + " " + format.string(goal.value))
    markup("</g>")
  }

  /// A legend under the chart as HTML (so it wraps on narrow screens), one swatch per entry drawn
  /// with the entry's fill, then its label text.
  mutating func legend(chartID: String, entries: [String]) {
    markup("<ul class=\"legend\">")
    for (index, entry) in entries.enumerated() {
      markup(
        "<li><svg class=\"swatch\" viewBox=\"0 0 16 16\" aria-hidden=\"true\">")
      // Ids are page-wide, so the swatch reuses the pattern the chart's SVG defined.
      let fill = seriesFill(chartID: chartID, index: index)
      markup("<rect width=\"16\" height=\"16\" fill=\"\(fill)\"/></svg>")
      text(entry)
      markup("</li>")
    }
    markup("</ul>")
  }
}
