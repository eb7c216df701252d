import DataFormats

/// Writes rows as an aligned text table for terminals: a header of the keys in capitals, numbers
/// right-aligned, `null` as `-`.
public enum TableWriter {
  /// The table text of `rows` (columns as in `CSVWriter`), or `(no rows)` when empty.
  public static func write(_ rows: [JSONObject]) -> String {
    guard !rows.isEmpty else { return "(no rows)\n" }
    let flattened = rows.map { $0.flattened() }
    var columns: [String] = []
    var seen: Set<String> = []
    for row in flattened {
      for field in row where seen.insert(field.key).inserted { columns.append(field.key) }
    }
    var numeric = Set(columns)
    let cells: [[String]] = flattened.map { row in
      let values = Dictionary(
        row.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      return columns.map { column in
        let value = values[column] ?? .null
        if !value.isNumeric, value != .null { numeric.remove(column) }
        return value.plainText ?? "-"
      }
    }
    let headers = columns.map { $0.replacingOccurrences(of: "_", with: " ").uppercased() }
    var widths = headers.map(\.count)
    for row in cells {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ row: [String]) -> String {
      let padded = row.enumerated().map { index, cell -> String in
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

  /// A two-column table of one object's flattened fields (`key  value`).
  public static func write(keyValue object: JSONObject) -> String {
    let fields = object.flattened()
    let width = fields.map(\.key.count).max() ?? 0
    return fields.map { field in
      field.key + String(repeating: " ", count: width - field.key.count) + "  "
        + (field.value.plainText ?? "-")
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
