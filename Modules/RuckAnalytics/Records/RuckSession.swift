import AnalyticsCore
import GRDB
import Storage

/// Where a session's calories came from.
public enum CaloriesSource: String, Sendable, Codable, CaseIterable {
  /// Recorded by the device (TCX laps, FIT sessions).
  case device
  /// Estimated with the Pandolf equation.
  case pandolf
  /// Given by the user.
  case manual
  /// Unknown (no body weight to estimate with).
  case none
}

/// One rucking session (table `ruck_session`); durations and distances in SI units.
public struct RuckSession: Sendable, Equatable, SessionMeasures {
  public var id: Int64?
  public var startedAt: Instant
  public var endedAt: Instant
  /// Last recorded time minus first, seconds.
  public var elapsedSeconds: Double
  /// Time spent moving (see `TrackMeasures.movingSpeed`), seconds; 0 when unknown.
  public var movingSeconds: Double
  public var distanceMeters: Double
  /// `nil` when the source had no elevations.
  public var elevationGainMeters: Double?
  public var elevationLossMeters: Double?
  public var loadKg: Double
  /// The body weight calories were estimated with, when one was known.
  public var bodyWeightKg: Double?
  public var calories: Double?
  public var caloriesSource: CaloriesSource
  /// `nil` when not given: calories then use η 1.0.
  public var terrain: Terrain?
  public var temperatureC: Double?
  /// Weather in the user's words.
  public var conditions: String?
  public var notes: String?
  /// The imported file it came from; `nil` for a session logged by hand.
  public var sourceFileId: Int64?
  public var createdAt: Instant
  /// Ruck unless the file or the user says otherwise.
  public var activity: Activity
  public var recordStatus: RecordStatus

  /// Column names, for every query on the table.
  public enum Columns {
    public static let id = Column("id")
    public static let startedAt = Column("started_at")
    public static let endedAt = Column("ended_at")
    public static let elapsedSeconds = Column("elapsed_s")
    public static let movingSeconds = Column("moving_s")
    public static let distanceMeters = Column("distance_m")
    public static let elevationGainMeters = Column("elevation_gain_m")
    public static let elevationLossMeters = Column("elevation_loss_m")
    public static let loadKg = Column("load_kg")
    public static let bodyWeightKg = Column("body_weight_kg")
    public static let calories = Column("calories")
    public static let caloriesSource = Column("calories_source")
    public static let terrain = Column("terrain")
    public static let temperatureC = Column("temperature_c")
    public static let conditions = Column("conditions")
    public static let notes = Column("notes")
    public static let sourceFileId = Column("source_file_id")
    public static let createdAt = Column("created_at")
    public static let activity = Column("activity")
    public static let recordStatus = Column("record_status")
  }
}

extension RuckSession: FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "ruck_session"

  /// Decodes by column name: instants are `Instant`s stored as INTEGER milliseconds, which
  /// Codable's date strategies cannot express.
  public init(row: Row) throws {
    id = row[Columns.id]
    startedAt = row[Columns.startedAt]
    endedAt = row[Columns.endedAt]
    elapsedSeconds = row[Columns.elapsedSeconds]
    movingSeconds = row[Columns.movingSeconds]
    distanceMeters = row[Columns.distanceMeters]
    elevationGainMeters = row[Columns.elevationGainMeters]
    elevationLossMeters = row[Columns.elevationLossMeters]
    loadKg = row[Columns.loadKg]
    bodyWeightKg = row[Columns.bodyWeightKg]
    calories = row[Columns.calories]
    caloriesSource = CaloriesSource(rawValue: row[Columns.caloriesSource]) ?? .none
    terrain = (row[Columns.terrain] as String?).flatMap(Terrain.init(rawValue:))
    temperatureC = row[Columns.temperatureC]
    conditions = row[Columns.conditions]
    notes = row[Columns.notes]
    sourceFileId = row[Columns.sourceFileId]
    createdAt = row[Columns.createdAt]
    activity = Activity(rawValue: row[Columns.activity]) ?? .other
    recordStatus = RecordStatus(rawValue: row[Columns.recordStatus]) ?? .excluded
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.startedAt] = startedAt
    container[Columns.endedAt] = endedAt
    container[Columns.elapsedSeconds] = elapsedSeconds
    container[Columns.movingSeconds] = movingSeconds
    container[Columns.distanceMeters] = distanceMeters
    container[Columns.elevationGainMeters] = elevationGainMeters
    container[Columns.elevationLossMeters] = elevationLossMeters
    container[Columns.loadKg] = loadKg
    container[Columns.bodyWeightKg] = bodyWeightKg
    container[Columns.calories] = calories
    container[Columns.caloriesSource] = caloriesSource.rawValue
    container[Columns.terrain] = terrain?.rawValue
    container[Columns.temperatureC] = temperatureC
    container[Columns.conditions] = conditions
    container[Columns.notes] = notes
    container[Columns.sourceFileId] = sourceFileId
    container[Columns.createdAt] = createdAt
    container[Columns.activity] = activity.rawValue
    container[Columns.recordStatus] = recordStatus.rawValue
  }

  /// Takes the id SQLite assigned.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension RuckSession {
  /// Rucks, and hikes and walks under load: what reports count (the rule `countedAsRucks` and
  /// `countsAsRuck` share).
  static var countedAsRuck: SQLExpression {
    let loadedOnFoot = [Activity.hike, .walk].map(\.rawValue)
    return Columns.activity == Activity.ruck.rawValue
      || (loadedOnFoot.contains(Columns.activity) && Columns.loadKg > 0)
  }

  /// Whether reports count this session (`countedAsRucks`, for one session in memory).
  public var countsAsRuck: Bool {
    activity == .ruck || ((activity == .hike || activity == .walk) && loadKg > 0)
  }

  /// What reports count: rucks (`countedAsRuck`) but a session flagged as implausible and not
  /// confirmed (a drive, 999 hours typed for 999 minutes), which would skew every total and
  /// average as it would a record. One the user excluded from records still counts here: it was
  /// walked.
  static var countedInReports: SQLExpression {
    countedAsRuck && Columns.recordStatus != RecordStatus.unconfirmed.rawValue
  }
}

extension DerivableRequest<RuckSession> {
  /// Oldest first; sessions starting together in the order they were saved.
  func chronological() -> Self {
    order(RuckSession.Columns.startedAt, RuckSession.Columns.id)
  }

  /// Rucks, and hikes and walks under load, not flagged: the sessions reports count (not runs,
  /// rides or a drive recorded by mistake).
  func countedAsRucks() -> Self { filter(RuckSession.countedInReports) }

  /// The sessions imported from one file.
  func fromFile(_ fileId: Int64) -> Self {
    filter(RuckSession.Columns.sourceFileId == fileId)
  }
}
