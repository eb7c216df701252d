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
  /// Values the axis always covers (a rating's whole 1–5 scale), so one day's 2 is not drawn as
  /// the middle of a 1.8–2.2 axis.
  public var covers: ClosedRange<Double>?
  public var emptyMessage: String

  /// Points are drawn while the line has at most this many; beyond it they would merge into a
  /// thick line and only add bytes.
  static let maximumMarkedPoints = 120

  public init(
    title: String, description: String, data: [ChartDatum], format: ValueFormat = .integer,
    goal: ChartGoal? = nil, includesZero: Bool = false, covers: ClosedRange<Double>? = nil,
    emptyMessage: String = "No data for this period."
  ) {
    self.covers = covers
    self.title = title
    self.description = description
    self.data = data
    self.format = format
    self.goal = goal
    self.includesZero = includesZero
    self.emptyMessage = emptyMessage
  }

  var scale: NiceScale {
    var values = data.filter { !$0.isMissing }.map(\.value) + (goal.map { [$0.value] } ?? [])
    if includesZero { values.append(0) }
    if let covers { values += [covers.lowerBound, covers.upperBound] }
    return NiceScale(
      covering: values.min() ?? 0, values.max() ?? 0, targetTicks: ChartStyle.targetTicks,
      clock: format.clock)
  }

  var table: DataTable { DataTable(caption: title, data: data, format: format) }
}

extension LineChart: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    html.categoryChart(
      title: title, description: description, isEmpty: data.allSatisfy(\.isMissing), emptyMessage: emptyMessage,
      table: table, categories: data.map(\.label), scale: scale, goal: goal, format: format
    ) { html, layout, _ in
      let points = data.enumerated().map { index, datum in
        (
          x: layout.slotLeft(index) + layout.slot / 2,
          y: datum.isMissing ? .nan : layout.y(datum.value)
        )
      }
      // A missing value breaks the line: one polyline per run of values, so a day without data
      // is a gap rather than a straight line between its neighbours.
      var runs: [[(x: Double, y: Double)]] = [[]]
      for point in points {
        if point.y.isNaN {
          if !runs[runs.count - 1].isEmpty { runs.append([]) }
        } else {
          runs[runs.count - 1].append(point)
        }
      }
      for run in runs where run.count > 1 {
        html.markup(
          "<polyline class=\"line\" fill=\"none\" stroke=\"\(ChartStyle.color(0))\" stroke-width=\"2.5\" points=\""
        )
        for (index, point) in run.enumerated() {
          if index > 0 { html.markup(" ") }
          html.markup(NumberText.coordinate(point.x) + "," + NumberText.coordinate(point.y))
        }
        html.markup("\"/>")
      }
      // A value alone between gaps is drawn as its point, whatever the count.
      if data.count <= Self.maximumMarkedPoints || runs.contains(where: { $0.count == 1 }) {
        html.markup("<g class=\"points\" fill=\"\(ChartStyle.color(0))\">")
        for (index, point) in points.enumerated() where !point.y.isNaN {
          if data.count > Self.maximumMarkedPoints,
            !runs.contains(where: { $0.count == 1 && $0[0].x == point.x })
          {
            continue
          }
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
