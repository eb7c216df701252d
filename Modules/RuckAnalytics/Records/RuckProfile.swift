import GRDB

/// The rucker's settings (one row).
public struct RuckProfile: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "ruck_profile"

  /// Always 1.
  public var id: Int = 1
  /// Body weight used for calories when a session does not give one.
  public var bodyWeightKg: Double?
  /// Units for table output.
  public var units: UnitSystem = .metric
  /// The weekly streak goal.
  public var minRucksPerWeek: Int = 2

  /// The defaults: no body weight, metric, two rucks a week.
  public init() {}

  enum CodingKeys: String, CodingKey {
    case id, units
    case bodyWeightKg = "body_weight_kg"
    case minRucksPerWeek = "min_rucks_per_week"
  }
}
