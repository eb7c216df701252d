/// A point of a scatter chart: what it is, where it sits, and which group it belongs to.
public struct ScatterPoint: Sendable, Equatable {
  public var label: String
  public var x: Double
  public var y: Double
  /// Index into the chart's `groups`.
  public var group: Int

  public init(_ label: String, x: Double, y: Double, group: Int = 0) {
    self.label = label
    self.x = x
    self.y = y
    self.group = group
  }
}

/// Points on two value axes, each group with its own colour and shape (circle, square, triangle,
/// diamond: apart in greyscale too), with optional reference lines across and along the plot
/// that divide it into quadrants: the menu-engineering matrix (mix share against margin).
public struct ScatterChart: Sendable, Equatable {
  public var title: String
  public var description: String
  public var points: [ScatterPoint]
  public var groups: [String]
  public var xTitle: String, yTitle: String
  public var xFormat: ValueFormat, yFormat: ValueFormat
  /// A vertical line at this x and a horizontal one at this y, each with its label.
  public var xReference: (value: Double, label: String)?
  public var yReference: (value: Double, label: String)?
  public var emptyMessage: String

  public init(
    title: String, description: String, points: [ScatterPoint], groups: [String],
    xTitle: String, yTitle: String, xFormat: ValueFormat = .integer,
    yFormat: ValueFormat = .integer, xReference: (value: Double, label: String)? = nil,
    yReference: (value: Double, label: String)? = nil, emptyMessage: String = "No data."
  ) {
    self.title = title
    self.description = description
    self.points = points
    self.groups = groups
    self.xTitle = xTitle
    self.yTitle = yTitle
    self.xFormat = xFormat
    self.yFormat = yFormat
    self.xReference = xReference
    self.yReference = yReference
    self.emptyMessage = emptyMessage
  }

  public static func == (a: ScatterChart, b: ScatterChart) -> Bool {
    a.title == b.title && a.description == b.description && a.points == b.points
      && a.groups == b.groups && a.xTitle == b.xTitle && a.yTitle == b.yTitle
      && a.xFormat == b.xFormat && a.yFormat == b.yFormat
      && a.xReference?.value == b.xReference?.value && a.xReference?.label == b.xReference?.label
      && a.yReference?.value == b.yReference?.value && a.yReference?.label == b.yReference?.label
      && a.emptyMessage == b.emptyMessage
  }

  var xScale: NiceScale {
    let values = points.map(\.x) + [0] + (xReference.map { [$0.value] } ?? [])
    return NiceScale(covering: values.min() ?? 0, values.max() ?? 0)
  }

  var yScale: NiceScale {
    let values = points.map(\.y) + [0] + (yReference.map { [$0.value] } ?? [])
    return NiceScale(covering: values.min() ?? 0, values.max() ?? 0)
  }

  var table: DataTable {
    DataTable(
      caption: title,
      columns: [.init("Point"), .init("Group"), .init(xTitle, .numeric), .init(yTitle, .numeric)],
      rows: points.map {
        [
          $0.label, groups.indices.contains($0.group) ? groups[$0.group] : "",
          xFormat.string($0.x), yFormat.string($0.y),
        ]
      })
  }

  /// The marker of a group at (x, y): circle, square, triangle, diamond, then again.
  static func marker(group: Int, x: Double, y: Double) -> String {
    let (cx, cy) = (NumberText.coordinate(x), NumberText.coordinate(y))
    let fill = ChartStyle.color(group)
    switch group % 4 {
    case 0: return "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"5.5\" fill=\"\(fill)\">"
    case 1:
      return "<rect x=\"\(NumberText.coordinate(x - 5))\" y=\"\(NumberText.coordinate(y - 5))\" "
        + "width=\"10\" height=\"10\" fill=\"\(fill)\">"
    case 2:
      let points = [(x, y - 6.5), (x + 6, y + 4.5), (x - 6, y + 4.5)]
      return "<polygon points=\"\(Self.pointList(points))\" fill=\"\(fill)\">"
    default:
      let points = [(x, y - 6.5), (x + 6.5, y), (x, y + 6.5), (x - 6.5, y)]
      return "<polygon points=\"\(Self.pointList(points))\" fill=\"\(fill)\">"
    }
  }

  private static func pointList(_ points: [(Double, Double)]) -> String {
    points.map { NumberText.coordinate($0.0) + "," + NumberText.coordinate($0.1) }
      .joined(separator: " ")
  }

