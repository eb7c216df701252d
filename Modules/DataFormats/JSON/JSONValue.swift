import AnalyticsCore
import Foundation

/// A JSON value whose objects keep their keys in the order they were built, so that output is
/// stable, and whose exact amounts render with their two decimals (`1.30`, not `1.3`).
public indirect enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case int(Int)
  /// A floating-point number, rounded to `decimals` places when given (non-finite values render
  /// as `null`).
  case number(Double, decimals: Int?)
  /// An exact amount, rendered with two decimals.
  case decimal(FixedDecimal)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object with ordered keys.
  case object(JSONObject)

  /// A number rounded to `decimals` places, or `null` when `value` is `nil`.
  public static func number(_ value: Double?, decimals: Int? = nil) -> JSONValue {
    value.map { .number($0, decimals: decimals) } ?? .null
  }

  /// A string, or `null` when `value` is `nil`.
  public static func string(_ value: String?) -> JSONValue {
    value.map { .string($0) } ?? .null
  }

  /// A `YYYY-MM-DD` string.
  public static func date(_ value: LocalDate) -> JSONValue { .string(value.description) }

  /// The value as plain text for a table or CSV cell (`nil` for `null`).
  public var plainText: String? {
    switch self {
    case .null: return nil
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .number(let value, let decimals): return JSONValue.format(value, decimals: decimals)
    case .decimal(let value): return value.description
    case .string(let value): return value
    case .array, .object: return JSONWriter.compact(self)
    }
  }

  /// Whether the value is a number (right-aligned in tables).
  public var isNumeric: Bool {
    switch self {
    case .int, .number, .decimal: return true
    default: return false
    }
  }

  /// `value` as text with `decimals` places (whole numbers without a fraction when `nil`), or
  /// `nil` when it is not finite.
  public static func format(_ value: Double, decimals: Int?) -> String? {
    guard value.isFinite else { return nil }
    guard let decimals else {
      if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
      return "\(value)"
    }
    return FixedNotation.format(value, decimals: decimals)
  }
}

/// A JSON object whose fields keep their order.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  /// One key and its value.
  public struct Field: Sendable, Equatable {
    /// The key (snake_case by convention).
    public let key: String
    /// The value.
    public var value: JSONValue
  }

  /// The fields in order.
  public private(set) var fields: [Field]

  /// An object with these fields, in this order.
  public init(_ fields: [(String, JSONValue)]) {
    self.fields = fields.map { Field(key: $0.0, value: $0.1) }
  }

  /// An object with these fields, in literal order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }

  /// The keys in order.
  public var keys: [String] { fields.map(\.key) }

  /// The value for `key`, or `nil`; setting a new key appends it.
  public subscript(key: String) -> JSONValue? {
    get { fields.first(where: { $0.key == key })?.value }
    set {
      if let index = fields.firstIndex(where: { $0.key == key }) {
        if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
      } else if let newValue {
        fields.append(Field(key: key, value: newValue))
      }
    }
  }

  /// The fields with nested objects flattened into dotted keys (`period.start`), for CSV and
  /// table cells.
  public func flattened(prefix: String = "") -> [Field] {
    fields.flatMap { field -> [Field] in
      let key = prefix.isEmpty ? field.key : prefix + "." + field.key
      if case .object(let nested) = field.value { return nested.flattened(prefix: key) }
      return [Field(key: key, value: field.value)]
    }
  }
}
