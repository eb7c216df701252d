import AnalyticsCore
import Foundation
import Testing

@testable import ReportKit

/// Renders one block alone, as it appears in a page.
func render(_ block: ReportBlock) -> String {
  var html = HTMLWriter()
  block.content.render(into: &html)
  return html.output
}

@Suite struct BarChartTests {
  @Test func barHeightsAreProportionalToValues() {
    // Values 10, 40, 25 → axis 0…40 (step 10 is 40/5 = 8 rounded up); heights 60, 240, 150 of 240.
    let chart = BarChart(
      title: "RVUs", description: "d",
      data: [ChartDatum("Jan", 10), ChartDatum("Feb", 40), ChartDatum("Mar", 25)])
    let bars = SVGInspection.elements("<rect class=\"bar\"", in: render(.chart(chart)))
    let heights = bars.compactMap { $0["height"].flatMap(Double.init) }
    #expect(heights == [60, 240, 150])
    // All bars stand on the same baseline (y + height).
    let bottoms = bars.compactMap { bar in
      Double(bar["y"] ?? "").flatMap { y in Double(bar["height"] ?? "").map { y + $0 } }
    }
    #expect(Set(bottoms).count == 1)
  }

  @Test func valueLabelsAreWrittenWhenTheyFit() {
    let html = render(
      .chart(BarChart(title: "t", description: "d", data: [ChartDatum("a", 1234)])))
    #expect(html.contains(">1,234</text>"))
  }

  @Test func yearOfDailyBarsHasNoOverlappingLabels() {
    let data = (0..<365).map { ChartDatum("2026-\(String(format: "%03d", $0))", Double($0 % 17)) }
    let html = render(.chart(BarChart(title: "t", description: "d", data: data)))
    #expect(SVGInspection.count("<rect class=\"bar\"", in: html) == 365)
    let labels = SVGInspection.xLabels(in: html)
    #expect(labels.count > 3 && labels.count < 365)
    for (left, right) in zip(labels, labels.dropFirst()) {
      // Labels are centred: neighbours must be at least one label width (8 characters × 14 ×
      // 0.6 = 67.2) apart.
      #expect(right.x - left.x >= ChartStyle.textWidth(left.text))
    }
    // Too narrow for value labels over 365 bars: none written (the table has them).
    #expect(!html.contains("class=\"value\""))
    #expect(SVGInspection.count("<tr>", in: html) == 366)  // header + 365 rows
  }

  @Test func goalLineSitsAtItsValue() throws {
    // Values 5, 10; goal 20 → axis 0…20 (step 4), plot 240 high from y = 24: goal at y = 24.
    let html = render(
      .chart(
        BarChart(
          title: "t", description: "d", data: [ChartDatum("a", 5), ChartDatum("b", 10)],
          goal: ChartGoal(label: "Goal", value: 20))))
    let line = try #require(SVGInspection.elements("<g class=\"goal\"><line", in: html).first)
    #expect(line["y1"] == "24")
    #expect(html.contains(">Goal 20</text>"))
  }

  @Test func negativeValuesHangBelowTheBaseline() throws {
    // −10 and 30 → axis −10…30 step 10 (40/5 = 8 → 10); 240 units for 40: 6 per unit;
    // zero at 24 + 240 × 30/40 = 204.
    let html = render(
      .chart(
        BarChart(
          title: "t", description: "d", data: [ChartDatum("a", -10), ChartDatum("b", 30)])))
    let bars = SVGInspection.elements("<rect class=\"bar\"", in: html)
    #expect(bars.map { $0["y"] } == ["204", "24"])
    #expect(bars.map { $0["height"] } == ["60", "180"])
  }
}

