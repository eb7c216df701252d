import AnalyticsCore

/// One headline number with its label and its change against the previous period, e.g.
/// "Work RVUs 1,234.50 ▲ up 12.3% vs previous 30 days".
///
/// The change is written in words with an arrow ("up 12.3%", "down 4.0%", "no change"), never
/// only as a colour; a change from 0 (or none given) shows "—", because a change from nothing is
/// neither 0% nor infinite (see `Change.percent`).
public struct SummaryCard: Sendable, Equatable {
  public var label: String
  /// The value as the app formats it (an amount, a count, a pace).
  public var value: String
  /// The comparison with the previous period, computed by the domain; `nil` shows "—".
  public var change: Change?
  /// What the change compares against, e.g. "vs previous 30 days".
  public var comparison: String?
  public var sparkline: Sparkline?

  public init(
    label: String, value: String, change: Change? = nil, comparison: String? = nil,
    sparkline: Sparkline? = nil
  ) {
    self.label = label
    self.value = value
    self.change = change
    self.comparison = comparison
    self.sparkline = sparkline
  }

  /// The change in words, e.g. "▲ up 12.3%", "▼ down 4.0%", "no change", or "—".
  public var changeText: String {
    guard let change, let percent = change.percent else { return "—" }
    let amount = NumberText.grouped(abs(percent), decimals: 1) + "%"
    switch change.direction {
    case .up: return "▲ up " + amount
    case .down: return "▼ down " + amount
    case .flat: return "no change"
    }
  }

  /// A CSS class for the tint, from whether the move is good news; the words say the same.
  var assessmentClass: String {
    guard let change, change.percent != nil else { return "none" }
    return change.assessment.rawValue
  }
}

/// A row of summary cards that wraps on narrow screens.
struct SummaryCards: HTMLRenderable {
  var cards: [SummaryCard]

  /// A smaller size for a long value: four cards share a desktop row, about 160 px inside each,
  /// where 1.6rem holds 8 characters of bold figures, 1.25rem 11 and 1rem 14 (measured in
  /// Chromium with DejaVu Sans, the widest of the fonts the page names).
  static func sizeClass(_ value: String) -> String {
    value.count > 11 ? " longer" : value.count > 8 ? " long" : ""
  }

  func render(into html: inout HTMLWriter) {
    html.markup("<div class=\"cards\">")
    for card in cards {
      html.markup("<div class=\"card\"><p class=\"card-label\">")
      html.text(card.label)
      html.markup("</p><p class=\"card-value\(Self.sizeClass(card.value))\">")
      html.text(card.value)
      html.markup("</p><p class=\"card-change \(card.assessmentClass)\">")
      html.text(card.changeText)
      if let comparison = card.comparison {
        html.markup(" <span class=\"card-comparison\">")
        html.text(comparison)
        html.markup("</span>")
      }
      html.markup("</p>")
      card.sparkline?.render(into: &html)
      html.markup("</div>")
    }
    html.markup("</div>")
  }
}
