import DataFormats

/// Writes rows as RFC 4180 CSV: a header row, CRLF line ends, fields quoted when they hold a
/// comma, a quote or a line break (quotes doubled), `null` as an empty field.
public enum CSVWriter {
  /// The CSV text of `rows`: columns are the union of the rows' flattened keys, in first-seen
  /// order (nested objects become dotted columns such as `period.start`). With no rows, the
  /// header of `columns` alone (a program reading the file still learns its columns), or
  /// nothing when they are not known.
  public static func write(_ rows: [JSONObject], columns known: [String] = []) -> String {
    guard !rows.isEmpty else {
      return known.isEmpty ? "" : known.map(escape).joined(separator: ",") + "\r\n"
    }
    let flattened = rows.map { $0.flattened() }
    var columns: [String] = []
    var seen: Set<String> = []
    for row in flattened {
      for field in row where seen.insert(field.key).inserted { columns.append(field.key) }
    }
    var out = columns.map(escape).joined(separator: ",") + "\r\n"
    for row in flattened {
      let values = Dictionary(
        row.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      out += columns.map { escape(values[$0]?.plainText ?? "") }.joined(separator: ",") + "\r\n"
    }
    return out
  }

  /// One field, quoted when needed.
  public static func escape(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return field
    }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