  /// The closing tag of `marker(group:…)`'s element.
  static func markerEnd(group: Int) -> String {
    switch group % 4 {
    case 0: return "</circle>"
    case 1: return "</rect>"
    default: return "</polygon>"
    }
  }
}

extension ScatterChart: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    let (xScale, yScale) = (self.xScale, self.yScale)
    var plot = PlotArea.fitting(yScale, format: yFormat)
    plot.height = 300
    // Room below for the x ticks and the axis title.
    let svgHeight = plot.svgHeight + 22
    let width = plot.width
    func x(_ value: Double) -> Double { plot.left + width * xScale.fraction(of: value) }
    func y(_ value: Double) -> Double { plot.top + plot.height * (1 - yScale.fraction(of: value)) }
    html.chartFigure(
      title: title, description: description, isEmpty: points.isEmpty,
      emptyMessage: emptyMessage, table: table, width: ChartStyle.width, height: svgHeight,
      drawing: { html, _ in
        html.valueAxis(
          yScale, left: plot.left, right: plot.left + width, top: plot.top, height: plot.height,
          format: yFormat)
        html.markup("<g class=\"axis\" text-anchor=\"middle\">")
        for tick in xScale.ticks {
          let tx = NumberText.coordinate(x(tick))
          html.markup(
            "<text x=\"\(tx)\" y=\"\(NumberText.coordinate(plot.top + plot.height + 20))\">")
          html.text(xFormat.tick(tick, decimals: xScale.decimals))
          html.markup("</text>")
        }
        html.markup(
          "<text x=\"\(NumberText.coordinate(plot.left + width / 2))\" "
            + "y=\"\(NumberText.coordinate(plot.top + plot.height + 44))\">")
        html.text(xTitle)
        html.markup(
          "</text><text x=\"\(NumberText.coordinate(plot.left))\" y=\"14\" text-anchor=\"start\">")
        html.text(yTitle)
        html.markup("</text></g>")
        html.markup("<g class=\"goal\">")
        if let reference = xReference {
          let rx = NumberText.coordinate(x(reference.value))
          html.markup(
            "<line x1=\"\(rx)\" x2=\"\(rx)\" y1=\"\(NumberText.coordinate(plot.top))\" "
              + "y2=\"\(NumberText.coordinate(plot.top + plot.height))\"/>"
              + "<text x=\"\(NumberText.coordinate(x(reference.value) + 4))\" "
              + "y=\"\(NumberText.coordinate(plot.top + 12))\">")
          html.text(reference.label)
          html.markup("</text>")
        }
        if let reference = yReference {
          let ry = y(reference.value)
          html.goalLineMarkup(
            y: ry, left: plot.left, right: plot.left + width, label: reference.label)
        }
        html.markup("</g><g class=\"points\" stroke=\"#fff\" stroke-width=\"1\">")
        for point in points {
          html.markup(Self.marker(group: point.group, x: x(point.x), y: y(point.y)) + "<title>")
          html.text(
            point.label + ": " + xTitle + " " + xFormat.string(point.x) + ", " + yTitle + " "
              + yFormat.string(point.y))
          html.markup("</title>" + Self.markerEnd(group: point.group))
        }
        html.markup("</g>")
      },
      footer: { html in
        html.markup("<ul class=\"legend\">")
        for (index, group) in groups.enumerated() {
          html.markup(
            "<li><svg class=\"swatch\" viewBox=\"0 0 16 16\" aria-hidden=\"true\">"
              + Self.marker(group: index, x: 8, y: 8) + Self.markerEnd(group: index) + "</svg>")
          html.text(group)
          html.markup("</li>")
        }
        html.markup("</ul>")
      })
  }
}

extension HTMLWriter {
  /// A dashed horizontal line with its label above its right end (the goal line's look).
  mutating func goalLineMarkup(y: Double, left: Double, right: Double, label: String) {
    let yText = NumberText.coordinate(y)
    markup(
      "<line x1=\"\(NumberText.coordinate(left))\" x2=\"\(NumberText.coordinate(right))\" "
        + "y1=\"\(yText)\" y2=\"\(yText)\"/><text x=\"\(NumberText.coordinate(right))\" "
        + "y=\"\(NumberText.coordinate(y - 6))\" text-anchor=\"end\">")
    text(label)
    markup("</text>")
  }
}