@Suite struct DonutChartTests {
  /// The sweep of each slice, read back from its path's outer arc: the angle from twelve o'clock
  /// of its start and end points.
  static func sweeps(_ html: String) -> [Double] {
    SVGInspection.elements("<path class=\"slice\"", in: html).flatMap { slice -> [Double] in
      // A full ring is two half rings; each segment is "M x y A r r 0 large 1 x y L …".
      let segments = slice["d"]!.split(separator: "M").map(String.init)
      return segments.map { segment in
        let n = SVGInspection.numbers(segment)
        let center = DonutChart.size / 2
        func angle(_ x: Double, _ y: Double) -> Double {
          let degrees = atan2(x - center, center - y) * 180 / .pi
          return degrees < 0 ? degrees + 360 : degrees
        }
        var sweep = angle(n[7], n[8]) - angle(n[0], n[1])
        if sweep < 0 { sweep += 360 }
        if sweep == 0 && n[5] == 1 { sweep = 360 }
        return sweep
      }
    }
  }

  @Test(arguments: [
    [1.0, 1, 1],
    [3.0, 1, 0, 6, 2.5],
    [5.0],
    [97.0, 1, 1, 1],
  ])
  func arcsSumTo360Degrees(values: [Double]) {
    let chart = DonutChart(
      title: "t", description: "d", data: values.enumerated().map { ChartDatum("c\($0)", $1) })
    let sweeps = Self.sweeps(render(.chart(chart)))
    #expect(abs(sweeps.reduce(0, +) - 360) < 1e-9)
  }

  @Test func slicesAndLegendMatchTheShares() {
    // 3 : 1 of 4 → 75% and 25%: 270° and 90°.
    let html = render(
      .chart(
        DonutChart(
          title: "t", description: "d", data: [ChartDatum("Work", 3), ChartDatum("Rest", 1)])))
    let sweeps = Self.sweeps(html)
    #expect(sweeps.count == 2)
    #expect(abs(sweeps[0] - 270) < 0.1 && abs(sweeps[1] - 90) < 0.1)
    #expect(html.contains("Work — 75.0% (3)"))
    #expect(html.contains("Rest — 25.0% (1)"))
  }
}

@Suite struct RouteMapTests {
  /// A wiggly 5 km track: a straight line north with a sideways sine of a few metres.
  static func track(count: Int) -> [RoutePoint] {
    (0..<count).map { index in
      let t = Double(index) / Double(count - 1)
      return RoutePoint(
        latitude: 51.5 + t * 0.045, longitude: -0.1 + 0.0002 * sin(t * 200),
        elevation: 30 + 20 * sin(t * 7), distance: t * 5000)
    }
  }

  @Test func simplificationKeepsEndpointsAndStaysWithinTolerance() {
    let map = RouteMap(title: "t", description: "d", points: Self.track(count: 5000), tolerance: 3)
    let projected = map.projected
    let (kept, tolerance) = map.simplifiedRoute
    #expect(tolerance == 3)
    #expect(kept.first == 0 && kept.last == projected.count - 1)
    #expect(kept.count < projected.count)
    // Every dropped point lies within the tolerance of the segment between the kept points
    // around it.
    for (a, b) in zip(kept, kept.dropFirst()) where b - a > 1 {
      for index in (a + 1)..<b {
        let distance = PolylineSimplification.squaredDistance(
          projected[index], toSegment: projected[a], projected[b]
        ).squareRoot()
        #expect(distance <= 3)
      }
    }
  }

  @Test func pathHasOnePointPerKeptPoint() throws {
    let map = RouteMap(title: "t", description: "d", points: Self.track(count: 2000))
    let html = render(.chart(map))
    let path = try #require(SVGInspection.elements("<path class=\"route\"", in: html).first)
    #expect(SVGInspection.numbers(path["d"]!).count == 2 * map.simplifiedRoute.indices.count)
    #expect(html.contains(">Start</text>") && html.contains(">End</text>"))
  }

