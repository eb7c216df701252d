/// Accumulates one page's markup.
///
/// Markup is built by appending strings: `text(_:)` for anything that came from a user or a
/// domain (always escaped), `markup(_:)` only for literals written in this module. The writer
/// also hands out page-unique ids, so two charts on a page never share a pattern or title id.
struct HTMLWriter {
  private(set) var output = ""
  private var lastID = 0

  init(capacity: Int = 0) {
    output.reserveCapacity(capacity)
  }

  /// Appends markup written in this module (tags, attribute names, numbers it formatted).
  mutating func markup(_ literal: String) {
    output += literal
  }

  /// Appends an SVG coordinate without an intermediate string (route paths write thousands).
  mutating func coordinate(_ value: Double) {
    NumberText.appendCoordinate(value, to: &output)
  }

  /// Appends user text, escaped for text and attribute contexts.
  mutating func text(_ text: String) {
    HTMLEscaping.append(text, to: &output)
  }

  /// Appends `<tag class="…">escaped text</tag>`.
  mutating func element(_ tag: String, _ content: String, class className: String? = nil) {
    output += "<" + tag
    if let className { output += " class=\"" + className + "\"" }
    output += ">"
    text(content)
    output += "</" + tag + ">"
  }

  /// A fresh id such as `chart-3`, unique within the page.
  mutating func uniqueID(_ prefix: String) -> String {
    lastID += 1
    return prefix + "-" + String(lastID)
  }
}
