import Foundation

/// A grid of cells shaded by value: a year of weeks × weekdays (a streak calendar) or weekdays ×
/// hours. Five shades from light to dark, a legend giving each shade's value range in numbers, and
/// missing cells hatched and labelled "no data", so reading it never depends on telling colours
/// apart; every cell carries its value as a tooltip and the table has them all.
public struct HeatGrid: Sendable, Equatable {
  public var title: String
  public var description: String
  /// Row names, top to bottom (e.g. Monday…Sunday).
  public var rows: [String]
  /// Column names, left to right (e.g. weeks or hours); thinned like bar labels when crowded.
  public var columns: [String]
  /// `values[row][column]`; `nil` is a cell with no data (a future day, a closed hour).
  public var values: [[Double?]]
  public var format: ValueFormat
  public var emptyMessage: String

  /// Shades of the palette's blue from faint to dark: five steps are as many as people tell apart
  /// reliably in a sequential scale.
  static let shades = ["#e3ecf2", "#b9cfdf", "#85a9c4", "#557f9f", "#2f5673"]
  static let maximumCellSize = 28.0
  /// Rows are at least this tall so their names (14-unit text) never touch, however many columns
  /// squeeze the cells' width.
  static let minimumRowHeight = ChartStyle.fontSize + 4

  public init(
    title: String, description: String, rows: [String], columns: [String], values: [[Double?]],
    format: ValueFormat = .integer, emptyMessage: String = "No data for this period."
  ) {
    self.title = title
    self.description = description
    self.rows = rows
    self.columns = columns
    self.values = values
    self.format = format
    self.emptyMessage = emptyMessage
  }

  func value(row: Int, column: Int) -> Double? {
    row < values.count && column < values[row].count ? values[row][column] : nil
  }

  var range: (low: Double, high: Double)? {
    let present = values.lazy.flatMap { $0 }.compactMap { $0 }
    guard let low = present.min(), let high = present.max() else { return nil }
    return (low, high)
  }

  /// The values when they are whole numbers, at most five different ones (sessions per day, 0
  /// to 3), else `nil`: each then has a shade of its own and the legend names it ("1"), where
  /// fifths of the range said "0.2 to 0.4" sessions.
  var wholeValues: [Double]? {
    guard let range, range.high - range.low < Double(Self.shades.count),
      values.allSatisfy({ $0.allSatisfy { $0 == nil || $0! == $0!.rounded() } })
    else { return nil }
    return Array(stride(from: range.low, through: range.high, by: 1))
  }

  /// The shade index of `value`: for whole values, each its own, spread from the faintest to the
  /// darkest (a single value: the faintest for 0 — an empty calendar is not all dark — else the
  /// darkest); else equal fifths of the range, the top one closed.
  func shade(of value: Double, in range: (low: Double, high: Double), whole: Bool = false) -> Int {
    guard range.high > range.low else { return whole && value == 0 ? 0 : Self.shades.count - 1 }
    let position = (value - range.low) / (range.high - range.low)
    if whole { return Int((position * Double(Self.shades.count - 1)).rounded()) }
    return min(Self.shades.count - 1, Int(position * Double(Self.shades.count)))
  }

  var table: DataTable {
    DataTable(
      caption: title, columns: [.init("")] + columns.map { .init($0, .numeric) },
      rows: rows.indices.map { row in
        [rows[row]]
          + columns.indices.map { column in
            value(row: row, column: column).map(format.string) ?? "—"
          }
      })
  }
}

