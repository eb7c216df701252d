import AnalyticsCore
import DataFormats
import Foundation

/// Reads a file of visits to import: a JSON array of visit bodies exactly as the seed's
/// `POST /api/visits` takes them, or a CSV with one row per procedure.
///
/// CSV columns, by header name in any order: `visit` (required: rows with the same value are one
/// visit), `date` (required), `time`, `notes`, `no_show` (`true`/`false`/`1`/`0`/`yes`/`no`),
/// `hcpcs`, `modifier`, `quantity` (default 1), `work_rvu`, `description`, `status_code`. A
/// no-show visit may have a single row with an empty `hcpcs`.
public enum VisitImportFile {
  /// The visits in `data`, each with where it came from (`element 3`, `line 7`).
  ///
  /// - Parameter fileName: a name ending in `.csv` is read as CSV, anything else as JSON.
  /// - throws: `RVUError` (bad data) naming the first bad element or line and its field.
  public static func parse(_ data: Data, fileName: String) throws -> [(
    location: String, input: VisitInput
  )] {
    fileName.lowercased().hasSuffix(".csv")
      ? try parseCSV(data, fileName: fileName) : try parseJSON(data, fileName: fileName)
  }

  // MARK: JSON

  /// A visit body as the seed's API takes it.
  private struct VisitBody: Decodable {
    let date: String
    let time: String?
    let notes: String?
    let isNoShow: Bool?
    let procedures: [ProcedureBody]?

    enum CodingKeys: String, CodingKey {
      case date, time, notes, procedures
      case isNoShow = "is_no_show"
    }
  }

  /// A procedure body; `work_rvu` may be a number or a decimal string.
  private struct ProcedureBody: Decodable {
    let hcpcs: String
    let modifier: String?
    let description: String?
    let statusCode: String?
    let workRVU: Amount?
    let quantity: Int?

    enum CodingKeys: String, CodingKey {
      case hcpcs, modifier, description, quantity
      case statusCode = "status_code"
      case workRVU = "work_rvu"
    }
  }

