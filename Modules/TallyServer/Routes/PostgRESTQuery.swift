import DataFormats
import Hummingbird

/// The PostgREST query subset the seed's Supabase client sends to a view: `select=*`,
/// `store_id=eq.N`, `limit=N`, `order=col[.asc|.desc]`. Anything else is refused with
/// PostgREST's own error shape rather than ignored, so a client never mistakes an unapplied
/// filter for an applied one.
struct PostgRESTQuery: Equatable {
  /// `store_id=eq.N`, when given.
  var storeId: String?
  var limit: Int?
  var order: (column: String, descending: Bool)?

  static func == (lhs: PostgRESTQuery, rhs: PostgRESTQuery) -> Bool {
    lhs.storeId == rhs.storeId && lhs.limit == rhs.limit
      && lhs.order?.column == rhs.order?.column && lhs.order?.descending == rhs.order?.descending
  }

  /// Reads the query of a view with these columns.
  ///
  /// - throws: `APIError` 400 (`PGRST100`) for another parameter, operator or column.
  init(_ parameters: [(Substring, Substring)], columns: [String]) throws {
    func refuse(_ message: String, details: String? = nil) -> APIError {
      .postgREST(.badRequest, code: "PGRST100", message: message, details: details)
    }
    for (key, value) in parameters {
      switch key {
      case "select":
        guard value == "*" else {
          throw refuse(
            "\"failed to parse select parameter (\(value))\"", details: "only select=* is served")
        }
      case "limit":
        // A limit past Int's range is no limit (as in PostgreSQL, where it exceeds every table).
        let digits = !value.isEmpty && value.allSatisfy { $0.isASCII && $0.isNumber }
        guard let number = Int(value) ?? (digits ? Int.max : nil), number >= 0 else {
          throw refuse("\"failed to parse limit parameter (\(value))\"")
        }
        limit = number
      case "order":
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let column = parts.first, columns.contains(String(column)),
          parts.count == 1 || ["asc", "desc"].contains(parts[1])
        else {
          throw refuse(
            "\"failed to parse order (\(value))\"",
            details: "expected one of \(columns.joined(separator: ", ")) with .asc or .desc")
        }
        order = (String(column), parts.count == 2 && parts[1] == "desc")
      default:
        guard columns.contains(String(key)) else {
          throw refuse(
            "column \(key) does not exist",
            details: "the view's columns are \(columns.joined(separator: ", "))")
        }
        guard key == "store_id", value.hasPrefix("eq.") else {
          throw refuse(
            "\"failed to parse filter (\(value))\"", details: "only store_id=eq.N is served")
        }
        storeId = String(value.dropFirst("eq.".count))
      }
    }
  }

  /// `rows` in the asked order (stable, so rows that tie keep the view's order) and limit.
  func apply(_ rows: [JSONObject]) -> [JSONObject] {
    var rows = rows
    if let order {
      rows = rows.enumerated().sorted { left, right in
        let a = left.element[order.column]
        let b = right.element[order.column]
        if Self.same(a, b) { return left.offset < right.offset }
        return Self.less(a, b) != order.descending
      }.map(\.element)
    }
    if let limit { rows = Array(rows.prefix(limit)) }
    return rows
  }

  /// PostgreSQL's order: numbers by value, text by code point, nulls last ascending.
  private static func less(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    switch (number(a), number(b)) {
    case (let x?, let y?): return x < y
    default: break
    }
    switch (a?.plainText, b?.plainText) {
    case (let x?, let y?): return x < y
    case (nil, _?): return false
    case (_?, nil): return true
    case (nil, nil): return false
    }
  }

  private static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    !less(a, b) && !less(b, a)
  }

  /// A number's value for ordering only (display keeps its exact digits).
  private static func number(_ value: JSONValue?) -> Double? {
    guard let value, value.isNumeric, let text = value.plainText else { return nil }
    return Double(text)
  }
}
