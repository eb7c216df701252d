import Foundation

/// Reads back the markup the charts write, so tests check numbers, not pixels.
enum SVGInspection {
  /// The attributes of every element whose start tag begins with `prefix` (e.g. `<rect class="bar"`).
  static func elements(_ prefix: String, in html: String) -> [[String: String]] {
    var result: [[String: String]] = []
    var searchStart = html.startIndex
    while let start = html.range(of: prefix, range: searchStart..<html.endIndex) {
      guard let end = html.range(of: ">", range: start.upperBound..<html.endIndex) else { break }
      result.append(attributes(String(html[start.lowerBound..<end.lowerBound])))
      searchStart = end.upperBound
    }
    return result
  }

  static func attributes(_ tag: String) -> [String: String] {
    var attributes: [String: String] = [:]
    for match in tag.matches(of: /([a-zA-Z][a-zA-Z0-9:-]*)="([^"]*)"/) {
      attributes[String(match.1)] = String(match.2)
    }
    return attributes
  }

  /// Every number in SVG path data, in order.
  static func numbers(_ pathData: String) -> [Double] {
    pathData.matches(of: /-?[0-9]+(\.[0-9]+)?/).compactMap { Double($0.0) }
  }

  /// How many times `needle` occurs in `haystack`.
  static func count(_ needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
  }

  /// Texts of the `<text>` elements inside the first `<g class="x-labels"…>` after `offset`.
  static func xLabels(in html: String) -> [(x: Double, text: String)] {
    guard let group = html.range(of: "<g class=\"x-labels\"") else { return [] }
    let end = html.range(of: "</g>", range: group.upperBound..<html.endIndex)!.lowerBound
    return html[group.upperBound..<end].matches(of: /<text x="([-0-9.]+)"[^>]*>([^<]*)<\/text>/)
      .map { (Double($0.1)!, String($0.2)) }
  }
}