  /// A JSON number or string read as an exact amount with at most two decimals.
  private struct Amount: Decodable {
    let value: FixedDecimal

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text: String
      if let number = try? container.decode(Decimal.self) {
        text = "\(number)"
      } else {
        text = try container.decode(String.self)
      }
      guard let value = try? FixedDecimal(parsing: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "\(text) is not a number with at most 2 decimals")
      }
      self.value = value
    }
  }

  static func parseJSON(_ data: Data, fileName: String) throws -> [(
    location: String, input: VisitInput
  )] {
    let bodies: [VisitBody]
    do {
      bodies = try JSONDecoder().decode([VisitBody].self, from: data)
    } catch let error as DecodingError {
      throw RVUError(.badData, "\(fileName)" + describe(error))
    } catch {
      throw RVUError(.badData, "\(fileName): expected a JSON array of visits")
    }
    return try bodies.enumerated().map { index, body in
      let location = "\(fileName) element \(index + 1)"
      func fail(_ field: String, _ problem: String) -> RVUError {
        RVUError(.badData, "\(location), field \(field): \(problem)")
      }
      let date: LocalDate
      do { date = try LocalDate(parsing: body.date) } catch { throw fail("date", "\(error)") }
      var time: TimeOfDay?
      if let text = body.time, !text.isEmpty {
        do { time = try TimeOfDay(parsing: text) } catch { throw fail("time", "\(error)") }
      }
      let procedures = try (body.procedures ?? []).enumerated().map { position, item in
        let path = "procedures[\(position)]"
        guard ProcedureInput.quantities.contains(item.quantity ?? 1) else {
          throw fail("\(path).quantity", "\(item.quantity!) is not a whole quantity from 1 to 1000")
        }
        do {
          return try ProcedureInput(
            hcpcs: item.hcpcs, modifier: item.modifier, quantity: item.quantity ?? 1,
            workRVU: item.workRVU?.value, description: item.description,
            statusCode: item.statusCode)
        } catch let error as TallyError {
          throw fail(path, error.description)
        }
      }
      return (
        location,
        VisitInput(
          date: date, time: time, notes: body.notes, isNoShow: body.isNoShow ?? false,
          procedures: procedures)
      )
    }
  }

  /// ` element 3, field procedures[0].quantity: expected …` from a decoding error's path.
  private static func describe(_ error: DecodingError) -> String {
    let (path, problem): ([any CodingKey], String)
    switch error {
    case .typeMismatch(let type, let context):
      path = context.codingPath
      problem = "expected " + (type == Int.self ? "a whole number" : "a \(type)".lowercased())
    case .valueNotFound(_, let context):
      path = context.codingPath
      problem = "missing"
    case .keyNotFound(let key, let context):
      path = context.codingPath + [key]
      problem = "missing"
    case .dataCorrupted(let context):
      path = context.codingPath
      problem = context.debugDescription
    @unknown default:
      return ": not a valid visits file"
    }
    guard let index = path.first?.intValue else {
      return ": expected a JSON array of visits (\(problem))"
    }
    var field = ""
    for key in path.dropFirst() {
      if let position = key.intValue {
        field += "[\(position)]"
      } else {
        field += (field.isEmpty ? "" : ".") + key.stringValue
      }
    }
    let location = " element \(index + 1)"
    if field.isEmpty {
      return location + ": expected an object with date and procedures (\(problem))"
    }
    return location + ", field \(field): \(problem)"
  }

  // MARK: CSV

  static func parseCSV(_ data: Data, fileName: String) throws -> [(
    location: String, input: VisitInput
  )] {
    let records: [CSVRecord]
    do { records = try CSVReader(data: data).records() } catch {
      throw RVUError(.badData, "\(fileName): \(error)")
    }
    guard let headerRecord = records.first else {
      throw RVUError(.badData, "\(fileName) is empty: expected a header row and visit rows")
    }
    let header = CSVHeader(headerRecord)
    let visitColumn: Int
    let dateColumn: Int
    do {
      visitColumn = try header.require("visit")
      dateColumn = try header.require("date")
    } catch { throw RVUError(.badData, "\(fileName): \(error)") }
    var order: [String] = []
    var visits: [String: (location: String, input: VisitInput)] = [:]
    for record in records.dropFirst() where !record.isBlank {
      let location = "\(fileName) line \(record.line)"
      func cell(_ name: String) -> String? {
        guard let position = header.position(of: name), position < record.fields.count else {
          return nil
        }
        let value = record.fields[position].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
      }
      func fail(_ column: String, _ problem: String) -> RVUError {
        RVUError(.badData, "\(location), column \(column): \(problem)")
      }
      guard visitColumn < record.fields.count, let key = cell("visit") else {
        throw fail("visit", "missing: expected a value naming the visit")
      }
      guard dateColumn < record.fields.count, let dateText = cell("date") else {
        throw fail("date", "missing: expected YYYY-MM-DD")
      }
      let date: LocalDate
      do { date = try LocalDate(parsing: dateText) } catch { throw fail("date", "\(error)") }
      var time: TimeOfDay?
      if let text = cell("time") {
        do { time = try TimeOfDay(parsing: text) } catch { throw fail("time", "\(error)") }
      }
      var isNoShow = false
      if let text = cell("no_show") {
        switch text.lowercased() {
        case "true", "1", "yes": isNoShow = true
        case "false", "0", "no": isNoShow = false
        default: throw fail("no_show", "\"\(text)\" is not valid: expected true or false")
        }
      }
      var procedures: [ProcedureInput] = []
      if let hcpcs = cell("hcpcs") {
        var workRVU: FixedDecimal?
        if let text = cell("work_rvu") {
          guard let amount = try? FixedDecimal(parsing: text) else {
            throw fail("work_rvu", "\"\(text)\" is not a number with at most 2 decimals")
          }
          workRVU = amount
        }
        do {
          let quantity = try ProcedureInput.checkQuantity(cell("quantity") ?? "1")
          procedures.append(
            try ProcedureInput(
              hcpcs: hcpcs, modifier: cell("modifier"), quantity: quantity, workRVU: workRVU,
              description: cell("description"), statusCode: cell("status_code")))
        } catch let error as TallyError {
          let column =
            (error.expected ?? "").contains("quantity")
            ? "quantity"
            : (error.expected ?? "").contains("modifier") ? "modifier" : "hcpcs"
          throw fail(column, error.description)
        }
      }
      let input = VisitInput(
        date: date, time: time, notes: cell("notes"), isNoShow: isNoShow, procedures: procedures)
      if var existing = visits[key] {
        guard existing.input.date == date, existing.input.time == time,
          existing.input.notes == input.notes, existing.input.isNoShow == isNoShow
        else {
          throw fail(
            "visit", "rows of visit \"\(key)\" disagree on date, time, notes or no_show")
        }
        existing.input.procedures += procedures
        visits[key] = existing
      } else {
        order.append(key)
        visits[key] = (location, input)
      }
    }
    return order.map { visits[$0]! }
  }
}
