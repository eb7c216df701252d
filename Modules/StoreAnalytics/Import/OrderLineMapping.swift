import AnalyticsCore
import DataFormats
import Foundation

/// How a CSV file that is not in Tally's own shape (a point-of-sale export, a spreadsheet) is read
/// as order lines: which of its columns holds each of Tally's, and what its values mean. Written
/// once per export shape (`Docs/Mappings/*.json`) or given column by column. Nothing in a file is
/// skipped unless the mapping names it: a column it neither reads nor ignores is still refused.
public struct OrderLineMapping: Sendable, Equatable {
  /// Tally's column (`order_id`, …, and `line_total`, `placed_time`, `placed_zone`,
  /// `line_discount`, `order_discount`) → the file's column that holds it. A line's or an order's
  /// discount becomes a discount line of the order.
  public var columns: [String: String]
  /// The IANA zone of each name the `placed_zone` column holds (Square writes
  /// `Eastern Time (US & Canada)`).
  public var zones: [String: Zone]
  /// Tally's column → (the file's value → Tally's); `""` is an empty cell. Values not listed are
  /// read as they are.
  public var values: [String: [String: String]]
  /// A value for every line, for a Tally column the file has no column for.
  public var fixed: [String: String]
  /// Tally's columns an export writes on an order's first line only (Shopify's `Financial
  /// Status`, `Location`): a later line of the order with the cell empty takes the first's value.
  public var orderLevel: Set<String>
  /// The file's columns holding amounts Tally does not read yet (discounts, refunds): a line
  /// where one is not 0 is refused, rather than its sales overstated.
  public var zero: [String]
  /// The file's columns Tally does not read, named so that they are not refused as unknown.
  public var ignored: [String]
  /// How the file's slashed dates are written, when the export's shape says.
  public var dateOrder: DateOrder?

  /// The columns a mapping may name besides the file's own: a line's total (quantity × unit
  /// price; the unit price is worked out from it), and the time of day and zone of `placed_at`
  /// when an export writes them in columns of their own.
  static let derived = [
    "line_total", "placed_time", "placed_zone", "line_discount", "order_discount",
  ]

  public init(
    columns: [String: String] = [:], zones: [String: Zone] = [:],
    values: [String: [String: String]] = [:], fixed: [String: String] = [:],
    orderLevel: Set<String> = [], zero: [String] = [], ignored: [String] = [],
    dateOrder: DateOrder? = nil
  ) {
    self.columns = columns
    self.zones = zones
    self.values = values
    self.fixed = fixed
    self.orderLevel = orderLevel
    self.zero = zero
    self.ignored = ignored
    self.dateOrder = dateOrder
  }

  /// Tally's columns a mapping may name.
  static var tallyColumns: [String] { OrderLineFile.required + OrderLineFile.optional + derived }

  /// The mapping with `columns` laid over its own (given one by one, they win); a file column
  /// one of them takes the place of is then ignored, as the mapping's other unread columns are.
  public func adding(columns more: [String: String]) -> OrderLineMapping {
    var mapping = self
    for (column, name) in more {
      if let replaced = columns[column], replaced.lowercased() != name.lowercased() {
        mapping.ignored.append(replaced)
      }
      mapping.columns[column] = name
      // A column read from the file takes the place of a fixed value, and a unit price of a
      // line total (or the other way round).
      mapping.fixed[column] = nil
      let other = ["unit_price": "line_total", "line_total": "unit_price"][column]
      if let other, let replaced = mapping.columns.removeValue(forKey: other) {
        mapping.ignored.append(replaced)
      }
    }
    mapping.ignored.removeAll { ignored in
      more.values.contains { $0.lowercased() == ignored.lowercased() }
    }
    return mapping
  }

  /// The file's column read as Tally's `column`: the mapped one, else Tally's own name;
  /// `nil` when a fixed value stands for it, or (for the derived ones) when none is mapped.
  func fileColumn(_ column: String) -> String? {
    if fixed[column] != nil { return nil }
    if let mapped = columns[column] { return mapped }
    return Self.derived.contains(column) ? nil : column
  }

  /// How a column is named in an error: the file's name and, when mapped, Tally's beside it.
  func label(_ column: String) -> String {
    guard let mapped = columns[column] else { return column }
    return "\(mapped) (\(column))"
  }

  /// The file's columns that must be there, and those that may.
  var fileColumns: (required: [String], optional: [String]) {
    var required: [String] = []
    var optional: [String] = []
    for column in OrderLineFile.required {
      if column == "unit_price", let total = columns["line_total"] {
        required.append(total)
      } else if let name = fileColumn(column) {
        required.append(name)
      }
    }
    for column in OrderLineFile.optional { fileColumn(column).map { optional.append($0) } }
    for column in ["line_discount", "order_discount"] {
      columns[column].map { optional.append($0) }
    }
    for column in ["placed_time", "placed_zone"] { columns[column].map { required.append($0) } }
    return (required, optional + zero + ignored)
  }

