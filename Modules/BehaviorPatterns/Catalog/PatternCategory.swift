import AnalyticsCore

/// One of the nine categories patterns are grouped in.
public enum PatternCategory: String, Sendable, CaseIterable, Codable, Comparable {
  case behavioral
  case sensory
  case socialCommunication = "social-communication"
  case executiveFunction = "executive-function"
  case energyCapacity = "energy-capacity"
  case emotionalRegulation = "emotional-regulation"
  case routineStructure = "routine-structure"
  case physical
  case contextual

  /// The stable kebab-case id (`social-communication`).
  public var id: String { rawValue }

  /// The display name, as the original app shows it (`Social/Communication`).
  public var name: String {
    switch self {
    case .behavioral: "Behavioral"
    case .sensory: "Sensory"
    case .socialCommunication: "Social/Communication"
    case .executiveFunction: "Executive Function"
    case .energyCapacity: "Energy/Capacity"
    case .emotionalRegulation: "Emotional Regulation"
    case .routineStructure: "Routine/Structure"
    case .physical: "Physical"
    case .contextual: "Contextual"
    }
  }

  /// The catalog's order.
  public static func < (lhs: PatternCategory, rhs: PatternCategory) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// The category named by `text`: its id, its display name, or an unambiguous prefix of either
  /// (case and punctuation ignored: `social`, `Energy/Capacity`, `exec`).
  ///
  /// - throws: `TallyError` naming the text and the categories it could mean.
  public static func resolve(_ text: String) throws -> PatternCategory {
    let key = PatternCatalog.normalize(text)
    if let exact = allCases.first(where: {
      $0.id == key || PatternCatalog.normalize($0.name) == key
    }) {
      return exact
    }
    let matches = key.isEmpty ? [] : allCases.filter { $0.id.hasPrefix(key) }
    if matches.count == 1 { return matches[0] }
    throw TallyError.invalid(
      "category", text,
      expected: matches.isEmpty
        ? "one of \(allCases.map(\.id).joined(separator: ", "))"
        : "one category, but it is ambiguous: it could be \(matches.map(\.id).joined(separator: " or "))",
      category: .usage)
  }
}
