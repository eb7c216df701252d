/// A table of already formatted cells with a caption, numeric columns right-aligned so digits line
/// up. Charts use it for their accessible data; apps use it for breakdowns (top codes, records).
public struct DataTable: Sendable, Equatable {
  public struct Column: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable {
      /// Text: left-aligned.
      case text
      /// Numbers: right-aligned with tabular figures, so place values line up.
      case numeric
    }

    public var title: String
    public var alignment: Alignment

    public init(_ title: String, _ alignment: Alignment = .text) {
      self.title = title
      self.alignment = alignment
    }
  }

  public var caption: String
  public var columns: [Column]
  /// One array of cell texts per row, in the columns' order; short rows are padded with empty
  /// cells so a missing value never shifts the others.
  public var rows: [[String]]
  /// Shown instead of an empty table body.
  public var emptyMessage: String

  public init(
    caption: String, columns: [Column], rows: [[String]],
    emptyMessage: String = "No data for this period."
  ) {
    self.caption = caption
    self.columns = columns
    self.rows = rows
    self.emptyMessage = emptyMessage
  }
}

extension DataTable {
  func render(into html: inout HTMLWriter, className: String = "data") {
    html.markup("<div class=\"table-wrap\"><table class=\"\(className)\">")
    html.element("caption", caption)
    html.markup("<thead><tr>")
    for column in columns {
      html.markup(
        column.alignment == .numeric ? "<th scope=\"col\" class=\"num\">" : "<th scope=\"col\">")
      html.text(column.title)
      html.markup("</th>")
    }
    html.markup("</tr></thead><tbody>")
    if rows.isEmpty {
      html.markup("<tr><td colspan=\"\(max(columns.count, 1))\">")
      html.text(emptyMessage)
      html.markup("</td></tr>")
    }
    for row in rows {
      html.markup("<tr>")
      for (index, column) in columns.enumerated() {
        let cell = index < row.count ? row[index] : ""
        // The first cell names the row, so it is a row header for screen readers.
        if index == 0 {
          html.markup(
            column.alignment == .numeric ? "<th scope=\"row\" class=\"num\">" : "<th scope=\"row\">"
          )
          html.text(cell)
          html.markup("</th>")
        } else {
          html.markup(column.alignment == .numeric ? "<td class=\"num\">" : "<td>")
          html.text(cell)
          html.markup("</td>")
        }
      }
      html.markup("</tr>")
    }
    html.markup("</tbody></table></div>")
  }
}
