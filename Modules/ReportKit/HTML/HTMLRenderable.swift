/// Something that writes itself into a page: a chart, a table, a row of cards.
///
/// Internal on purpose: only this module's types write markup, so every text an app hands in
/// goes through `HTMLEscaping`; apps compose pages from `ReportBlock`s.
protocol HTMLRenderable: Sendable {
  func render(into html: inout HTMLWriter)
}
