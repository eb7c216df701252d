import AnalyticsCore
import DataFormats

/// Writes rows as an aligned text table for terminals: a header of the keys in capitals, numbers
/// right-aligned, `null` as `-`.
public enum TableWriter {
  /// The table text of `rows` (columns as in `CSVWriter`), or `(no rows)` when empty.
  ///
  /// When the table is wider than `width`, the widest text columns are narrowed, longest first,
  /// and cells cut with `…`; numbers and headers' first letters are never cut, so a narrow
  /// terminal still shows every column. `nil` means no limit (`--wide`).
  public static func write(_ rows: [JSONObject], width: Int? = fittingWidth) -> String {
    guard !rows.isEmpty else { return "(no rows)\n" }
    let flattened = rows.map { $0.flattened() }
    var columns: [String] = []
    var seen: Set<String> = []
    for row in flattened {
      for field in row where seen.insert(field.key).inserted { columns.append(field.key) }
    }
    var numeric = Set(columns)
    var empty = Set(columns)
    var cells: [[String]] = flattened.map { row in
      let values = Dictionary(
        row.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      return columns.map { column in
        let value = values[column] ?? .null
        if !value.isNumeric, value != .null { numeric.remove(column) }
        if value != .null { empty.remove(column) }
        return value.plainText.map(TerminalText.cell) ?? "-"
      }
    }
    func widths(of headers: [String]) -> [Int] {
      var widths = headers.map(\.count)
      for row in cells {
        for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
      }
      return widths
    }
    var headers = columns.map { $0.replacingOccurrences(of: "_", with: " ").uppercased() }
    var widths = widths(of: headers)
    if let width, total(widths) > width, !empty.isEmpty, empty.count < columns.count {
      // Too wide: columns with no value in any row go first (their header says nothing).
      let kept = columns.indices.filter { !empty.contains(columns[$0]) }
      columns = kept.map { columns[$0] }
      headers = kept.map { headers[$0] }
      cells = cells.map { row in kept.map { row[$0] } }
      widths = kept.map { widths[$0] }
    }
    if let width {
      // Numbers and dates or times are never cut: "2026-…" answers nothing.
      let keep = columns.indices.map { index in
        numeric.contains(columns[index]) || cells.allSatisfy { isTemporal($0[index]) }
      }
      widths = fitted(widths, into: width, keep: keep)
    }
    func line(_ row: [String]) -> String {
      let padded = row.enumerated().map { index, cell -> String in
        let cell = cut(cell, to: widths[index])
        let pad = String(repeating: " ", count: widths[index] - cell.count)
        return numeric.contains(columns[index]) ? pad + cell : cell + pad
      }
      return padded.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
    }
    var out = line(headers)
    out += line(widths.map { String(repeating: "-", count: $0) })
    for row in cells { out += line(row) }
    return out
  }

  /// Whether the table is printed at full width (`--wide`), set once from the command line.
  public static var wide: Bool {
    get { wideSetting.current }
    set { wideSetting.current = newValue }
  }
  private static let wideSetting = LockedValue(false)

  /// The width tables are fitted to: the terminal's (or 100 columns when piped), none with
  /// `--wide`.
  public static var fittingWidth: Int? { wide ? nil : Terminal.outputWidth }

  /// The width of a table with these column widths and two spaces between columns.
  static func total(_ widths: [Int]) -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) }

  /// Whether a cell is a date, a time or an instant (`2026-02-08`, `14:30`, `…T14:30:00Z`), or
  /// empty: such columns are short and lose their meaning when cut.
  static func isTemporal(_ cell: String) -> Bool {
    cell == "-"
      || (cell.count <= 25 && cell.first?.isNumber == true
        && cell.allSatisfy { $0.isNumber || "-:TZ.+ ".contains($0) })
  }

  /// The narrowest a text column is cut to: room for a few letters and the ellipsis.
  static let minimumColumnWidth = 6

  /// Column widths whose sum with two-space gaps fits `total`, taking from the widest columns
  /// not marked `keep` one character at a time until it fits or none can give more.
  static func fitted(_ widths: [Int], into total: Int, keep: [Bool]) -> [Int] {
    var widths = widths
    var excess = Self.total(widths) - total
    while excess > 0 {
      let candidates = widths.indices.filter { !keep[$0] && widths[$0] > minimumColumnWidth }
      guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
      widths[widest] -= 1
      excess -= 1
    }
    return widths
  }

  /// `text` cut to `width` characters, the last one `…` when anything was cut.
  static func cut(_ text: String, to width: Int) -> String {
    guard text.count > width else { return text }
    return String(text.prefix(max(0, width - 1))) + "…"
  }

  /// A two-column table of one object's flattened fields (`key  value`).
  public static func write(keyValue object: JSONObject) -> String {
    let fields = object.flattened()
    let width = fields.map(\.key.count).max() ?? 0
    return fields.map { field in
      field.key + String(repeating: " ", count: width - field.key.count) + "  "
        + (field.value.plainText.map(TerminalText.cell) ?? "-")
    }.map { $0.trimmingTrailingSpaces() + "\n" }.joined()
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
