/// Values over evenly spaced categories (days, weeks) joined by a line, each value marked with a
/// point, with an optional goal line: energy trend, pace trend.
public struct LineChart: Sendable, Equatable {
  public var title: String
  public var description: String
  public var data: [ChartDatum]
  public var format: ValueFormat
  public var goal: ChartGoal?
  /// Whether the value axis starts at 0; off by default because trends such as pace or energy
  /// read better on an axis fitted to their range.
  public var includesZero: Bool
  public var emptyMessage: String

  /// Points are drawn while the line has at most this many; beyond it they would merge into a
  /// thick line and only add bytes.
  static let maximumMarkedPoints = 120

  public init(
    title: String, description: String, data: [ChartDatum], format: ValueFormat = .integer,
    goal: ChartGoal? = nil, includesZero: Bool = false,
    emptyMessage: String = "No data for this period."
  ) {
    self.title = title
    self.description = description
    self.data = data
    self.format = format
    self.goal = goal
    self.includesZero = includesZero
    self.emptyMessage = emptyMessage
  }

  var scale: NiceScale {
    var values = data.map(\.value) + (goal.map { [$0.value] } ?? [])
    if includesZero { values.append(0) }
    return NiceScale(
      covering: values.min() ?? 0, values.max() ?? 0, targetTicks: ChartStyle.targetTicks,
      clock: format.clock)
  }

  var table: DataTable { DataTable(caption: title, data: data, format: format) }
}

extension LineChart: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    html.categoryChart(
      title: title, description: description, isEmpty: data.isEmpty, emptyMessage: emptyMessage,
      table: table, categories: data.map(\.label), scale: scale, goal: goal, format: format
    ) { html, layout, _ in
      let points = data.enumerated().map { index, datum in
        (x: layout.slotLeft(index) + layout.slot / 2, y: layout.y(datum.value))
      }
      html.markup(
        "<polyline class=\"line\" fill=\"none\" stroke=\"\(ChartStyle.color(0))\" stroke-width=\"2.5\" points=\""
      )
      for (index, point) in points.enumerated() {
        if index > 0 { html.markup(" ") }
        html.markup(NumberText.coordinate(point.x) + "," + NumberText.coordinate(point.y))
      }
      html.markup("\"/>")
      if data.count <= Self.maximumMarkedPoints {
        html.markup("<g class=\"points\" fill=\"\(ChartStyle.color(0))\">")
        for (index, point) in points.enumerated() {
          html.markup(
            "<circle cx=\"\(NumberText.coordinate(point.x))\" cy=\"\(NumberText.coordinate(point.y))\" r=\"4\"><title>"
          )
          html.text(data[index].label + ": " + format.string(data[index].value))
          html.markup("</title></circle>")
        }
        html.markup("</g>")
      }
    }
  }
}
