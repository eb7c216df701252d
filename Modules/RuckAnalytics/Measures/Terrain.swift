import AnalyticsCore

/// The ground a session was walked on, with its Pandolf terrain factor η.
public enum Terrain: String, Sendable, CaseIterable, Codable {
  /// Paved road: η 1.0 (blacktop).
  case pavement
  /// Gravel or dirt road: η 1.1.
  case gravel
  /// Forest or hill trail: η 1.2 (light brush).
  case trail
  /// Grass: η 1.1.
  case grass
  /// Loose sand: η 2.1.
  case sand
  /// Snow: η 1.6 (between hard-packed and 15 cm of snow).
  case snow

  /// The Pandolf terrain factor η (Pandolf et al. 1977; Soule & Goldman 1972 for sand and snow).
  public var factor: Double {
    switch self {
    case .pavement: return 1.0
    case .gravel, .grass: return 1.1
    case .trail: return 1.2
    case .sand: return 2.1
    case .snow: return 1.6
    }
  }

  /// Parses a terrain name.
  ///
  /// - throws: `TallyError` naming the value and listing the terrains.
  public init(parsing text: String) throws {
    guard let terrain = Terrain(rawValue: text.lowercased()) else {
      throw TallyError(
        value: text, expected: "one of " + Terrain.allCases.map(\.rawValue).joined(separator: ", "))
    }
    self = terrain
  }
}
