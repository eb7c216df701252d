import AnalyticsCore
import Foundation

/// One recorded position of a track.
public struct RoutePoint: Sendable, Equatable {
  public var latitude: Double
  public var longitude: Double
  /// Metres above sea level, when the device recorded it.
  public var elevation: Double?
  /// Metres travelled from the start along the track, as the domain measured it.
  public var distance: Double

  public init(latitude: Double, longitude: Double, elevation: Double?, distance: Double) {
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.distance = distance
  }
}

/// The units an elevation profile is drawn in: the reader's, not the store's metres.
public struct ProfileUnits: Sendable, Equatable {
  public let distanceSymbol: String
  public let metresPerDistance: Double
  public let elevationSymbol: String
  public let elevationName: String
  public let metresPerElevation: Double

  public static let metric = ProfileUnits(
    distanceSymbol: "km", metresPerDistance: 1_000, elevationSymbol: "m", elevationName: "metres",
    metresPerElevation: 1)
  /// Miles and feet (international: 1,609.344 m and 0.3048 m).
  public static let imperial = ProfileUnits(
    distanceSymbol: "mi", metresPerDistance: 1_609.344, elevationSymbol: "ft",
    elevationName: "feet", metresPerElevation: 0.3048)

  public init(
    distanceSymbol: String, metresPerDistance: Double, elevationSymbol: String,
    elevationName: String, metresPerElevation: Double
  ) {
    self.distanceSymbol = distanceSymbol
    self.metresPerDistance = metresPerDistance
    self.elevationSymbol = elevationSymbol
    self.elevationName = elevationName
    self.metresPerElevation = metresPerElevation
  }
}

/// A session's track drawn from above, start and end marked, with its elevation profile below.
///
/// Projection: equirectangular at the track's mean latitude (x = R·λ·cos φ̄, y = R·φ, in metres),
/// which over a walk's few kilometres is indistinguishable from a proper map projection and keeps
/// the aspect ratio true. The track and the profile are simplified with Douglas–Peucker at
/// `tolerance` metres (default 2 m, below GPS noise); if that still leaves more than
/// `maximumPoints`, the tolerance doubles until it does not, and the description says the
/// tolerance used. So a 400,000-point track stays well under 2 MB.
///
/// A caller that streams a long track may thin it first (`spacing`): then the description states
/// the two bounds and their sum, the whole distance a recorded point may lie from the drawing.
public struct RouteMap: Sendable, Equatable {
  public var title: String
  public var description: String
  public var points: [RoutePoint]
  /// Points the track recorded: `points.count` unless the caller thinned them.
  public var recordedCount: Int
  /// Metres: each point the caller left out lay less than this from the point kept before it,
  /// on the map and in the profile. 0 when `points` are every recorded point.
  public var spacing: Double
  /// Metres a dropped point may lie from the simplified line.
  public var tolerance: Double
  public var maximumPoints: Int
  public var emptyMessage: String
  /// The profile's units (its simplification stays in metres).
  public var units: ProfileUnits

  /// Mean Earth radius (IUGG), metres.
  static let earthRadius = 6_371_008.8
  static let mapHeightLimit = 480.0
  static let margin = 16.0
  static let profileHeight = 200.0
  /// Rows of the profile's data table: evenly spaced recorded points, enough to follow the climbs
  /// without a table of thousands of rows.
  static let profileTableRows = 40

  public init(
    title: String, description: String, points: [RoutePoint], recordedCount: Int? = nil,
    spacing: Double = 0, tolerance: Double = 2, maximumPoints: Int = 20_000,
    emptyMessage: String = "No track was recorded.", units: ProfileUnits = .metric
  ) {
    self.units = units
    self.title = title
    self.description = description
    self.points = points
    self.recordedCount = recordedCount ?? points.count
    self.spacing = spacing
    self.tolerance = tolerance
    self.maximumPoints = maximumPoints
    self.emptyMessage = emptyMessage
  }

  /// The points projected to metres east and north of the track's first point.
  var projected: [PlanePoint] {
    guard let first = points.first else { return [] }
    let meanLatitude = points.reduce(0) { $0 + $1.latitude } / Double(points.count)
    let metresPerDegree = Self.earthRadius * .pi / 180
    let xScale = metresPerDegree * cos(meanLatitude * .pi / 180)
    return points.map {
      PlanePoint(
        x: ($0.longitude - first.longitude) * xScale,
        y: ($0.latitude - first.latitude) * metresPerDegree)
    }
  }

  /// Simplifies at the tolerance, doubling it until at most `maximumPoints` remain. One
  /// Douglas–Peucker run serves every doubling (see `PolylineSimplification.importances`).
  static func simplify(_ points: [PlanePoint], tolerance: Double, maximumPoints: Int) -> (
    indices: [Int], tolerance: Double
  ) {
    var tolerance = max(tolerance, 0)
    let importance = PolylineSimplification.importances(points, tolerance: tolerance)
    while importance.lazy.filter({ $0 > tolerance }).count > max(maximumPoints, 2) {
      tolerance = tolerance > 0 ? tolerance * 2 : 1
    }
    return (importance.indices.filter { importance[$0] > tolerance }, tolerance)
  }

