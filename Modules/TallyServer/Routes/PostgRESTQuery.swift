import DataFormats
import Hummingbird

/// The PostgREST query subset a Supabase client sends to a view: `select=*` or named columns,
/// filters `col=op.value` with `eq, neq, gt, gte, lt, lte` and `in.(a,b)` on any column of the
/// view (all of them apply), `order=col[.asc|.desc][.nullsfirst|.nullslast]` on several columns,
/// `limit` and `offset`. Anything else is refused with PostgREST's own error shape rather than
/// ignored, so a client never mistakes an unapplied filter for an applied one.
struct PostgRESTQuery {
  /// A filter on one column.
  struct Filter {
    enum Operator: String { case eq, neq, gt, gte, lt, lte, `in` }
    let column: String
    let op: Operator
    /// One value; several for `in`.
    let values: [String]
  }

  /// One ordering column.
  struct Ordering {
    let column: String
    let descending: Bool
    /// PostgreSQL's default: nulls last ascending, first descending.
    let nullsFirst: Bool
  }

  /// The columns asked for, in order; `nil`: every one (`select=*` or none).
  var select: [String]?
  var filters: [Filter] = []
  var order: [Ordering] = []
  var limit: Int?
  var offset = 0

  /// The stores a `store_id` filter names (`eq` or `in`), when one does: only they are read.
  var storeIds: [String]? {
    filters.first { $0.column == "store_id" && ($0.op == .eq || $0.op == .in) }?.values
  }

  /// Whether the view's own order and limit may be left to the domain: nothing to filter, order
  /// or skip first.
  var onlyLimits: Bool { filters.isEmpty && order.isEmpty && offset == 0 }

  /// Reads the query of a view with these columns.
  ///
  /// - throws: `APIError` 400 (`PGRST100`, or `42703` for a column the view lacks) for another
  ///   parameter, operator or column.
  init(_ parameters: [(Substring, Substring)], columns: [String]) throws {
    func refuse(_ message: String, details: String? = nil, code: String = "PGRST100")
      -> APIError
    {
      .postgREST(.badRequest, code: code, message: message, details: details)
    }
    func column(_ name: Substring) throws -> String {
      guard columns.contains(String(name)) else {
        throw refuse(
          "column \(name) does not exist",
          details: "the view's columns are \(columns.joined(separator: ", "))", code: "42703")
      }
      return String(name)
    }
    func count(_ key: Substring, _ value: Substring) throws -> Int {
      // A number past Int's range is no bound (as in PostgreSQL, where it exceeds every table).
      let digits = !value.isEmpty && value.allSatisfy { $0.isASCII && $0.isNumber }
      guard let number = Int(value) ?? (digits ? Int.max : nil), number >= 0 else {
        throw refuse("\"failed to parse \(key) parameter (\(value))\"")
      }
      return number
    }
    for (key, value) in parameters {
      switch key {
      case "select":
        guard value != "*" else { continue }
        select = try value.split(separator: ",", omittingEmptySubsequences: false).map {
          try column($0.drop(while: { $0 == " " }))
        }
      case "limit": limit = try count(key, value)
      case "offset": offset = try count(key, value)
      case "order":
        order = try value.split(separator: ",", omittingEmptySubsequences: false).map { term in
          let parts = term.split(separator: ".", omittingEmptySubsequences: false)
          let name = try column(parts[0])
          var descending = false
          var nulls: Bool?
          for modifier in parts.dropFirst() {
            switch modifier {
            case "asc": descending = false
            case "desc": descending = true
            case "nullsfirst": nulls = true
            case "nullslast": nulls = false
            default:
              throw refuse(
                "\"failed to parse order (\(value))\"",
                details: "expected column[.asc|.desc][.nullsfirst|.nullslast], comma-separated")
            }
          }
          return Ordering(column: name, descending: descending, nullsFirst: nulls ?? descending)
        }
      default:
        let name = try column(key)
        guard let dot = value.firstIndex(of: "."),
          let op = Filter.Operator(rawValue: String(value[..<dot]))
        else {
          throw refuse(
            "\"failed to parse filter (\(value))\"",
            details: "expected eq, neq, gt, gte, lt, lte or in, as column=op.value")
        }
        var operand = value[value.index(after: dot)...]
        var values = [String(operand)]
        if op == .in {
          guard operand.hasPrefix("("), operand.hasSuffix(")") else {
            throw refuse(
              "\"failed to parse filter (\(value))\"", details: "expected in.(a,b,…)")
          }
          operand = operand.dropFirst().dropLast()
          values = operand.split(separator: ",", omittingEmptySubsequences: false).map {
            var item = Substring($0)
            if item.hasPrefix("\""), item.hasSuffix("\""), item.count >= 2 {
              item = item.dropFirst().dropLast()
            }
            return String(item)
          }
        }
        filters.append(Filter(column: name, op: op, values: values))
      }
    }
  }