  @Test func profileDistanceLabelsStayInsideTheDrawing() throws {
    // 520 km of track: the distance ticks run 0, 200, 400, 600 km, and "600 km" centred on the
    // plot's right end would reach past the 720-unit drawing (its right margin is 16 units).
    let points = (0...10).map {
      RoutePoint(
        latitude: 45 + Double($0) * 0.4, longitude: 8, elevation: 300 + Double($0),
        distance: Double($0) * 52_000)
    }
    let html = render(.chart(RouteMap(title: "t", description: "d", points: points)))
    let profile = try #require(html.range(of: "class=\"chart profile\""))
    let labels = SVGInspection.xLabels(in: String(html[profile.lowerBound...]))
    #expect(labels.last?.text == "600 km")
    for label in labels {
      #expect(label.x + ChartStyle.textWidth(label.text) / 2 <= ChartStyle.width, "\(label)")
      #expect(label.x - ChartStyle.textWidth(label.text) / 2 >= 0, "\(label)")
    }
  }

  @Test func straightLineKeepsOnlyItsEnds() {
    // Points on one meridian: every interior point is on the line from first to last.
    let points = (0..<100).map {
      RoutePoint(latitude: 50 + Double($0) * 0.001, longitude: 8, elevation: nil, distance: 0)
    }
    #expect(
      RouteMap(title: "t", description: "d", points: points).simplifiedRoute.indices == [0, 99])
  }

  @Test func thinnedPointsAddTheirSpacingToTheStatedTolerance() {
    // The straight line keeps its 2 ends of the 100 points given; the caller says they were
    // thinned from 1,000 within 12.34 m. Both figures are rounded up to a decimetre:
    // 12.34 → 12.4 m, 12.34 + 2 = 14.34 → 14.4 m.
    let points = (0..<100).map {
      RoutePoint(latitude: 50 + Double($0) * 0.001, longitude: 8, elevation: nil, distance: 0)
    }
    let map = RouteMap(
      title: "t", description: "d", points: points, recordedCount: 1000, spacing: 12.34)
    #expect(
      render(.chart(map)).contains(
        "Drawn from 2 of 1000 recorded points, simplified to within 14.4 m: a point less than "
          + "12.4 m from the one kept before it (along the track and in elevation) was left out, "
          + "and the line through the rest simplified to within 2.0 m."))
  }

  @Test func equirectangularProjectionKeepsTheAspect() {
    // 0.01° of longitude at 60° N is half as long as 0.01° of latitude (cos 60° = 0.5).
    let points = [
      RoutePoint(latitude: 60, longitude: 10, elevation: nil, distance: 0),
      RoutePoint(latitude: 60, longitude: 10.01, elevation: nil, distance: 0),
    ]
    let projected = RouteMap(title: "t", description: "d", points: points).projected
    let metresPerDegree = 6_371_008.8 * Double.pi / 180  // ≈ 111,195 m
    #expect(abs(projected[1].x - 0.01 * metresPerDegree * 0.5) < 1e-6)
    #expect(projected[1].y == 0)
  }

  @Test func tooManyPointsDoubleTheTolerance() {
    let map = RouteMap(
      title: "t", description: "d", points: Self.track(count: 5000), tolerance: 0.01,
      maximumPoints: 100)
    let (kept, tolerance) = map.simplifiedRoute
    #expect(kept.count <= 100)
    #expect(tolerance > 0.01)
  }
}

@Suite struct AccessibilityTests {
  static let data = [ChartDatum("a", 1), ChartDatum("b", 2)]
  static let charts: [ReportBlock] = [
    .chart(BarChart(title: "T", description: "D", data: data)),
    .chart(
      GroupedBarChart(
        title: "T", description: "D", categories: ["a", "b"],
        series: [ChartSeries(name: "x", values: [1, 2]), ChartSeries(name: "y", values: [3, 4])])),
    .chart(HorizontalBarChart(title: "T", description: "D", data: data)),
    .chart(LineChart(title: "T", description: "D", data: data)),
    .chart(DonutChart(title: "T", description: "D", data: data)),
    .chart(
      HeatGrid(title: "T", description: "D", rows: ["r"], columns: ["c", "d"], values: [[2, nil]])),
    .chart(RouteMap(title: "T", description: "D", points: RouteMapTests.track(count: 50))),
    .sparkline(Sparkline(title: "T", data: data)),
  ]