  /// The mapping itself, when its names are Tally's and it asks nothing impossible.
  ///
  /// - throws: `TallyError` (bad data) at `source` naming the first wrong name or value.
  public func checked(source: TallyError.Source?) throws -> OrderLineMapping {
    do { return try check(source: source) } catch var error as TallyError {
      // Without a file, the mapping was given column by column: a usage error.
      if source == nil { error.category = .usage }
      throw error
    }
  }

  private func check(source: TallyError.Source?) throws -> OrderLineMapping {
    let known = Self.tallyColumns
    try KnownNames.refuseUnknown(columns.keys, known: known, kind: .key, source: source)
    try KnownNames.refuseUnknown(
      values.keys, known: known, kind: .key, field: { "values." + $0 }, source: source)
    try KnownNames.refuseUnknown(
      fixed.keys, known: OrderLineFile.required + OrderLineFile.optional, kind: .key,
      field: { "fixed." + $0 }, source: source)
    try KnownNames.refuseUnknown(
      orderLevel, known: OrderLineFile.required + OrderLineFile.optional, kind: .key,
      field: { "order_level: " + $0 }, source: source)
    func refuse(_ field: String, _ value: String, _ expected: String) -> TallyError {
      TallyError(.badData, .invalid(field: field, value: value, expected: expected), source: source)
    }
    for (column, value) in fixed where columns[column] != nil {
      throw refuse("fixed.\(column)", value, "a column read from the file or fixed, not both")
    }
    if columns["line_total"] != nil, columns["unit_price"] != nil {
      throw refuse("line_total", columns["line_total"]!, "unit_price or line_total, not both")
    }
    if orderLevel.contains("order_id") {
      throw refuse("order_level", "order_id", "columns of an order other than its id")
    }
    if columns["placed_zone"] != nil, zones.isEmpty {
      throw refuse("zones", "none", "the IANA zone of each name the placed_zone column holds")
    }
    var seen: [String: String] = [:]
    for (column, name) in columns.sorted(by: { $0.key < $1.key }) {
      if let other = seen[name.lowercased()] {
        throw refuse(
          column, name, "a column read once (\(TallyError.quote(name)) is \(other) already)")
      }
      seen[name.lowercased()] = column
    }
    return self
  }

  /// A mapping file (JSON): `columns`, `zones`, `values`, `fixed`, `order_level`, `zero`,
  /// `ignored`, `date_order` (`month_first`, `day_first`), and `about` (what export it is for,
  /// not read). A key it does not know is refused, as in every file Tally reads.
  ///
  /// - throws: `TallyError` (bad data) naming the file and the key.
  public static func parse(_ data: Data, fileName: String) throws -> OrderLineMapping {
    let source = TallyError.Source(fileName)
    let file: File
    do {
      let decoded = try JSONDecoder().decode(OrderLineFile.Keys.With<File>.self, from: data)
      try KnownNames.refuseUnknown(
        decoded.keys.names, known: File.CodingKeys.allCases.map(\.rawValue), kind: .key,
        source: source)
      file = decoded.value
    } catch let error as TallyError {
      throw error
    } catch {
      // A mapping written in TOML or YAML is told apart: Tally reads JSON only (the mirror's TOML
      // library does not build here), and Foundation's message would not say so.
      let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
      throw TallyError(
        .badData,
        .invalid(
          field: nil, value: "the mapping",
          expected: "a JSON object of columns, zones, values, fixed, order_level, zero, ignored "
            + (first == UInt8(ascii: "{")
              ? "(\(error.localizedDescription))"
              : "(this is not JSON; a TOML or YAML mapping is not read: Docs/Mappings has JSON ones)")
        ),
        source: source)
    }
    var zones: [String: Zone] = [:]
    for (name, identifier) in file.zones ?? [:] {
      guard let zone = try? Zone(identifier: identifier) else {
        throw TallyError(
          .badData,
          .invalid(field: "zones." + name, value: identifier, expected: "an IANA time zone"),
          source: source)
      }
      zones[name] = zone
    }
    let dateOrder: DateOrder?
    switch file.dateOrder {
    case nil: dateOrder = nil
    case "month_first": dateOrder = .monthFirst
    case "day_first": dateOrder = .dayFirst
    case let other?:
      throw TallyError(
        .badData,
        .invalid(field: "date_order", value: other, expected: "month_first or day_first"),
        source: source)
    }
    return try OrderLineMapping(
      columns: file.columns ?? [:], zones: zones, values: file.values ?? [:],
      fixed: file.fixed ?? [:], orderLevel: Set(file.orderLevel ?? []), zero: file.zero ?? [],
      ignored: file.ignored ?? [], dateOrder: dateOrder
    ).checked(source: source)
  }

  /// A mapping file as written.
  private struct File: Decodable {
    let about: String?
    let columns: [String: String]?
    let zones: [String: String]?
    let values: [String: [String: String]]?
    let fixed: [String: String]?
    let orderLevel: [String]?
    let zero: [String]?
    let ignored: [String]?
    let dateOrder: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case about, columns, zones, values, fixed, zero, ignored
      case orderLevel = "order_level"
      case dateOrder = "date_order"
    }
  }
}
