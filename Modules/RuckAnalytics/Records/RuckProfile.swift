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
  /// Heart rates for the zones (`HeartRateZones`), bpm; the birth year estimates the maximum.
  public var maxHeartRate: Int?
  public var restingHeartRate: Int?
  public var birthYear: Int?
  /// For the training load's coefficients (`TrainingLoad`).
  public var sex: Sex?

  /// The defaults: no body weight, metric, two rucks a week.
  public init() {}

  /// Body weights a person can have, kg: anything outside is a typo (or pounds given as kg).
  static let bodyWeights = 20.0...400
  /// Weekly goals, rucks: at most two a day.
  static let weeklyGoals = 1...14
  static let maxHeartRates = 100...240
  static let restingHeartRates = 25...120
  static let birthYears = 1900...2100

  public enum Columns {
    public static let id = Column(CodingKeys.id)
    public static let bodyWeightKg = Column(CodingKeys.bodyWeightKg)
    public static let units = Column(CodingKeys.units)
    public static let minRucksPerWeek = Column(CodingKeys.minRucksPerWeek)
    public static let maxHeartRate = Column(CodingKeys.maxHeartRate)
    public static let restingHeartRate = Column(CodingKeys.restingHeartRate)
    public static let birthYear = Column(CodingKeys.birthYear)
    public static let sex = Column(CodingKeys.sex)
  }

  enum CodingKeys: String, CodingKey {
    case id, units
    case bodyWeightKg = "body_weight_kg"
    case minRucksPerWeek = "min_rucks_per_week"
    case maxHeartRate = "max_hr"
    case restingHeartRate = "resting_hr"
    case birthYear = "birth_year"
    case sex
  }

  /// The stored profile, or the defaults before anything was set.
  static func current(_ db: Database) throws -> RuckProfile {
    try RuckProfile.fetchOne(db, key: 1) ?? RuckProfile()
  }
}
