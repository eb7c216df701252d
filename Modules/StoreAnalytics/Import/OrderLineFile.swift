import AnalyticsCore
import DataFormats
import Foundation

/// Reads order lines from CSV (columns by header name, in any order) or JSON Lines (one object
/// per line with the same keys): `order_id, store_id, placed_at, status?, customer_id?, item_id?,
/// item_name, category, subcategory?, quantity, unit_price, tax?` (`?` optional; an empty optional
/// cell means absent).
///
/// `placed_at` is an instant with an offset (`2026-02-08T14:30:00-06:00`, `…Z`) or a local
/// `YYYY-MM-DD HH:MM[:SS]`, read in the store's zone when the store is known at import.
public enum OrderLineFile {
  static let required = [
    "order_id", "store_id", "placed_at", "item_name", "category", "quantity", "unit_price",
  ]
  static let optional = ["status", "customer_id", "item_id", "subcategory", "tax"]
  static let expectedQuantity = "a whole number of at least 1"
  static let expectedAmount = "an amount of 0 or more with at most 2 decimals"
  static let expectedPlacedAt =
    "2026-02-08T14:30:00-06:00, …Z, or a local 2026-02-08 14:30 read in the store's zone"
  static let expectedStatus = "completed, cancelled or refunded"

  /// The lines of `data`.
  ///
  /// - Parameter fileName: `.jsonl`/`.ndjson` is JSON Lines, anything else CSV.
  /// - throws: `TallyError` (bad data) naming the file, line and column of the first problem, or
  ///   an empty file.
  public static func parse(_ data: Data, fileName: String) throws -> [OrderLineInput] {
    let lower = fileName.lowercased()
    let lines: [OrderLineInput]
    if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
      lines = try jsonLines(data, fileName: fileName)
    } else {
      lines = try CSVTable(data, fileName: fileName, required: required, optional: optional)
        .rows.map(line)
    }
    guard !lines.isEmpty else {
      throw TallyError(
        .badData, .missing(field: "order lines", expected: "a header and rows"),
        source: TallyError.Source(fileName))
    }
    return lines
  }

  static func line(_ row: CSVTable.Row) throws -> OrderLineInput {
    func bad(_ column: String, _ value: String, _ expected: String) -> TallyError {
      TallyError.invalid(column, value, expected: expected, source: row.source)
    }
    let placedText = try row.required("placed_at")
    guard let placedAt = parsePlacedAt(placedText) else {
      throw bad("placed_at", placedText, expectedPlacedAt)
    }
    let quantityText = try row.required("quantity")
    guard let quantity = Int(quantityText) else {
      throw bad("quantity", quantityText, expectedQuantity)
    }
    func amount(_ column: String, _ text: String) throws -> FixedDecimal {
      guard let amount = try? FixedDecimal(parsing: text) else {
        throw bad(column, text, expectedAmount)
      }
      return amount
    }
    let price = try amount("unit_price", try row.required("unit_price"))
    let tax = try row["tax"].map { try amount("tax", $0) } ?? .zero
    var status = OrderStatus.completed
    if let statusText = row["status"] {
      guard let parsed = OrderStatus(rawValue: statusText.lowercased()) else {
        throw bad("status", statusText, expectedStatus)
      }
      status = parsed
    }
    return try OrderLineInput(
      source: row.source, orderId: try row.required("order_id"),
      storeId: try row.required("store_id"), placedAt: placedAt, status: status,
      customerId: row["customer_id"], itemId: row["item_id"],
      itemName: try row.required("item_name"), category: try row.required("category"),
      subcategory: row["subcategory"], quantity: quantity, unitPrice: price, tax: tax
    ).validated()
  }

  /// One JSON Lines object. Ids may be JSON strings or integers (POS exports write both);
  /// amounts are numbers or decimal strings (`FixedDecimal`'s decoding).
  private struct JSONLine: Decodable {
    let orderId: Identifier
    let storeId: Identifier
    let placedAt: String
    let status: String?
    let customerId: Identifier?
    let itemId: Identifier?
    let itemName: String
    let category: String
    let subcategory: String?
    let quantity: Int
    let unitPrice: FixedDecimal
    let tax: FixedDecimal?

    enum CodingKeys: String, CodingKey {
      case status, category, subcategory, quantity, tax
      case orderId = "order_id"
      case storeId = "store_id"
      case placedAt = "placed_at"
      case customerId = "customer_id"
      case itemId = "item_id"
      case itemName = "item_name"
      case unitPrice = "unit_price"
    }
  }

  /// An id as a JSON string or integer.
  struct Identifier: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let integer = try? container.decode(Int64.self) {
        text = String(integer)
      } else {
        text = try container.decode(String.self).trimmingCharacters(in: .whitespaces)
      }
    }
  }

  static func jsonLines(_ data: Data, fileName: String) throws -> [OrderLineInput] {
    let decoder = JSONDecoder()
    var lines: [OrderLineInput] = []
    for (index, text) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated()
    {
      let source = TallyError.Source(fileName, line: index + 1)
      if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      let object: JSONLine
      do { object = try decoder.decode(JSONLine.self, from: Data(text)) } catch {
        throw Self.describe(error, source: source)
      }
      func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return text
      }
      guard let placedAt = parsePlacedAt(object.placedAt) else {
        throw TallyError.invalid(
          "placed_at", object.placedAt, expected: expectedPlacedAt, source: source)
      }
      var status = OrderStatus.completed
      if let statusText = nonEmpty(object.status) {
        guard let parsed = OrderStatus(rawValue: statusText.lowercased()) else {
          throw TallyError.invalid("status", statusText, expected: expectedStatus, source: source)
        }
        status = parsed
      }
      lines.append(
        try OrderLineInput(
          source: source, orderId: object.orderId.text, storeId: object.storeId.text,
          placedAt: placedAt, status: status, customerId: nonEmpty(object.customerId?.text),
          itemId: nonEmpty(object.itemId?.text), itemName: object.itemName,
          category: object.category, subcategory: nonEmpty(object.subcategory),
          quantity: object.quantity, unitPrice: object.unitPrice, tax: object.tax ?? .zero
        ).validated())
    }
    return lines
  }

  /// A decoding failure as one error naming the key.
  private static func describe(_ error: any Error, source: TallyError.Source) -> TallyError {
    switch error {
    case DecodingError.keyNotFound(let key, _):
      return TallyError(
        .badData, .missing(field: key.stringValue, expected: "a value"), source: source)
    case DecodingError.valueNotFound(_, let context), DecodingError.typeMismatch(_, let context),
      DecodingError.dataCorrupted(let context):
      guard let key = context.codingPath.last?.stringValue else {
        return TallyError(
          .badData, .invalid(field: nil, value: "the line", expected: "a JSON object"),
          source: source)
      }
      let expected =
        ["quantity": expectedQuantity, "unit_price": expectedAmount, "tax": expectedAmount][key]
        ?? "text"
      return TallyError(
        .badData, .invalid(field: key, value: "the value", expected: expected), source: source)
    case let tally as TallyError:
      return tally.at(source)
    default:
      return TallyError(.badData, .failed("\(error)"), source: source)
    }
  }

  /// An instant with an offset or `Z` (`Instant`'s one ISO 8601 reading), else a local
  /// date-time for the store's zone to place.
  static func parsePlacedAt(_ text: String) -> PlacedAt? {
    if let instant = Instant.parse(text, zone: nil) { return .instant(instant) }
    guard let local = try? LocalDateTime(parsing: text) else { return nil }
    return .local(local)
  }
}
