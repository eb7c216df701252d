import AnalyticsCore
import DataFormats
import Foundation

/// A session without a track, read from CSV or JSON.
struct SessionRow: Sendable {
  var start: Instant
  /// Seconds; both the elapsed and the moving time.
  var duration: Double
  /// Metres.
  var distance: Double
  var calories: Double?
  var options: SessionOptions
  /// The file and, for CSV, the line: errors about the row name it.
  var source: TallyError.Source
}

/// Reads sessions without tracks.
///
/// CSV columns, by header name in any order (the shared `CSVHeader` mapping): `date`
/// (YYYY-MM-DD, required), `start_time` (HH:MM, default 12:00), `duration` (required: 1h30m, 90,
/// 1:30:00), `distance` (required, with unit: 8.2km, 5.1mi), `load_kg`, `body_weight_kg`,
/// `terrain`, `temperature_c`, `conditions`, `calories`, `notes`, `time_zone` (IANA; default
/// UTC). JSON: an array of objects with the same keys; numbers are JSON numbers (a duration may
/// be a number of minutes).
enum SessionImportFile {
  static func parse(_ data: Data, fileName: String, format: SessionFileFormat) throws
    -> [SessionRow]
  {
    let data = try TextDecoder.utf8(data, source: .init(fileName))
    let rows = format == .json ? try json(data, fileName) : try csv(data, fileName)
    guard !rows.isEmpty else {
      throw TallyError.refused("no sessions in the file", source: .init(fileName))
    }
    return rows
  }

  /// The columns (CSV) and keys (JSON) of a session file.
  static let requiredKeys = ["date", "duration", "distance"]
  static let optionalKeys = [
    "start_time", "load_kg", "body_weight_kg", "terrain", "temperature_c", "conditions",
    "calories", "notes", "time_zone",
  ]

  static func csv(_ data: Data, _ fileName: String) throws -> [SessionRow] {
    // Every bad row of the file in one run (`Problems`), as every importer does.
    var problems = Problems()
    let table = try CSVTable(
      data, fileName: fileName, required: requiredKeys, optional: optionalKeys,
      problems: &problems)
    let rows = try table.rows.compactMap { record in
      try problems.collect {
        try row(Fields(source: record.source, name: { $0 }) { record[$0].map(FieldValue.text) })
      }
    }
    try problems.check()
    return rows
  }

  static func json(_ data: Data, _ fileName: String) throws -> [SessionRow] {
    let objects: [[String: FieldValue]]
    do {
      objects = try JSONDecoder().decode([[String: FieldValue]].self, from: data)
    } catch {
      throw TallyError.refused(
        "expected a JSON array of session objects with text and number values",
        source: .init(fileName))
    }
    var problems = Problems()
    let rows = try objects.enumerated().compactMap { index, object in
      try problems.collect {
        try KnownNames.refuseUnknown(
          object.keys, known: requiredKeys + optionalKeys, kind: .key,
          field: { ".[\(index)].\($0)" }, source: .init(fileName))
        return try row(
          Fields(source: .init(fileName), name: { ".[\(index)].\($0)" }) { object[$0] })
      }
    }
    try problems.check()
    return rows
  }

