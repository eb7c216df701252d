import AnalyticsCore

/// One self-contained HTML5 report: inline CSS and SVG only, no scripts, fonts, stylesheets or
/// images from elsewhere, so it works offline, as an e-mail attachment and printed to PDF.
///
/// For example:
///
///     let page = ReportPage(
///       title: "RVU report", period: "1–31 March 2026", asOf: asOf,
///       generatedAt: now, zone: zone,
///       sections: [ReportSection(title: "Summary", blocks: [.cards(cards), .chart(bars)])])
///     let html = page.render()
///
/// The page reads no clock: the app passes the as-of day and the generation time in.
public struct ReportPage: Sendable {
  public var title: String
  /// The window the report covers, as the app words it ("1–31 March 2026", "Last 12 weeks").
  public var period: String?
  public var asOf: LocalDate?
  public var generatedAt: Instant?
  /// The zone `generatedAt` is written in; UTC when absent.
  public var zone: Zone?
  /// The page's language (BCP 47), for screen readers' pronunciation and hyphenation.
  public var language: String
  public var sections: [ReportSection]

  public init(
    title: String, period: String? = nil, asOf: LocalDate? = nil, generatedAt: Instant? = nil,
    zone: Zone? = nil, language: String = "en", sections: [ReportSection]
  ) {
    self.title = title
    self.period = period
    self.asOf = asOf
    self.generatedAt = generatedAt
    self.zone = zone
    self.language = language
    self.sections = sections
  }

  /// The subtitle's parts, e.g. `["1–31 March 2026", "as of 2026-03-31", "generated …"]`.
  var subtitleParts: [String] {
    var parts: [String] = []
    if let period { parts.append(period) }
    if let asOf { parts.append("as of " + asOf.description) }
    if let generatedAt {
      // To the minute, as a reader tells the time: "generated 2026-03-31 14:05 America/Chicago".
      let zone = zone ?? .utc
      let local = zone.localDateTime(of: generatedAt)
      let minute = TimeOfDay(hour: local.time.hour, minute: local.time.minute) ?? local.time
      parts.append("generated \(local.date) \(minute) \(zone.identifier)")
    }
    return parts
  }

  /// The whole document as a string.
  public func render() -> String {
    var html = HTMLWriter(capacity: 64 * 1024)
    html.markup("<!DOCTYPE html><html lang=\"")
    html.text(language)
    html.markup(
      "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>"
    )
    html.text(title)
    html.markup("</title><style>" + Stylesheet.css + "</style></head><body><main><header>")
    html.element("h1", title)
    let subtitle = subtitleParts
    if !subtitle.isEmpty { html.element("p", subtitle.joined(separator: " · "), class: "subtitle") }
    html.markup("</header>")
    for section in sections {
      html.markup("<section>")
      html.element("h2", section.title)
      for block in section.blocks { block.content.render(into: &html) }
      html.markup("</section>")
    }
    html.markup("</main></body></html>\n")
    return html.output
  }
}
