/// Reads figures back out of a report page, for the report tests of behavior-cli and ruck-cli.
enum ReportHTML {
  /// The heights of the bars of the figure captioned `figure`.
  static func barHeights(_ html: String, figure: String) -> [Double] {
    guard let start = html.range(of: "<figcaption>" + figure + "</figcaption>") else { return [] }
    let rest = html[start.upperBound...]
    let end = rest.range(of: "</figure>")?.lowerBound ?? rest.endIndex
    return rest[..<end].components(separatedBy: "<rect class=\"bar\"").dropFirst().compactMap {
      part in
      guard let height = part.range(of: "height=\"") else { return nil }
      return Double(part[height.upperBound...].prefix { $0 != "\"" })
    }
  }

  /// How many times `part` occurs in `html`.
  static func count(_ part: String, in html: String) -> Int {
    html.components(separatedBy: part).count - 1
  }
}
