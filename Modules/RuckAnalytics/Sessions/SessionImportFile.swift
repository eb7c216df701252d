import AnalyticsCore
import DataFormats
import Foundation

/// A session without a track, read from CSV or JSON.
struct SessionRow: Sendable {
  var start: Date
  var duration: Double
  var distance: Double
  var calories: Double?
  var options: SessionOptions
}

/// Reads sessions without tracks.
///
/// CSV columns, by header name in any order: `date` (YYYY-MM-DD, required), `start_time` (HH:MM,
/// default 12:00), `duration` (required: 1h30m, 90, 1:30:00), `distance` (required, with unit:
/// 8.2km, 5.1mi), `load_kg`, `body_weight_kg`, `terrain`, `temperature_c`, `conditions`,
/// `calories`, `notes`, `time_zone` (IANA; default UTC). JSON: an array of objects with the same
/// keys (numbers may be JSON numbers).
enum SessionImportFile {
  static func parse(_ data: Data, fileName: String, format: String) throws -> [SessionRow] {
    var records: [(location: String, fields: [String: String])] = []
    if format == "csv" {
      let csv: [CSVRecord]
      do { csv = try CSVReader(data: data).records() } catch {
        throw RuckError.badFile(fileName, "\(error)")
      }
      guard let header = csv.first else {
        throw RuckError.badFile(fileName, "the file is empty: expected a header row")
      }
      let names = CSVHeader(header).names.map { $0.lowercased() }
      for record in csv.dropFirst() where !record.isBlank {
        var fields: [String: String] = [:]
        for (index, name) in names.enumerated() where index < record.fields.count {
          let value = record.fields[index].trimmingCharacters(in: .whitespaces)
          if !value.isEmpty { fields[name] = value }
        }
        records.append(("line \(record.line)", fields))
      }
    } else {
      guard let array = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else {
        throw RuckError.badFile(fileName, "expected a JSON array of session objects")
      }
      for (index, object) in array.enumerated() {
        var fields: [String: String] = [:]
        for (key, value) in object where !(value is NSNull) {
          fields[key.lowercased()] = "\(value)"
        }
        records.append(("element \(index + 1)", fields))
      }
    }
    guard !records.isEmpty else { throw RuckError.badFile(fileName, "no sessions in the file") }
    return try records.map { location, fields in
      func fail(_ field: String, _ error: any Error) -> RuckError {
        RuckError.badFile(fileName, "\(location), field \(field): \(error)")
      }
      func required(_ field: String) throws -> String {
        guard let value = fields[field] else {
          throw RuckError.badFile(fileName, "\(location), field \(field): missing")
        }
        return value
      }
      func optional<T>(_ field: String, _ parse: (String) throws -> T) throws -> T? {
        guard let value = fields[field] else { return nil }
        do { return try parse(value) } catch { throw fail(field, error) }
      }
      let date: LocalDate
      do { date = try LocalDate(parsing: try required("date")) } catch let error as RuckError {
        throw error
      } catch { throw fail("date", error) }
      let time =
        try optional("start_time", TimeOfDay.init(parsing:)) ?? TimeOfDay(hour: 12, minute: 0)!
      let zone = try optional("time_zone", Zone.init(identifier:)) ?? .utc
      let duration: TimeSpan
      do { duration = try TimeSpan(parsing: try required("duration")) } catch let error as RuckError
      {
        throw error
      } catch { throw fail("duration", error) }
      let distance: Double
      do { distance = try Quantities.distance(parsing: try required("distance")) } catch let error
        as RuckError
      {
        throw error
      } catch { throw fail("distance", error) }
      let options = SessionOptions(
        loadKg: try optional("load_kg") { try Quantities.number(parsing: $0, what: "kg") },
        bodyWeightKg: try optional("body_weight_kg") {
          try Quantities.number(parsing: $0, what: "kg")
        },
        terrain: try optional("terrain", Terrain.init(parsing:)),
        temperatureC: try optional("temperature_c") {
          try Quantities.number(parsing: $0, what: "°C", allowNegative: true)
        },
        conditions: fields["conditions"], notes: fields["notes"])
      return SessionRow(
        start: zone.instant(of: LocalDateTime(date: date, time: time)).date,
        duration: Double(duration.seconds), distance: distance,
        calories: try optional("calories") { try Quantities.number(parsing: $0, what: "kcal") },
        options: options)
    }
  }
}
