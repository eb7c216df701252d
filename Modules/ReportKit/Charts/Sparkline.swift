/// A word-sized line of recent values, for a summary card: shape only, no axes. Its numbers are in
/// a visually hidden table right after it, so a screen reader still reads them.
public struct Sparkline: Sendable, Equatable {
  /// What the line shows, e.g. "Work RVUs, last 12 weeks"; its accessible name.
  public var title: String
  public var data: [ChartDatum]
  public var format: ValueFormat

  static let width = 120.0
  static let height = 28.0
  /// Keeps the stroke inside the box at the extremes.
  static let inset = 2.0

  public init(title: String, data: [ChartDatum], format: ValueFormat = .integer) {
    self.title = title
    self.data = data
    self.format = format
  }

  var table: DataTable { DataTable(caption: title, data: data, format: format) }
}

extension Sparkline: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    guard !data.isEmpty else { return }
    let id = html.uniqueID("spark")
    let description =
      "From " + format.string(data[0].value) + " (" + data[0].label + ") to "
      + format.string(data[data.count - 1].value) + " (" + data[data.count - 1].label + ")"
    html.markup("<span class=\"sparkline\">")
    html.svgRoot(
      id: id, title: title, description: description, width: Self.width, height: Self.height)
    let values = data.map(\.value)
    let low = values.min() ?? 0
    let high = values.max() ?? 0
    let span = high > low ? high - low : 1
    let step = data.count > 1 ? (Self.width - 2 * Self.inset) / Double(data.count - 1) : 0
    html.markup(
      "<polyline fill=\"none\" stroke=\"\(ChartStyle.color(0))\" stroke-width=\"2\" points=\"")
    for (index, value) in values.enumerated() {
      if index > 0 { html.markup(" ") }
      let x = Self.inset + step * Double(index)
      let y = Self.height - Self.inset - (value - low) / span * (Self.height - 2 * Self.inset)
      html.markup(NumberText.coordinate(x) + "," + NumberText.coordinate(y))
    }
    html.markup("\"/></svg></span>")
    table.render(into: &html, className: "data visually-hidden")
  }
}
