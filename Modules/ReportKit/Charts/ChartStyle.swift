/// The drawing constants every chart shares, named so a reader knows why a number is what it is.
enum ChartStyle {
  /// The SVG's user-space width; CSS scales it to the column, so this only fixes proportions.
  static let width = 720.0
  /// Plot height of the bar, line and grouped bar charts.
  static let plotHeight = 240.0
  /// Room for the y tick labels left of the plot (seven characters of axis text).
  static let leftMargin = 64.0
  static let rightMargin = 16.0
  /// Room above the plot for the topmost value label.
  static let topMargin = 24.0
  /// Room under the plot for one line of x labels and the gap above it.
  static let bottomMargin = 36.0
  /// Axis and value text size in user units; at 720 units across a 720-pixel column this is
  /// 14 px, and on a phone the whole SVG scales down together.
  static let fontSize = 14.0
  /// Average advance of a character as a share of the font size, for estimating label widths
  /// (measured for the system sans-serif fonts at digits and lowercase letters: 0.55–0.6).
  static let characterWidth = 0.6
  /// Space kept between two neighbouring labels so they read as separate.
  static let labelGap = 6.0
  /// The gap between bars as a share of a bar's slot.
  static let barGap = 0.2
  /// Ticks asked of `NiceScale`: enough to read values off, few enough to label.
  static let targetTicks = 6

  /// A calm palette: muted blue, teal, sand, rose, slate and plum, each dark enough on the light
  /// page for 3:1 contrast against the background (WCAG 1.4.11 for graphics).
  static let colors = ["#3d6a8a", "#3f8a7a", "#a07a2e", "#a85d68", "#5c6773", "#7a6499"]

  /// Estimated width of `text` at the chart font size.
  static func textWidth(_ text: String, fontSize: Double = fontSize) -> Double {
    Double(text.count) * fontSize * characterWidth
  }

  /// The colour of series `index`, cycling.
  static func color(_ index: Int) -> String { colors[index % colors.count] }
}

/// Which x labels to write when there are more than fit.
enum LabelThinning {
  /// Every `stride`-th label is written, starting with the first: the smallest stride at which
  /// the widest label plus a gap fits in the room the skipped slots give it, so no two written
  /// labels overlap. The data table under the chart still has every label.
  static func stride(labels: [String], slotWidth: Double, fontSize: Double = ChartStyle.fontSize)
    -> Int
  {
    guard slotWidth > 0,
      let widest = labels.lazy.map({ ChartStyle.textWidth($0, fontSize: fontSize) })
        .max()
    else { return 1 }
    return max(1, Int(((widest + ChartStyle.labelGap) / slotWidth).rounded(.up)))
  }
}

/// The rectangle a chart with a value axis draws in: left of it the tick labels, under it one
/// line of category labels.
struct PlotArea {
  var left = ChartStyle.leftMargin
  let top = ChartStyle.topMargin
  var height = ChartStyle.plotHeight

  var width: Double { ChartStyle.width - left - ChartStyle.rightMargin }

  /// The height of the whole SVG around the plot.
  var svgHeight: Double { top + height + ChartStyle.bottomMargin }

  /// A plot whose left margin holds the widest of `scale`'s tick labels (8 units from the axis,
  /// as `valueAxis` writes them), so "1,250,000" is never cut at the SVG's edge.
  static func fitting(_ scale: NiceScale, format: ValueFormat = ValueFormat()) -> PlotArea {
    let widest =
      scale.ticks.map {
        ChartStyle.textWidth(format.tick($0, decimals: scale.decimals))
      }.max() ?? 0
    return PlotArea(left: max(ChartStyle.leftMargin, widest + 8 + ChartStyle.labelGap))
  }
}