extension HeatGrid: HTMLRenderable {
  func render(into html: inout HTMLWriter) {
    let range = self.range
    let rowLabelWidth =
      (rows.map { ChartStyle.textWidth($0) }.max() ?? 0) + 2 * ChartStyle.labelGap
    let plotWidth = ChartStyle.width - rowLabelWidth - ChartStyle.rightMargin
    let cell = min(Self.maximumCellSize, plotWidth / Double(max(columns.count, 1)))
    let rowHeight = max(cell, Self.minimumRowHeight)
    let top = ChartStyle.fontSize + 10
    let height = top + rowHeight * Double(rows.count) + 8
    let whole = wholeValues
    var legend: [(shade: Int, text: String)] = (0..<Self.shades.count).compactMap { index in
      guard let range, whole == nil else { return nil }
      let step = (range.high - range.low) / Double(Self.shades.count)
      let low = range.low + step * Double(index)
      // Enough decimals that neighbouring bounds differ: a 0…3 range in fifths is 0.6 apart.
      var bounds = format
      if step > 0 && step < 1 {
        bounds.decimals = max(format.decimals, Int((-log10(step)).rounded(.up)))
      }
      return (
        index,
        "Shade \(index + 1) of \(Self.shades.count): " + bounds.string(low) + " to "
          + bounds.string(low + step)
      )
    }
    if let whole, let range {
      legend = whole.map { value in
        let shade = self.shade(of: value, in: range, whole: true)
        return (shade, "Shade \(shade + 1) of \(Self.shades.count): " + format.string(value))
      }
    }
    legend.append((Self.shades.count, "Hatched: no data"))
    html.chartFigure(
      title: title, description: description,
      isEmpty: range == nil || rows.isEmpty || columns.isEmpty, emptyMessage: emptyMessage,
      table: table, width: ChartStyle.width, height: height, className: "chart heat"
    ) { html, id in
      guard let range else { return }
      html.markup(
        "<defs><pattern id=\"\(id)-none\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\"><rect width=\"6\" height=\"6\" fill=\"#f4f4f1\"/><path d=\"M0 6L6 0\" stroke=\"#b8b8b0\" stroke-width=\"1\"/></pattern></defs>"
      )
      html.categoryLabels(
        columns, left: rowLabelWidth, slotWidth: cell, y: ChartStyle.fontSize)
      for (row, name) in rows.enumerated() {
        let y = top + rowHeight * Double(row)
        html.markup(
          "<text x=\"\(NumberText.coordinate(rowLabelWidth - ChartStyle.labelGap))\" y=\"\(NumberText.coordinate(y + rowHeight / 2))\" text-anchor=\"end\" dominant-baseline=\"middle\">"
        )
        html.text(name)
        html.markup("</text>")
        for column in columns.indices {
          let value = self.value(row: row, column: column)
          let fill =
            value.map { Self.shades[shade(of: $0, in: range, whole: whole != nil)] }
            ?? "url(#\(id)-none)"
          let x = rowLabelWidth + cell * Double(column)
          html.markup(
            "<rect class=\"cell\" x=\"\(NumberText.coordinate(x))\" y=\"\(NumberText.coordinate(y))\" width=\"\(NumberText.coordinate(cell - 1))\" height=\"\(NumberText.coordinate(rowHeight - 1))\" fill=\"\(fill)\"><title>"
          )
          html.text(name + ", " + columns[column] + ": " + (value.map(format.string) ?? "no data"))
          html.markup("</title></rect>")
        }
      }
    } footer: { footer in
      // Each shade's range in numbers, so no reading depends on telling shades apart.
      footer.markup("<ul class=\"legend shades\">")
      for (index, entry) in legend {
        let fill = index < Self.shades.count ? Self.shades[index] : "#f4f4f1"
        footer.markup(
          "<li><svg class=\"swatch\" viewBox=\"0 0 16 16\" aria-hidden=\"true\"><rect width=\"16\" height=\"16\" fill=\"\(fill)\" stroke=\"#8a8a80\"/>"
            + (index < Self.shades.count ? "" : "<path d=\"M0 16L16 0\" stroke=\"#8a8a80\"/>")
            + "</svg>")
        footer.text(entry)
        footer.markup("</li>")
      }
      footer.markup("</ul>")
    }
  }
}
