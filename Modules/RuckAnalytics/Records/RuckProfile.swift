import GRDB

/// The rucker's settings (table `ruck_profile`, one row).
public struct RuckProfile: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "ruck_profile"

  /// Always 1: the table holds one row (`CHECK (id = 1)`).
  public var id: Int = 1
  /// Body weight used for calories when a session does not give one.
  public var bodyWeightKg: Double?
  /// Units for table output.
  public var units: UnitSystem = .metric
  /// The weekly streak goal.
  public var minRucksPerWeek: Int = 2

  /// The defaults: no body weight, metric, two rucks a week.
  public init() {}

  /// Body weights a person can have, kg: anything outside is a typo (or pounds given as kg).
  static let bodyWeights = 20.0...400
  /// Weekly goals, rucks: at most two a day.
  static let weeklyGoals = 1...14

  public enum Columns {
    public static let id = Column(CodingKeys.id)
    public static let bodyWeightKg = Column(CodingKeys.bodyWeightKg)
    public static let units = Column(CodingKeys.units)
    public static let minRucksPerWeek = Column(CodingKeys.minRucksPerWeek)
  }

  enum CodingKeys: String, CodingKey {
    case id, units
    case bodyWeightKg = "body_weight_kg"
    case minRucksPerWeek = "min_rucks_per_week"
  }

  /// The stored profile, or the defaults before anything was set.
  static func current(_ db: Database) throws -> RuckProfile {
    try RuckProfile.fetchOne(db, key: 1) ?? RuckProfile()
  }
}
