import DataFormats

/// The CSV form of a report: long rows, so every figure of the JSON fits four columns.
enum ReportCSV {
  /// A report as long CSV rows `section, name, metric, value`: top-level values under
  /// `summary`, each list item named by its first field.
  static func longRows(_ object: JSONObject) -> [JSONObject] {
    func row(_ section: String, _ name: String, _ metric: String, _ value: JSONValue) -> JSONObject
    {
      [
        "section": .string(section), "name": .string(name), "metric": .string(metric),
        "value": value,
      ]
    }
    var rows: [JSONObject] = []
    for field in object.fields {
      switch field.value {
      case .object(let nested):
        for sub in nested.fields { rows.append(row(field.key, "", sub.key, sub.value)) }
      case .array(let items):
        for (index, item) in items.enumerated() {
          guard case .object(let element) = item, let first = element.fields.first else {
            rows.append(row(field.key, String(index + 1), "", item))
            continue
          }
          let name = first.value.plainText ?? ""
          for sub in element.fields.dropFirst() {
            if case .array(let inner) = sub.value {
              for case .object(let pair) in inner where pair.fields.count >= 2 {
                rows.append(
                  row(
                    field.key, name, "\(sub.key).\(pair.fields[0].value.plainText ?? "")",
                    pair.fields[1].value))
              }
            } else {
              rows.append(row(field.key, name, sub.key, sub.value))
            }
          }
        }
      default:
        rows.append(row("summary", "", field.key, field.value))
      }
    }
    return rows
  }
}
