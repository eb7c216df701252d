import Foundation

/// Shares of a whole as a ring, each slice with its own colour and pattern, and a legend that
/// writes every label with its percentage and value, so the shares are read, not guessed from
/// angles: category distribution, revenue by category.
public struct DonutChart: Sendable, Equatable {
  public var title: String
  public var description: String
  /// Slices in order, clockwise from twelve o'clock; negative values count as 0.
  public var data: [ChartDatum]
  public var format: ValueFormat
  public var emptyMessage: String

  static let size = 240.0
  static let outerRadius = 110.0
  static let innerRadius = 64.0

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

  var total: Double { data.reduce(0) { $0 + max(0, $1.value) } }

  /// Each slice's share of the total in percent (scaling only: value ÷ total × 100).
  var percentages: [Double] {
    let total = self.total
    return data.map { total > 0 ? max(0, $0.value) / total * 100 : 0 }
  }

  var legendEntries: [String] {
    zip(data, percentages).map { datum, percent in
      datum.label + " — " + NumberText.grouped(percent, decimals: 1) + "% ("
        + format.string(datum.value) + ")"
    }
  }

  var table: DataTable {
    DataTable(
      caption: title,
      columns: [.init("Label"), .init("Value", .numeric), .init("Share", .numeric)],
      rows: zip(data, percentages).map { datum, percent in
        [datum.label, format.string(datum.value), NumberText.grouped(percent, decimals: 1) + "%"]
      })
  }
}

extension DonutChart: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    html.chartFigure(
      title: title, description: description, isEmpty: total <= 0, emptyMessage: emptyMessage,
      table: table, width: Self.size, height: Self.size, className: "chart donut",
      legend: legendEntries
    ) { html, id in
      html.seriesPatterns(chartID: id, count: data.count)
      let center = Self.size / 2
      var start = 0.0
      for (index, percent) in percentages.enumerated() where percent > 0 {
        let sweep = percent / 100 * 360
        html.markup(
          "<path class=\"slice\" fill=\"\(html.seriesFill(chartID: id, index: index))\" stroke=\"#fff\" stroke-width=\"1\" d=\""
        )
        html.markup(Self.ringSegment(center: center, from: start, sweep: sweep))
        html.markup("\"><title>")
        html.text(legendEntries[index])
        html.markup("</title></path>")
        start += sweep
      }
    }
  }

  /// Path data of the ring between `from` and `from + sweep` degrees, clockwise from twelve
  /// o'clock. A full ring is drawn as two half arcs, since one SVG arc cannot start and end at the
  /// same point.
  static func ringSegment(center: Double, from start: Double, sweep: Double) -> String {
    if sweep >= 360 - 1e-9 {
      return ringSegment(center: center, from: start, sweep: 180) + " "
        + ringSegment(center: center, from: start + 180, sweep: 180)
    }
    func point(_ radius: Double, _ degrees: Double) -> String {
      let radians = degrees * .pi / 180
      return NumberText.coordinate(center + radius * sin(radians)) + " "
        + NumberText.coordinate(center - radius * cos(radians))
    }
    let large = sweep > 180 ? 1 : 0
    let outer = NumberText.coordinate(outerRadius)
    let inner = NumberText.coordinate(innerRadius)
    return "M" + point(outerRadius, start) + "A" + outer + " " + outer + " 0 \(large) 1 "
      + point(outerRadius, start + sweep) + "L" + point(innerRadius, start + sweep) + "A" + inner
      + " " + inner + " 0 \(large) 0 " + point(innerRadius, start) + "Z"
  }
}
