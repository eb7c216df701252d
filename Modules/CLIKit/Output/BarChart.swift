import DataFormats

/// A horizontal bar chart for terminals, drawn with Unicode block characters in eighths.
///
/// For example:
/// ```
/// 2026-02-02  ████████████████████████████████████████ 12.40
/// 2026-02-09  ███████████████▌                          4.85
/// ```
public enum BarChart {
  /// The chart of `items`, one line each; bars scale to the largest value, negative values draw
  /// no bar.
  ///
  /// - Parameters:
  ///   - width: the length in characters of the longest bar.
  ///   - valueText: the text printed after each bar (the value with two decimals by default).
  public static func render(
    _ items: [(label: String, value: Double)], width: Int = 40,
    valueText: (Double) -> String = { JSONValue.format($0, decimals: 2) ?? "-" }
  ) -> String {
    guard !items.isEmpty else { return "" }
    let labelWidth = items.map(\.label.count).max() ?? 0
    let largest = items.map(\.value).filter(\.isFinite).max() ?? 0
    return items.map { item in
      let bar = self.bar(item.value, largest: largest, width: width)
      let label = item.label + String(repeating: " ", count: labelWidth - item.label.count)
      return label + "  " + bar + String(repeating: " ", count: width - bar.count) + " "
        + valueText(item.value) + "\n"
    }.joined()
  }

  /// A bar of `value` against `largest`, `width` characters at most.
  static func bar(_ value: Double, largest: Double, width: Int) -> String {
    guard largest > 0, value > 0, value.isFinite else { return "" }
    let eighths = Int((value / largest * Double(width * 8)).rounded())
    let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    return String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
  }
}

/// A one-line sparkline of a series: `▁▂▄█▆`, a space for a missing value.
public enum Sparkline {
  /// The sparkline of `values`, scaled from their minimum to their maximum (a flat series draws
  /// its middle block).
  public static func render(_ values: [Double?]) -> String {
    let ticks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    let present = values.compactMap { $0 }.filter(\.isFinite)
    guard let low = present.min(), let high = present.max() else {
      return String(repeating: " ", count: values.count)
    }
    return String(
      values.map { value -> Character in
        guard let value, value.isFinite else { return " " }
        // A span too wide for a Double (±1e308) gives no finite ratio: draw the middle block.
        let ratio = (value - low) / (high - low)
        guard high > low, ratio.isFinite else { return ticks[3] }
        return ticks[Int((min(max(ratio, 0), 1) * 7).rounded())]
      })
  }
}