  /// The route's points kept for drawing, with the tolerance used.
  var simplifiedRoute: (indices: [Int], tolerance: Double) {
    Self.simplify(projected, tolerance: tolerance, maximumPoints: maximumPoints)
  }

  /// How far a recorded point may lie from the drawing, and why. Thinned points add `spacing`
  /// to the tolerance; the figures are rounded up to a decimetre, so the page never claims less.
  func simplificationStatement(tolerance: Double) -> String {
    func metres(_ value: Double) -> String {
      NumberText.grouped((value * 10).rounded(.up) / 10, decimals: 1) + " m"
    }
    guard spacing > 0 else { return "simplified to within \(metres(tolerance))." }
    return "simplified to within \(metres(spacing + tolerance)): a point less than "
      + "\(metres(spacing)) from the one kept before it (along the track and in elevation) was "
      + "left out, and the line through the rest simplified to within \(metres(tolerance))."
  }

  var profile: [PlanePoint] {
    points.compactMap { point in point.elevation.map { PlanePoint(x: point.distance, y: $0) } }
  }

  var routeTable: DataTable {
    let ends = points.isEmpty ? [] : [("Start", points[0]), ("End", points[points.count - 1])]
    return DataTable(
      caption: title + ": start and end",
      columns: [
        .init("Point"), .init("Latitude", .numeric), .init("Longitude", .numeric),
        .init("Distance (\(units.distanceSymbol))", .numeric),
      ],
      rows: ends.map { name, point in
        [
          name, NumberText.grouped(point.latitude, decimals: 5),
          NumberText.grouped(point.longitude, decimals: 5),
          NumberText.grouped(point.distance / units.metresPerDistance, decimals: 2),
        ]
      })
  }

  var profileTable: DataTable {
    let withElevation = points.indices.filter { points[$0].elevation != nil }
    let count = min(Self.profileTableRows, withElevation.count)
    let rows = (0..<count).map { row -> [String] in
      let index = count > 1 ? row * (withElevation.count - 1) / (count - 1) : 0
      let point = points[withElevation[index]]
      return [
        NumberText.grouped(point.distance / units.metresPerDistance, decimals: 2),
        NumberText.grouped((point.elevation ?? 0) / units.metresPerElevation, decimals: 0),
        NumberText.grouped(point.latitude, decimals: 5),
        NumberText.grouped(point.longitude, decimals: 5),
      ]
    }
    return DataTable(
      caption: title + ": elevation along the track",
      columns: [
        .init("Distance (\(units.distanceSymbol))", .numeric),
        .init("Elevation (\(units.elevationSymbol))", .numeric),
        .init("Latitude", .numeric), .init("Longitude", .numeric),
      ],
      rows: rows, emptyMessage: "No elevation was recorded.")
  }
}

