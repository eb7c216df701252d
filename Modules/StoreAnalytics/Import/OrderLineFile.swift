import AnalyticsCore
import DataFormats
import Foundation

/// Reads order lines from CSV (columns by header name, in any order) or JSON Lines (one object
/// per line with the same keys): `order_id, store_id, placed_at, status?, customer_id?, item_id?,
/// item_name, category, subcategory?, quantity, unit_price, tax?` (`?` optional; an empty optional
/// cell means absent).
///
/// `placed_at` is an instant with an offset (`2026-02-08T14:30:00-06:00`, `…Z`) or a local
/// `YYYY-MM-DD HH:MM[:SS]` read in the store's zone.
public enum OrderLineFile {
  static let required = [
    "order_id", "store_id", "placed_at", "item_name", "category", "quantity", "unit_price",
  ]

  /// The lines of `data`.
  ///
  /// - Parameter fileName: `.jsonl`/`.ndjson` is JSON Lines, anything else CSV.
  /// - throws: `StoreError` (bad data) naming the file, line and column of the first problem, or
  ///   an empty file.
  public static func parse(_ data: Data, fileName: String) throws -> [OrderLineInput] {
    let lower = fileName.lowercased()
    let rows: [(line: Int, value: (String) -> String?)]
    if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
      rows = try jsonLines(data, fileName: fileName)
    } else {
      rows = try csvRows(data, fileName: fileName)
    }
    guard !rows.isEmpty else {
      throw StoreError(.badData, "\(fileName) has no order lines: expected a header and rows")
    }
    return try rows.map { row in try line(row.value, location: "\(fileName) line \(row.line)") }
  }

  static func csvRows(_ data: Data, fileName: String) throws -> [(
    line: Int, value: (String) -> String?
  )] {
    var iterator = CSVReader(data: data).makeIterator()
    let first: CSVRecord?
    do { first = try iterator.nextRecord() } catch {
      throw StoreError(.badData, "\(fileName): \(error)")
    }
    guard let headerRecord = first, !headerRecord.isBlank else {
      throw StoreError(.badData, "\(fileName) is empty: expected a header row and order lines")
    }
    let header = CSVHeader(headerRecord)
    for column in required where header.position(of: column) == nil {
      throw StoreError(
        .badData,
        "\(fileName) line \(headerRecord.line): no \(column) column: expected the columns "
          + required.joined(separator: ", "))
    }
    var positions: [String: Int] = [:]
    for name in required + ["status", "customer_id", "item_id", "subcategory", "tax"] {
      positions[name] = header.position(of: name)
    }
    var rows: [(line: Int, value: (String) -> String?)] = []
    while true {
      let record: CSVRecord?
      do { record = try iterator.nextRecord() } catch {
        throw StoreError(.badData, "\(fileName): \(error)")
      }
      guard let record else { break }
      if record.isBlank { continue }
      let fields = record.fields
      rows.append(
        (
          record.line,
          { name in
            guard let position = positions[name], position < fields.count else { return nil }
            let value = fields[position].trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
          }
        ))
    }
    return rows
  }

  static func jsonLines(_ data: Data, fileName: String) throws -> [(
    line: Int, value: (String) -> String?
  )] {
    var rows: [(line: Int, value: (String) -> String?)] = []
    for (index, text) in String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).enumerated() {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.isEmpty { continue }
      guard
        let object = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any]
      else {
        throw StoreError(.badData, "\(fileName) line \(index + 1): expected a JSON object")
      }
      var fields: [String: String] = [:]
      for (key, value) in object where !(value is NSNull) {
        let text = "\(value)".trimmingCharacters(in: .whitespaces)
        if !text.isEmpty { fields[key.lowercased()] = text }
      }
      for column in required where fields[column] == nil {
        throw StoreError(.badData, "\(fileName) line \(index + 1), column \(column): missing")
      }
      rows.append((index + 1, { fields[$0] }))
    }
    return rows
  }

  static func line(_ value: (String) -> String?, location: String) throws -> OrderLineInput {
    func fail(_ column: String, _ problem: String) -> StoreError {
      StoreError(.badData, "\(location), column \(column): \(problem)")
    }
    func required(_ column: String) throws -> String {
      guard let text = value(column) else { throw fail(column, "missing: expected a value") }
      return text
    }
    let placedText = try required("placed_at")
    guard let placedAt = parsePlacedAt(placedText) else {
      throw fail(
        "placed_at",
        "\"\(placedText)\" is not valid: expected 2026-02-08T14:30:00-06:00, …Z, or a local 2026-02-08 14:30"
      )
    }
    let quantityText = try required("quantity")
    guard let quantity = Int(quantityText), quantity >= 1 else {
      throw fail(
        "quantity", "\"\(quantityText)\" is not valid: expected a whole number of at least 1")
    }
    let priceText = try required("unit_price")
    guard let price = try? FixedDecimal(parsing: priceText), price >= .zero else {
      throw fail(
        "unit_price",
        "\"\(priceText)\" is not valid: expected an amount of 0 or more with at most 2 decimals")
    }
    var tax = FixedDecimal.zero
    if let taxText = value("tax") {
      guard let parsed = try? FixedDecimal(parsing: taxText), parsed >= .zero else {
        throw fail("tax", "\"\(taxText)\" is not valid: expected an amount of 0 or more")
      }
      tax = parsed
    }
    var status = OrderStatus.completed
    if let statusText = value("status") {
      guard let parsed = OrderStatus(rawValue: statusText.lowercased()) else {
        throw fail(
          "status", "\"\(statusText)\" is not valid: expected completed, cancelled or refunded")
      }
      status = parsed
    }
    return OrderLineInput(
      location: location, orderId: try required("order_id"), storeId: try required("store_id"),
      placedAt: placedAt, status: status, customerId: value("customer_id"),
      itemId: value("item_id"),
      itemName: try required("item_name"), category: try required("category"),
      subcategory: value("subcategory"), quantity: quantity, unitPrice: price, tax: tax)
  }

  /// An instant with offset/`Z`, or a local date-time.
  static func parsePlacedAt(_ text: String) -> PlacedAt? {
    if let local = try? LocalDateTime(parsing: text), text.utf8.count <= 19,
      !text.hasSuffix("Z")
    {
      return .local(local)
    }
    // YYYY-MM-DDTHH:MM[:SS][.fff](Z|±HH:MM)
    guard text.utf8.count >= 17 else { return nil }
    var body = text
    var offset = 0
    if body.hasSuffix("Z") || body.hasSuffix("z") {
      body.removeLast()
    } else {
      let suffix = body.suffix(6)
      guard suffix.count == 6, let sign = suffix.first, sign == "+" || sign == "-",
        let hours = Int(suffix.dropFirst().prefix(2)), suffix.dropFirst(3).first == ":",
        let minutes = Int(suffix.suffix(2)), hours < 24, minutes < 60
      else { return nil }
      offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
      body.removeLast(6)
    }
    var fraction = 0.0
    if let dot = body.firstIndex(of: ".") {
      guard let value = Double("0" + body[dot...]) else { return nil }
      fraction = value
      body = String(body[..<dot])
    }
    guard let local = try? LocalDateTime(parsing: body) else { return nil }
    return .instant(Double(local.secondsSinceEpoch - offset) + fraction)
  }
}
