import Foundation

/// One route of an overlay: its label (a day and a session) and its positions in degrees.
public struct OverlaidRoute: Sendable, Equatable {
  public var label: String
  public var positions: [(latitude: Double, longitude: Double)]

  public init(label: String, positions: [(latitude: Double, longitude: Double)]) {
    self.label = label
    self.positions = positions
  }

  public static func == (a: OverlaidRoute, b: OverlaidRoute) -> Bool {
    a.label == b.label && a.positions.elementsEqual(b.positions) { $0 == $1 }
  }
}

/// Every route of a period on one drawing, without map tiles: an equirectangular projection at
/// the routes' mean latitude (as `RouteMap`), north up, each route a thin translucent line, so
/// that where routes overlap the drawing is darker: a personal heat map.
public struct RouteOverlay: Sendable, Equatable {
  public var title: String
  public var description: String
  public var routes: [OverlaidRoute]
  public var emptyMessage: String

  /// Points drawn per route at most (every n-th kept): a year of 10,000-point tracks stays a
  /// page a browser opens at once.
  static let pointsPerRoute = 1_500
  static let margin = 16.0
  static let heightLimit = 720.0

  public init(
    title: String, description: String, routes: [OverlaidRoute],
    emptyMessage: String = "No route was recorded in this period."
  ) {
    self.title = title
    self.description = description
    self.routes = routes.filter { $0.positions.count >= 2 }
    self.emptyMessage = emptyMessage
  }

  var table: DataTable {
    DataTable(
      caption: title + ": routes",
      columns: [
        .init("Route"), .init("Points", .numeric), .init("Start latitude", .numeric),
        .init("Start longitude", .numeric),
      ],
      rows: routes.map { route in
        [
          route.label, String(route.positions.count),
          NumberText.grouped(route.positions[0].latitude, decimals: 5),
          NumberText.grouped(route.positions[0].longitude, decimals: 5),
        ]
      })
  }
}

extension RouteOverlay: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    let all = routes.flatMap(\.positions)
    let meanLatitude = all.isEmpty ? 0 : all.map(\.latitude).reduce(0, +) / Double(all.count)
    let xScale = cos(meanLatitude * .pi / 180)
    func plane(_ position: (latitude: Double, longitude: Double)) -> (x: Double, y: Double) {
      (position.longitude * xScale, position.latitude)
    }
    let points = all.map(plane)
    let (minX, maxX) = (points.map(\.x).min() ?? 0, points.map(\.x).max() ?? 0)
    let (minY, maxY) = (points.map(\.y).min() ?? 0, points.map(\.y).max() ?? 0)
    let drawable = ChartStyle.width - 2 * Self.margin
    let span = (x: max(maxX - minX, 1e-9), y: max(maxY - minY, 1e-9))
    let scale = min(drawable / span.x, (Self.heightLimit - 2 * Self.margin) / span.y)
    let height = span.y * scale + 2 * Self.margin
    let offset = Self.margin + (drawable - span.x * scale) / 2
    html.chartFigure(
      title: title,
      description: description + " \(routes.count) routes, north up, without map tiles; "
        + "darker where routes overlap.",
      isEmpty: routes.isEmpty, emptyMessage: emptyMessage, table: table, width: ChartStyle.width,
      height: height, className: "chart route"
    ) { html, _ in
      for route in routes {
        let step = max(1, route.positions.count / Self.pointsPerRoute)
        var kept = stride(from: 0, to: route.positions.count, by: step).map { route.positions[$0] }
        if let last = route.positions.last, kept.last.map({ $0 != last }) ?? true {
          kept.append(last)
        }
        html.markup(
          "<path fill=\"none\" stroke=\"\(ChartStyle.color(0))\" stroke-opacity=\"0.3\" "
            + "stroke-width=\"2.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\" d=\"M")
        for (index, position) in kept.enumerated() {
          let point = plane(position)
          if index > 0 { html.markup(" L") }
          html.coordinate(offset + (point.x - minX) * scale)
          html.markup(" ")
          html.coordinate(Self.margin + (maxY - point.y) * scale)
        }
        html.markup("\"/>")
      }
    }
  }
}