extension RouteMap: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    let projected = self.projected
    let profile = self.profile
    // The route's and the profile's simplifications are independent passes over every point (a
    // quarter of a 400,000-point session page, perf): made on two threads at once.
    let simplified = LockedValue<[(indices: [Int], tolerance: Double)]>([([], 0), ([], 0)])
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      let points = part == 0 ? projected : profile
      let result = Self.simplify(points, tolerance: tolerance, maximumPoints: maximumPoints)
      simplified.withLock { $0[part] = result }
    }
    let (kept, usedTolerance) = simplified.current[0]
    // The first point is the origin of the projection, so the bounds start there.
    var (minX, maxX, minY, maxY) = (0.0, 0.0, 0.0, 0.0)
    for point in projected {
      minX = min(minX, point.x)
      maxX = max(maxX, point.x)
      minY = min(minY, point.y)
      maxY = max(maxY, point.y)
    }
    let spanX = max(maxX - minX, 1)
    let spanY = max(maxY - minY, 1)
    let drawable = ChartStyle.width - 2 * Self.margin
    // One scale for both axes keeps the route's shape; a tall route is limited in height.
    let scale = min(drawable / spanX, (Self.mapHeightLimit - 2 * Self.margin) / spanY)
    let height = spanY * scale + 2 * Self.margin
    // A route taller than wide is centred across the chart rather than drawn at its left edge.
    let offset = Self.margin + (drawable - spanX * scale) / 2
    func x(_ point: PlanePoint) -> Double { offset + (point.x - minX) * scale }
    func y(_ point: PlanePoint) -> Double { Self.margin + (maxY - point.y) * scale }
    let fullDescription =
      description + " Drawn from \(kept.count) of \(recordedCount) recorded points, "
      + simplificationStatement(tolerance: usedTolerance)
    html.chartFigure(
      title: title, description: fullDescription, isEmpty: points.count < 2,
      emptyMessage: emptyMessage, table: routeTable, width: ChartStyle.width, height: height,
      className: "chart route"
    ) { html, _ in
      html.markup(
        "<path class=\"route\" fill=\"none\" stroke=\"\(ChartStyle.color(0))\" stroke-width=\"3\" stroke-linejoin=\"round\" d=\"M"
      )
      for (position, index) in kept.enumerated() {
        if position == 1 { html.markup("L") } else if position > 1 { html.markup(" ") }
        html.coordinate(x(projected[index]))
        html.markup(" ")
        html.coordinate(y(projected[index]))
      }
      html.markup("\"/>")
      // Start and end differ in shape (circle, square) and are labelled in words.
      let start = projected[0]
      let end = projected[projected.count - 1]
      html.markup(
        "<g class=\"marker start\"><circle cx=\"\(NumberText.coordinate(x(start)))\" cy=\"\(NumberText.coordinate(y(start)))\" r=\"7\"/>"
          + "<text x=\"\(NumberText.coordinate(x(start) + 10))\" y=\"\(NumberText.coordinate(y(start) - 10))\">Start</text></g>"
          + "<g class=\"marker end\"><rect x=\"\(NumberText.coordinate(x(end) - 6))\" y=\"\(NumberText.coordinate(y(end) - 6))\" width=\"12\" height=\"12\"/>"
          + "<text x=\"\(NumberText.coordinate(x(end) + 10))\" y=\"\(NumberText.coordinate(y(end) + 20))\">End</text></g>"
      )
    }
    renderProfile(profile, kept: simplified.current[1].indices, into: &html)
  }

  /// The elevation profile: elevation against distance as a filled area, simplified like the
  /// route (`kept`).
  private func renderProfile(_ profile: [PlanePoint], kept: [Int], into html: inout HTMLWriter) {
    guard points.count >= 2, profile.count >= 2 else { return }
    let plot = PlotArea(height: Self.profileHeight)
    let (left, top, plotWidth, plotHeight) = (plot.left, plot.top, plot.width, plot.height)
    var (lowest, highest) = (profile[0].y, profile[0].y)
    for point in profile {
      lowest = min(lowest, point.y)
      highest = max(highest, point.y)
    }
    let elevations = NiceScale(
      covering: lowest / units.metresPerElevation, highest / units.metresPerElevation,
      targetTicks: 5)
    let distances = NiceScale(
      covering: 0, (profile.last?.x ?? 0) / units.metresPerDistance,
      targetTicks: ChartStyle.targetTicks)
    let caption = title + ": elevation profile"
    html.chartFigure(
      title: caption,
      description: "Elevation in \(units.elevationName) against distance in "
        + "\(units.distanceSymbol), from "
        + NumberText.grouped(elevations.lower, decimals: elevations.decimals) + " to "
        + NumberText.grouped(elevations.upper, decimals: elevations.decimals)
        + " \(units.elevationSymbol).",
      isEmpty: false, emptyMessage: "", table: profileTable, width: ChartStyle.width,
      height: plot.svgHeight, className: "chart profile"
    ) { html, _ in
      html.valueAxis(elevations, left: left, right: left + plotWidth, top: top, height: plotHeight)
      func x(_ metres: Double) -> Double {
        left + plotWidth * distances.fraction(of: metres / units.metresPerDistance)
      }
      func y(_ elevation: Double) -> Double {
        top + plotHeight * (1 - elevations.fraction(of: elevation / units.metresPerElevation))
      }
      let bottom = NumberText.coordinate(top + plotHeight)
      html.markup(
        "<path class=\"profile\" fill=\"#c9d9e5\" stroke=\"\(ChartStyle.color(0))\" stroke-width=\"2\" d=\"M"
      )
      html.coordinate(x(profile[kept[0]].x))
      html.markup(" " + bottom)
      for index in kept {
        html.markup("L")
        html.coordinate(x(profile[index].x))
        html.markup(" ")
        html.coordinate(y(profile[index].y))
      }
      html.markup("L")
      html.coordinate(x(profile[kept[kept.count - 1]].x))
      html.markup(" " + bottom + "Z\"/>")
      html.markup("<g class=\"x-labels\" text-anchor=\"middle\">")
      for tick in distances.ticks {
        let label =
          NumberText.grouped(tick, decimals: distances.decimals) + " \(units.distanceSymbol)"
        // The last label is centred on the plot's right end, where the margin is narrower than
        // half of a wide label ("600 km"): moved left just enough to stay inside the drawing.
        let centre = min(
          x(tick * units.metresPerDistance), ChartStyle.width - ChartStyle.textWidth(label) / 2)
        html.markup(
          "<text x=\"\(NumberText.coordinate(centre))\" y=\"\(NumberText.coordinate(top + plotHeight + ChartStyle.fontSize + 8))\">"
        )
        html.text(label)
        html.markup("</text>")
      }
      html.markup("</g>")
    }
  }
}
