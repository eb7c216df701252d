import ArgumentParser
import DataFormats

/// How a query command prints its result: `table` for people, `json` and `csv` for programs.
public enum OutputFormat: String, Sendable, CaseIterable, ExpressibleByArgument {
  /// An aligned text table (with charts where the command has them).
  case table
  /// Pretty-printed JSON with snake_case keys in a stable order.
  case json
  /// RFC 4180 CSV with a header row.
  case csv

  /// Renders a list of rows; tables are fitted to `width` columns (`nil`: no limit) and an empty
  /// CSV still has the header of `columns`.
  public func render(
    rows: [JSONObject], width: Int? = TableWriter.fittingWidth, columns: [String] = []
  ) -> String {
    switch self {
    case .table: return TableWriter.write(rows, width: width)
    case .json: return JSONWriter.pretty(.array(rows.map(JSONValue.object)))
    case .csv: return CSVWriter.write(rows, columns: columns)
    }
  }

  /// Renders a single object: key/value lines as a table, one object in JSON, one row in CSV.
  public func render(object: JSONObject) -> String {
    switch self {
    case .table: return TableWriter.write(keyValue: object)
    case .json: return JSONWriter.pretty(.object(object))
    case .csv: return CSVWriter.write([object])
    }
  }
}