  /// `rows` filtered, in the asked order (stable, so rows that tie keep the view's order),
  /// skipped, cut and narrowed to the selected columns.
  func apply(_ rows: [JSONObject]) -> [JSONObject] {
    var rows = rows.filter { row in filters.allSatisfy { Self.matches(row[$0.column], $0) } }
    if !order.isEmpty {
      rows = rows.enumerated().sorted { left, right in
        for term in order {
          let a = left.element[term.column]
          let b = right.element[term.column]
          let (aNull, bNull) = (Self.isNull(a), Self.isNull(b))
          if aNull != bNull { return aNull == term.nullsFirst }
          if aNull || Self.compare(a, b) == 0 { continue }
          return (Self.compare(a, b) < 0) != term.descending
        }
        return left.offset < right.offset
      }.map(\.element)
    }
    rows = Array(rows.dropFirst(offset))
    if let limit { rows = Array(rows.prefix(limit)) }
    if let select {
      rows = rows.map { row in JSONObject(select.map { ($0, row[$0] ?? .null) }) }
    }
    return rows
  }

  private static func isNull(_ value: JSONValue?) -> Bool {
    value == nil || value == .null
  }

  /// Whether a cell passes a filter; a null cell passes none (SQL's comparison with NULL).
  private static func matches(_ cell: JSONValue?, _ filter: Filter) -> Bool {
    guard !isNull(cell) else { return false }
    switch filter.op {
    case .eq: return compare(cell, filter.values[0]) == 0
    case .neq: return compare(cell, filter.values[0]) != 0
    case .gt: return compare(cell, filter.values[0]) > 0
    case .gte: return compare(cell, filter.values[0]) >= 0
    case .lt: return compare(cell, filter.values[0]) < 0
    case .lte: return compare(cell, filter.values[0]) <= 0
    case .in: return filter.values.contains { compare(cell, $0) == 0 }
    }
  }

  /// A cell against a filter's text: numerically when both are numbers (`1.50` equals `1.5`),
  /// else as text by code point, as PostgreSQL's `COLLATE "C"`; booleans as `true`/`false`.
  private static func compare(_ cell: JSONValue?, _ text: String) -> Int {
    if let x = number(cell), let y = Double(text) { return x < y ? -1 : x > y ? 1 : 0 }
    let left = cell?.plainText ?? ""
    return left < text ? -1 : left > text ? 1 : 0
  }

  /// Two cells: numbers by value, text by code point.
  private static func compare(_ a: JSONValue?, _ b: JSONValue?) -> Int {
    if let x = number(a), let y = number(b) { return x < y ? -1 : x > y ? 1 : 0 }
    let (x, y) = (a?.plainText ?? "", b?.plainText ?? "")
    return x < y ? -1 : x > y ? 1 : 0
  }

  /// A number's value for comparing only (display keeps its exact digits).
  private static func number(_ value: JSONValue?) -> Double? {
    guard let value, value.isNumeric, let text = value.plainText else { return nil }
    return Double(text)
  }
}