  @Test(arguments: 0..<charts.count)
  func everyChartHasTitleDescriptionAndTable(index: Int) {
    let html = render(Self.charts[index])
    #expect(html.contains("role=\"img\""))
    #expect(html.contains("<title id=\""))
    #expect(html.contains("<desc id=\""))
    #expect(html.contains("aria-labelledby=\""))
    #expect(html.contains("<table"))
    #expect(html.contains("<caption>"))
    // The table has the numbers the chart draws.
    #expect(html.contains(">2</td>") || html.contains(">2</th>") || index == 6)
  }

  @Test func emptyDataShowsTheEmptyState() {
    let empty: [ReportBlock] = [
      .chart(BarChart(title: "T", description: "D", data: [], emptyMessage: "Nothing yet.")),
      .chart(
        GroupedBarChart(
          title: "T", description: "D", categories: [], series: [], emptyMessage: "Nothing yet.")),
      .chart(
        HorizontalBarChart(title: "T", description: "D", data: [], emptyMessage: "Nothing yet.")),
      .chart(LineChart(title: "T", description: "D", data: [], emptyMessage: "Nothing yet.")),
      .chart(
        DonutChart(
          title: "T", description: "D", data: [ChartDatum("zero", 0)], emptyMessage: "Nothing yet.")
      ),
      .chart(
        HeatGrid(
          title: "T", description: "D", rows: ["r"], columns: ["c"], values: [[nil]],
          emptyMessage: "Nothing yet.")),
      .chart(RouteMap(title: "T", description: "D", points: [], emptyMessage: "Nothing yet.")),
    ]
    for block in empty {
      let html = render(block)
      #expect(html.contains("<p class=\"empty-state\">Nothing yet.</p>"))
      #expect(!html.contains("<svg"))
    }
  }
}

@Suite struct HeatGridTests {
  /// A streak calendar: 53 weeks × 7 weekdays. The cells are (720 − 87.6 for "Wednesday" − 16)
  /// ÷ 53 = 11.6 units wide, narrower than a line of 14-unit text.
  static let calendar = HeatGrid(
    title: "Streak", description: "d",
    rows: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    columns: (1...53).map { "W\($0)" },
    values: (0..<7).map { row in (0..<53).map { Double(($0 + row) % 4) } })

  @Test func rowNamesAndColumnLabelsNeverOverlap() throws {
    let html = render(.chart(Self.calendar))
    let rowNames = html.matches(of: /<text x="[-0-9.]+" y="([-0-9.]+)" text-anchor="end"/)
      .map { Double($0.1)! }
    #expect(rowNames.count == 7)
    for (above, below) in zip(rowNames, rowNames.dropFirst()) {
      #expect(below - above >= ChartStyle.fontSize)
    }
    let columns = SVGInspection.xLabels(in: html)
    #expect(columns.count < 53 && columns.first?.text == "W1")
    for (left, right) in zip(columns, columns.dropFirst()) {
      #expect(right.x - left.x >= ChartStyle.textWidth(left.text))
    }
  }

  @Test func shadesSplitTheRangeInFifths() {
    // Values 0…3: fifths of width 0.6 → 0 is shade 0, 1 is shade 1 (1 ÷ 0.6 = 1.67),
    // 2 is shade 3 (3.33), 3 (the top) is shade 4.
    let range = (low: 0.0, high: 3.0)
    #expect([0.0, 1, 2, 3].map { Self.calendar.shade(of: $0, in: range) } == [0, 1, 3, 4])
    // Fifths 0.6 wide need one decimal: 0.0–0.6, …, 2.4–3.0.
    var halves = Self.calendar
    halves.values = halves.values.map { $0.map { $0.map { $0 / 2 } } }
    let html = render(.chart(halves))
    #expect(html.contains("Shade 1 of 5: 0.0 to 0.3"))
    #expect(html.contains("Shade 5 of 5: 1.2 to 1.5"))
    #expect(html.contains("Hatched: no data"))
  }

