import AnalyticsCore
import DataFormats
import Foundation

/// Everything a ruck database holds, as one JSON document (`ruck-cli export`): the profile
/// (with the weekly goal), the imported files' records (so that importing the same GPX again is
/// still recognised), and every session with its track, hand-logged ones too.
///
/// Written with every key present, keys sorted, numbers in their shortest exact form and
/// instants to the millisecond, so that `export`, `import` into an empty database, `export`
/// again gives the same bytes.
struct RuckBackup: Codable, Equatable {
  static let formatName = "tally-ruck"
  static let currentVersion = 1

  var format: String
  var version: Int
  var profile: Profile
  var goals: [Goal]
  var gear: [GearRecord]
  var sourceFiles: [File]
  var sessions: [Session]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case format, version, profile, sessions, goals, gear
    case sourceFiles = "source_files"
  }

  struct Profile: Codable, Equatable {
    var bodyWeightKg: Double?
    var units: String
    var minRucksPerWeek: Int
    var maxHr: Int?
    var restingHr: Int?
    var birthYear: Int?
    var sex: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case units, sex
      case bodyWeightKg = "body_weight_kg"
      case minRucksPerWeek = "min_rucks_per_week"
      case maxHr = "max_hr"
      case restingHr = "resting_hr"
      case birthYear = "birth_year"
    }
  }

  struct Goal: Codable, Equatable {
    var period: String
    var measure: String
    var target: Double

    enum CodingKeys: String, CodingKey, CaseIterable {
      case period, measure, target
    }
  }

  struct GearRecord: Codable, Equatable {
    var id: Int64
    var name: String
    var kind: String
    var retireAtM: Double?
    var retiredOn: String?
    var isDefault: Bool

    enum CodingKeys: String, CodingKey, CaseIterable {
      case id, name, kind
      case retireAtM = "retire_at_m"
      case retiredOn = "retired_on"
      case isDefault = "is_default"
    }
  }

  struct File: Codable, Equatable {
    var id: Int64
    var name: String
    var sha256: String
    var format: String
    var importedAt: String
    var plannedDay: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case id, name, sha256, format
      case importedAt = "imported_at"
      case plannedDay = "planned_day"
    }
  }

  struct Session: Codable, Equatable {
    var id: Int64
    var startedAt: String
    var endedAt: String
    var elapsedS: Double
    var movingS: Double
    var distanceM: Double
    var elevationGainM: Double?
    var elevationLossM: Double?
    var loadKg: Double
    var bodyWeightKg: Double?
    var calories: Double?
    var caloriesSource: String
    var terrain: String?
    var temperatureC: Double?
    var conditions: String?
    var notes: String?
    var sourceFileId: Int64?
    var createdAt: String
    var activity: String
    var recordStatus: String
    /// The ids of its gear (`gear`), in order.
    var gearIds: [Int64]
    /// The track's segments, each its points in order; empty for a session without one.
    var track: [[Point]]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case id, calories, terrain, conditions, notes, activity, track
      case startedAt = "started_at"
      case endedAt = "ended_at"
      case elapsedS = "elapsed_s"
      case movingS = "moving_s"
      case distanceM = "distance_m"
      case elevationGainM = "elevation_gain_m"
      case elevationLossM = "elevation_loss_m"
      case loadKg = "load_kg"
      case bodyWeightKg = "body_weight_kg"
      case caloriesSource = "calories_source"
      case temperatureC = "temperature_c"
      case sourceFileId = "source_file_id"
      case createdAt = "created_at"
      case recordStatus = "record_status"
      case gearIds = "gear_ids"
    }
  }

  struct Point: Codable, Equatable {
    var time: String?
    var lat: Double
    var lon: Double
    var ele: Double?
    var hr: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case time, lat, lon, ele, hr
    }
  }

  /// Every key the document's objects may have: a misspelt one is refused, never dropped.
  static let knownKeys = KnownKeys(
    names(CodingKeys.self),
    nested: [
      "profile": KnownKeys(names(Profile.CodingKeys.self)),
      "goals": KnownKeys(names(Goal.CodingKeys.self)),
      "gear": KnownKeys(names(GearRecord.CodingKeys.self)),
      "source_files": KnownKeys(names(File.CodingKeys.self)),
      "sessions": KnownKeys(
        names(Session.CodingKeys.self), nested: ["track": KnownKeys(names(Point.CodingKeys.self))]),
    ])

  private static func names<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) -> [String] {
    keys.allCases.map(\.stringValue)
  }

  /// Whether `data` is a backup rather than a file of sessions: a JSON object (a sessions file
  /// is an array); its format and version are checked when it is read.
  static func isBackup(_ data: Data) -> Bool {
    guard
      let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
    else { return false }
    return first == UInt8(ascii: "{")
  }

  // MARK: Writing

  /// The document as JSON, sorted keys, two-space indent, a final newline.
  func bytes() -> Data {
    func number(_ value: Double?) -> JSONValue { .number(value, decimals: nil) }
    func int(_ value: Int64?) -> JSONValue { value.map { .int(Int($0)) } ?? .null }
    let points: (Point) -> JSONValue = { point in
      .object(
        JSONObject([
          ("ele", number(point.ele)), ("hr", point.hr.map { .int($0) } ?? .null),
          ("lat", number(point.lat)), ("lon", number(point.lon)), ("time", .string(point.time)),
        ]))
    }
    let document = JSONObject([
      ("format", .string(format)),
      (
        "gear",
        .array(
          gear.map { item in
            .object(
              JSONObject([
                ("id", int(item.id)), ("is_default", .bool(item.isDefault)),
                ("kind", .string(item.kind)), ("name", .string(item.name)),
                ("retire_at_m", number(item.retireAtM)), ("retired_on", .string(item.retiredOn)),
              ]))
          })
      ),
      (
        "goals",
        .array(
          goals.map { goal in
            .object(
              JSONObject([
                ("measure", .string(goal.measure)), ("period", .string(goal.period)),
                ("target", number(goal.target)),
              ]))
          })
      ),
      (
        "profile",
        .object(
          JSONObject([
            ("birth_year", profile.birthYear.map { .int($0) } ?? .null),
            ("body_weight_kg", number(profile.bodyWeightKg)),
            ("max_hr", profile.maxHr.map { .int($0) } ?? .null),
            ("min_rucks_per_week", .int(profile.minRucksPerWeek)),
            ("resting_hr", profile.restingHr.map { .int($0) } ?? .null),
            ("sex", .string(profile.sex)),
            ("units", .string(profile.units)),
          ]))
      ),
      (
        "sessions",
        .array(
          sessions.map { session in
            .object(
              JSONObject([
                ("activity", .string(session.activity)),
                ("body_weight_kg", number(session.bodyWeightKg)),
                ("calories", number(session.calories)),
                ("calories_source", .string(session.caloriesSource)),
                ("conditions", .string(session.conditions)),
                ("created_at", .string(session.createdAt)),
                ("distance_m", number(session.distanceM)),
                ("elapsed_s", number(session.elapsedS)),
                ("elevation_gain_m", number(session.elevationGainM)),
                ("elevation_loss_m", number(session.elevationLossM)),
                ("ended_at", .string(session.endedAt)),
                ("gear_ids", .array(session.gearIds.map { int($0) })), ("id", int(session.id)),
                ("load_kg", number(session.loadKg)), ("moving_s", number(session.movingS)),
                ("notes", .string(session.notes)),
                ("record_status", .string(session.recordStatus)),
                ("source_file_id", int(session.sourceFileId)),
                ("started_at", .string(session.startedAt)),
                ("temperature_c", number(session.temperatureC)),
                ("terrain", .string(session.terrain)),
                ("track", .array(session.track.map { .array($0.map(points)) })),
              ]))
          })
      ),
      (
        "source_files",
        .array(
          sourceFiles.map { file in
            .object(
              JSONObject([
                ("format", .string(file.format)), ("id", int(file.id)),
                ("imported_at", .string(file.importedAt)), ("name", .string(file.name)),
                ("planned_day", .string(file.plannedDay)), ("sha256", .string(file.sha256)),
              ]))
          })
      ),
      ("version", .int(version)),
    ])
    return Data(JSONWriter.prettyBytes(.object(document)) + [UInt8(ascii: "\n")])
  }

  // MARK: Reading

  /// Decodes a backup, refusing unknown keys and naming the first decoding problem.
  static func decode(_ data: Data, name: String) throws -> RuckBackup {
    let source = TallyError.Source(name)
    let data = try TextDecoder.utf8(data, source: source)
    try knownKeys.refuseUnknown(in: data, source: source)
    do {
      return try JSONDecoder().decode(RuckBackup.self, from: data)
    } catch let error as DecodingError {
      throw TallyError.refused(describe(error), source: source)
    } catch {
      throw TallyError.refused("not a ruck backup: expected JSON", source: source)
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      return "\(CodingPathText.text(context.codingPath + [key])): missing"
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return "\(CodingPathText.text(context.codingPath)): expected \(description(of: type))"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "not JSON: \(context.debugDescription)"
        : "\(CodingPathText.text(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "not a ruck backup"
    }
  }

  private static func description(of type: Any.Type) -> String {
    switch type {
    case is String.Type, is String?.Type: return "text"
    case is Double.Type, is Double?.Type, is Int.Type, is Int?.Type, is Int64.Type, is Int64?.Type:
      return "a number"
    case is [Any].Type: return "a list"
    default: return "a value of another kind"
    }
  }
}