  /// A field's value as the file gives it: CSV has only text; JSON numbers stay numbers.
  enum FieldValue: Decodable, Equatable {
    case text(String)
    case number(Double)
    case null

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else {
        self = .text(try container.decode(String.self))
      }
    }
  }

  /// One record's fields, read by name, with errors naming the file, the record and the field.
  struct Fields {
    let source: TallyError.Source
    /// How a field is named in errors (`load_kg`, or `.[2].load_kg` in a JSON array).
    let name: (String) -> String
    let value: (String) -> FieldValue?

    /// A text field, parsed; a JSON number there is refused as `expected` says (the number as
    /// JSON wrote it: `5`, not `5.0`).
    func optional<T>(_ key: String, expected: String = "text", _ parse: (String) throws -> T)
      throws -> T?
    {
      switch value(key) {
      case nil, .null?: return nil
      case .text(let text)?: return try parsing(key, text, parse)
      case .number(let number)?:
        let written =
          number == number.rounded() && abs(number) < 1e15 ? "\(Int64(number))" : "\(number)"
        throw TallyError.invalid(
          name(key), written, expected: "\(expected), in quotes", source: source)
      }
    }

    func required<T>(_ key: String, expected: String, _ parse: (String) throws -> T) throws -> T {
      guard let parsed = try optional(key, expected: expected, parse) else {
        throw TallyError(.badData, .missing(field: name(key), expected: expected), source: source)
      }
      return parsed
    }

    /// A number within `range` (`SessionLimits`): a JSON number, or text holding one.
    func quantity(_ key: String, unit: String, range: ClosedRange<Double>) throws -> Double? {
      let allowNegative = range.lowerBound < 0
      let number: Double?
      switch value(key) {
      case .number(let given)?:
        number = try parsing(key, "\(given)") { _ in
          try Quantities.checked(given, what: unit, allowNegative: allowNegative)
        }
      default:
        number = try optional(key) {
          try Quantities.number(parsing: $0, what: unit, allowNegative: allowNegative)
        }
      }
      return try SessionLimits.check(
        number, name(key), range, unit: unit, category: .badData, source: source)
    }

    /// A duration as text (`1h30m`, `90`, `1:30:00`) or a JSON number of minutes.
    func duration(_ key: String) throws -> TimeSpan {
      if case .number(let minutes)? = value(key) {
        // Checked before converting: 1e308 minutes must be an error, not a trap.
        let most = Double(TimeSpan.maximum.seconds / 60)
        guard minutes > 0, minutes <= most else {
          throw TallyError.invalid(
            name(key), "\(minutes)",
            expected: "a positive number of minutes, at most \(Int(most))", source: source)
        }
        return TimeSpan(seconds: Int((minutes * 60).rounded()))
      }
      return try required(key, expected: "a duration such as 1h30m") { try TimeSpan(parsing: $0) }
    }

    private func parsing<T>(_ key: String, _ text: String, _ parse: (String) throws -> T) throws
      -> T
    {
      do { return try parse(text) } catch let error as TallyError {
        throw TallyError.invalid(
          name(key), text, expected: error.expected ?? error.description, source: source)
      }
    }
  }

  static func row(_ fields: Fields) throws -> SessionRow {
    let date = try fields.required("date", expected: "a day as YYYY-MM-DD") {
      try LocalDate(parsing: $0)
    }
    let time = try fields.optional("start_time", TimeOfDay.init(parsing:)) ?? noon
    let zone = try fields.optional("time_zone", Zone.init(identifier:)) ?? .utc
    let duration = try fields.duration("duration")
    let distance = try fields.required(
      "distance", expected: "a distance with a unit such as 8.2km"
    ) { try Quantities.distance(parsing: $0) }
    _ = try SessionLimits.check(
      distance, fields.name("distance"), SessionLimits.metres, unit: "metres",
      category: .badData, source: fields.source)
    let options = SessionOptions(
      loadKg: try fields.quantity("load_kg", unit: "kg", range: SessionLimits.loadKg),
      bodyWeightKg: try fields.quantity(
        "body_weight_kg", unit: "kg", range: SessionLimits.bodyWeightKg),
      terrain: try fields.optional("terrain", Terrain.init(parsing:)),
      temperatureC: try fields.quantity(
        "temperature_c", unit: "°C", range: SessionLimits.temperatureC),
      conditions: try fields.optional("conditions") { $0 },
      notes: try fields.optional("notes") { $0 }, zone: zone)
    return SessionRow(
      start: zone.instant(of: LocalDateTime(date: date, time: time)),
      duration: Double(duration.seconds), distance: distance,
      calories: try fields.quantity("calories", unit: "kcal", range: SessionLimits.calories),
      options: options, source: fields.source)
  }

  /// The start time of a session whose file gives none.
  static let noon = RuckSession.defaultStartTime
}

extension RuckSession {
  /// The start time of a session given only its day (a file or a command without one): midday
  /// keeps it on its day in every zone within ±12 hours.
  public static let defaultStartTime = TimeOfDay(hour: 12, minute: 0)!
}