  @Test func wholeValuesHaveAShadeEach() {
    // Whole values 0…3 (sessions per day): each its own shade, spread over the five:
    // 0 → 0, 1 → round(4/3) = 1, 2 → round(8/3) = 3, 3 → 4; the legend names the values.
    let range = (low: 0.0, high: 3.0)
    #expect(
      [0.0, 1, 2, 3].map { Self.calendar.shade(of: $0, in: range, whole: true) } == [0, 1, 3, 4])
    let html = render(.chart(Self.calendar))
    for line in ["Shade 1 of 5: 0", "Shade 2 of 5: 1", "Shade 4 of 5: 2", "Shade 5 of 5: 3"] {
      #expect(html.contains(line + "</li>"))
    }
    #expect(!html.contains(" to "))
    #expect(html.contains("Hatched: no data"))
    // An empty calendar (all 0) is faint, not dark.
    #expect(Self.calendar.shade(of: 0, in: (0, 0), whole: true) == 0)
    #expect(Self.calendar.shade(of: 2, in: (2, 2), whole: true) == 4)
  }
}

@Suite struct ProportionTests {
  @Test func groupedBarHeightsAreProportionalToValues() {
    // Values 5, 20 | 10, 15 → axis 0…20 (rough step 20/5 = 4, rounded up to 5);
    // 240 units for 20: 12 per unit → 60, 240 | 120, 180, drawn series by series.
    let chart = GroupedBarChart(
      title: "t", description: "d", categories: ["a", "b"],
      series: [ChartSeries(name: "x", values: [5, 10]), ChartSeries(name: "y", values: [20, 15])])
    let heights = SVGInspection.elements("<rect class=\"bar\"", in: render(.chart(chart)))
      .map { $0["height"] }
    #expect(heights == ["60", "120", "240", "180"])
  }

  @Test func horizontalBarLengthsAreProportionalToValues() {
    let chart = HorizontalBarChart(
      title: "t", description: "d", data: [ChartDatum("a", 50), ChartDatum("b", 100)])
    let widths = SVGInspection.elements("<rect class=\"bar\"", in: render(.chart(chart)))
      .compactMap { $0["width"].flatMap(Double.init) }
    // Axis 0…100; the second bar is twice the first (to the coordinates' hundredths).
    #expect(widths.count == 2)
    #expect(abs(widths[1] - 2 * widths[0]) <= 0.01)
  }

  @Test func exactAmountsAreDrawnAtTheirValue() {
    #expect(ChartDatum("Work RVUs", FixedDecimal(hundredths: 123_45)).value == 123.45)
  }

  @Test func lineChartPointsSitAtTheirValues() {
    // Values 2, 4, 6 → axis 2…6 (4/5 = 0.8 → 1), 60 units per unit from y = 24:
    // 6 → 24, 4 → 144, 2 → 264.
    let chart = LineChart(
      title: "t", description: "d",
      data: [ChartDatum("a", 2), ChartDatum("b", 4), ChartDatum("c", 6)])
    let ys = SVGInspection.elements("<circle", in: render(.chart(chart))).map { $0["cy"] }
    #expect(ys == ["264", "144", "24"])
  }
}

@Suite struct AxisLabelTests {
  @Test func wideTickLabelsWidenTheLeftMargin() throws {
    // 1,234,567 → axis 0…1,250,000 (step 250,000); "1,250,000" is 9 characters × 14 × 0.6 = 75.6
    // wide; written 8 units left of the axis, it needs the axis at x ≥ 75.6 + 8 = 83.6.
    let html = render(
      .chart(BarChart(title: "t", description: "d", data: [ChartDatum("a", 1_234_567)])))
    let gridLine = try #require(SVGInspection.elements("<line x1=", in: html).first)
    let axisX = try #require(gridLine["x1"].flatMap(Double.init))
    #expect(axisX >= 83.6)
    #expect(html.contains(">1,250,000</text>"))
  }
}

@Suite struct ScatterChartTests {
  /// x 0…50 and y 0…20 (NiceScale of 45.5 and 18): a point's place is its share of each axis.
  @Test func pointsSitAtTheirValuesWithAShapePerGroup() throws {
    let chart = ScatterChart(
      title: "Menu", description: "d",
      points: [
        ScatterPoint("Burger", x: 45.5, y: 6, group: 0),
        ScatterPoint("Fries", x: 36.4, y: 2, group: 1),
        ScatterPoint("Steak", x: 4.5, y: 18, group: 2),
        ScatterPoint("Soup", x: 4.5, y: 1, group: 3),
      ], groups: ["Star", "Plowhorse", "Puzzle", "Dog"], xTitle: "Mix", yTitle: "Margin",
      xReference: (14, "popular"), yReference: (4.86, "average"))
    let html = render(.chart(chart))
    let circle = try #require(SVGInspection.elements("<circle cx=", in: html).first)
    let square = try #require(SVGInspection.elements("<rect x=", in: html).first)
    // The plot's left edge and width, from the x axis's first and last ticks (0 and 50).
    let ticks = html.matches(of: /<text x="([0-9.]+)" y="[0-9.]+">(0|50)<\/text>/)
      .map { Double($0.1)! }
    let (left, right) = (ticks.first!, ticks.last!)
    #expect(abs(Double(circle["cx"]!)! - (left + (right - left) * 45.5 / 50)) < 0.01)
    #expect(abs(Double(square["x"]!)! + 5 - (left + (right - left) * 36.4 / 50)) < 0.01)
    // Triangles and a diamond are polygons; the legend repeats each shape once.
    #expect(SVGInspection.count("<polygon", in: html) == 4)
    #expect(html.contains(">popular</text>") && html.contains(">average</text>"))
    #expect(html.contains("<th scope=\"row\">Steak</th><td>Puzzle</td>"))
  }

  @Test func noPointsSayWhy() {
    let html = render(
      .chart(
        ScatterChart(
          title: "Menu", description: "d", points: [], groups: ["Star"], xTitle: "x",
          yTitle: "y", emptyMessage: "No item with a cost was sold.")))
    #expect(html.contains("No item with a cost was sold.") && !html.contains("<svg"))
  }
}

@Suite struct GapTests {
  /// Issue 35: a day without data was dropped and its neighbours joined (Mon 9 beside Thu 12).
  @Test func aMissingDayBreaksTheLineAndKeepsItsSlot() {
    let data = [
      ChartDatum("Mon 9", 2), ChartDatum("Tue 10", 3), .missing("Wed 11"), ChartDatum("Thu 12", 4),
      ChartDatum("Fri 13", 5),
    ]
    let html = render(.chart(LineChart(title: "Energy", description: "d", data: data)))
    // Two runs (Mon–Tue, Thu–Fri), four points; five slots on the axis.
    #expect(SVGInspection.count("<polyline", in: html) == 2)
    #expect(SVGInspection.count("<circle", in: html) == 4)
    #expect(html.contains(">Wed 11</text>") || html.contains("<th scope=\"row\">Wed 11</th>"))
    #expect(html.contains("<th scope=\"row\">Wed 11</th><td class=\"num\">—</td>"))
    let bars = render(.chart(BarChart(title: "Score", description: "d", data: data)))
    #expect(SVGInspection.elements("<rect class=\"bar\"", in: bars).count == 4)
  }
}
