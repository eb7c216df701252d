import AnalyticsCore
import DataFormats
import Foundation
import StoreModel

/// The order lines of a CSV file, read one at a time from a `CSVStream`: columns by header name
/// (`CSVHeader`), values made straight from each field's bytes — numbers, times and statuses
/// never become a `String`, and texts are trimmed and measured as bytes.
struct OrderLineCSV {
  private let stream: CSVStream
  private let fileName: String
  /// Column positions; `Int.max` for an absent optional column (read as empty).
  private let orderId, storeId, placedAt, itemName, category, quantity, unitPrice: Int
  private let status, customerId, customerName, itemId, subcategory, tax, kind, itemFamily: Int
  private let header: CSVHeader
  /// How slashed dates are read (`nil`: only when one way names a day).
  private let dateOrder: DateOrder?
  private let dialect: CSVDialect
  /// The last `placed_at` read: an order's lines repeat it.
  private var lastPlacedBytes: [UInt8] = []
  private var lastPlaced: PlacedAt?
  /// How a file not in Tally's shape is read, and the position of each Tally column it maps.
  private let mapping: OrderLineMapping?
  private var mapped: [String: Int] = [:]
  /// The order whose first line gave `filled`, the values of its order-level columns.
  private var filledOrder: String?
  private var filled: [String: String] = [:]
  /// Discount lines a mapped row gave besides its sale line, handed out next.
  private var pending: [OrderLineInput] = []

  /// Reads the header.
  ///
  /// - throws: `TallyError` (bad data) for an empty file or a missing column, naming it.
  init(
    fileName: String, dialect: CSVDialect = CSVDialect(), mapping: OrderLineMapping? = nil,
    read: @escaping () throws -> Data?
  ) throws {
    self.fileName = fileName
    self.mapping = mapping
    dateOrder = dialect.dateOrder ?? mapping?.dateOrder
    self.dialect = dialect
    stream = CSVStream(fileName: fileName, delimiter: dialect.delimiter, read: read)
    var headerRecord: CSVRecord?
    while try stream.next() {
      if stream.isBlank { continue }
      headerRecord = CSVRecord(line: stream.line, fields: stream.strings)
      break
    }
    guard let headerRecord else {
      throw TallyError(
        .badData,
        .missing(
          field: "header",
          expected: "a header with " + OrderLineFile.required.joined(separator: ", ")),
        source: TallyError.Source(fileName))
    }
    let columns =
      mapping?.fileColumns ?? (required: OrderLineFile.required, optional: OrderLineFile.optional)
    // A column the mapping reads that the file lacks is the first thing to say: its other
    // columns would otherwise be refused as unknown, blaming the file.
    if let mapping {
      let present = Set(
        headerRecord.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
      for (column, name) in mapping.columns.sorted(by: { $0.key < $1.key })
      where !present.contains(name.lowercased()) && columns.required.contains(name) {
        throw TallyError(
          .badData,
          .missing(
            field: name,
            expected: "the column the mapping reads as \(column); the file's columns are "
              + headerRecord.fields.filter { !$0.isEmpty }.joined(separator: ", ")),
          source: TallyError.Source(fileName, line: headerRecord.line))
      }
    }
    let header = try CSVHeader(
      headerRecord, required: columns.required, optional: columns.optional,
      delimiter: dialect.delimiter, source: stream.source)
    // Limits by the Tally column a file's column is read as.
    var tallyColumn: [String: String] = [:]
    if let mapping {
      for column in OrderLineMapping.tallyColumns {
        guard let name = mapping.fileColumn(column), let index = header.position(of: name) else {
          continue
        }
        mapped[column] = index
        tallyColumn[name.lowercased()] = column
      }
    }
    func position(_ column: String) -> Int { header.position(of: column) ?? Int.max }
    // The header has every required column (checked above).
    orderId = position("order_id")
    storeId = position("store_id")
    placedAt = position("placed_at")
    itemName = position("item_name")
    category = position("category")
    quantity = position("quantity")
    unitPrice = position("unit_price")
    func optional(_ column: String) -> Int { header.position(of: column) ?? Int.max }
    status = optional("status")
    customerId = optional("customer_id")
    customerName = optional("customer_name")
    itemId = optional("item_id")
    subcategory = optional("subcategory")
    tax = optional("tax")
    kind = optional("kind")
    itemFamily = optional("item_family")
    self.header = header
    stream.names = header.names
    stream.limits = header.names.map {
      OrderLineInput.lengthLimit(of: tallyColumn[$0.lowercased()] ?? $0.lowercased())
        ?? CSVReader.fieldLimit
    }
  }

  /// The next good line, or `nil` at the end; blank rows are skipped, and a row with a bad value
  /// is added to `problems` (naming its line and column) and skipped.
  ///
  /// - throws: `TallyError` (bad data) for a file that cannot be read on: a quote never closed,
  ///   a field over its limit.
  mutating func next(problems: inout Problems) throws -> OrderLineInput? {
    if !pending.isEmpty { return pending.removeFirst() }
    while try stream.next() {
      if stream.isBlank { continue }
      if let line = try problems.collect({ try line() }) { return line }
    }
    return nil
  }

  private mutating func line() throws -> OrderLineInput {
    let source = stream.source
    if header.mayHoldUnreadValues(fieldCount: stream.fieldCount) {
      try header.refuseValuesPastLastColumn(
        fieldCount: stream.fieldCount,
        field: { stream.withField($0) { String(decoding: $0, as: UTF8.self) } }, source: source)
    }
    if let mapping { return try mappedLine(mapping, source: source) }
    func bad(_ column: String, _ bytes: UnsafeBufferPointer<UInt8>, _ expected: String)
      -> TallyError
    {
      TallyError.invalid(
        column, String(decoding: bytes, as: UTF8.self), expected: expected, source: source)
    }
    func missing(_ column: String) -> TallyError {
      TallyError(.badData, .missing(field: column, expected: "a value"), source: source)
    }
    /// A trimmed text, `nil` when empty, refused beyond its column's limit.
    func text(_ position: Int, _ column: String) throws -> String? {
      try stream.withField(position) { raw in
        let bytes = Self.trimmed(raw)
        guard !bytes.isEmpty else { return nil }
        if let limit = OrderLineInput.lengthLimit(of: column), bytes.count > limit {
          throw OrderLineInput.tooLong(column, bytes: bytes.count, limit: limit, source: source)
        }
        return String(decoding: bytes, as: UTF8.self)
      }
    }
    func required(_ position: Int, _ column: String) throws -> String {
      guard let value = try text(position, column) else { throw missing(column) }
      return value
    }
    func value<Value>(
      _ position: Int, _ column: String, _ expected: String,
      _ parse: (UnsafeBufferPointer<UInt8>) -> Value?
    ) throws -> Value? {
      try stream.withField(position) { raw in
        let bytes = Self.trimmed(raw)
        guard !bytes.isEmpty else { return nil }
        guard let value = parse(bytes) else { throw bad(column, bytes, expected) }
        return value
      }
    }
    let placed: PlacedAt =
      try stream.withField(placedAt) { raw in
        let bytes = Self.trimmed(raw)
        guard !bytes.isEmpty else { throw missing("placed_at") }
        if let lastPlaced, bytes.elementsEqual(lastPlacedBytes) { return lastPlaced }
        guard let placed = OrderLineFile.parsePlacedAt(bytes, order: dateOrder) else {
          throw OrderLineFile.placedAtProblem(
            String(decoding: bytes, as: UTF8.self), order: dateOrder, source: source)
        }
        lastPlacedBytes.removeAll(keepingCapacity: true)
        lastPlacedBytes.append(contentsOf: bytes)
        lastPlaced = placed
        return placed
      }
    let dialect = dialect
    guard
      let quantity = try value(
        quantity, "quantity", OrderLineFile.expectedQuantity,
        {
          Self.signedQuantity($0, dialect: dialect)
        })
    else { throw missing("quantity") }
    guard
      let price = try value(
        unitPrice, "unit_price", OrderLineFile.expectedAmount,
        {
          Self.signedAmount($0, dialect: dialect)
        })
    else { throw missing("unit_price") }
    let tax =
      try value(tax, "tax", OrderLineFile.expectedAmount) {
        Self.signedAmount($0, dialect: dialect)
      } ?? .zero
    let status =
      try value(status, "status", OrderLineFile.expectedStatus, Self.status) ?? .completed
    let line = try OrderLineFile.line(
      kind: try value(kind, "kind", OrderLineFile.expectedKind) {
        OrderLineFile.kind(String(decoding: $0, as: UTF8.self))
      },
      quantity: quantity, unitPrice: price, tax: tax, source: source)
    return OrderLineInput(
      source: source, orderId: try required(orderId, "order_id"),
      storeId: try required(storeId, "store_id"), placedAt: placed, status: status,
      customerId: try text(customerId, "customer_id"),
      customerName: try text(customerName, "customer_name"), itemId: try text(itemId, "item_id"),
      itemName: try required(itemName, "item_name"), category: try required(category, "category"),
      subcategory: try text(subcategory, "subcategory"), quantity: line.quantity,
      unitPrice: line.unitPrice, tax: line.tax, kind: line.kind,
      itemFamily: try text(itemFamily, "item_family"))
  }

  /// A line of a file read through `mapping`: each Tally column from the file's column the mapping
  /// names, its values translated, order-level values taken from the order's first line, the unit
  /// price worked out from a line total, and a line with an amount Tally cannot read yet refused.
  private mutating func mappedLine(_ mapping: OrderLineMapping, source: TallyError.Source)
    throws -> OrderLineInput
  {
    func cell(_ position: Int?) -> String {
      guard let position else { return "" }
      return stream.withField(position) { String(decoding: Self.trimmed($0), as: UTF8.self) }
    }
    let orderId = cell(mapped["order_id"])
    if orderId != filledOrder {
      filledOrder = orderId
      filled = [:]
    }
    func text(_ column: String) throws -> String? {
      if let fixed = mapping.fixed[column] { return fixed }
      var value = cell(mapped[column])
      if mapping.orderLevel.contains(column) {
        if value.isEmpty {
          value = filled[column] ?? ""
        } else if filled[column] == nil {
          filled[column] = value
        }
      }
      if let translated = mapping.values[column]?[value] { value = translated }
      guard !value.isEmpty else { return nil }
      if let limit = OrderLineInput.lengthLimit(of: column), value.utf8.count > limit {
        throw OrderLineInput.tooLong(
          mapping.label(column), bytes: value.utf8.count, limit: limit, source: source)
      }
      return value
    }
    func missing(_ column: String) -> TallyError {
      TallyError(
        .badData, .missing(field: mapping.label(column), expected: "a value"), source: source)
    }
    func required(_ column: String) throws -> String {
      guard let value = try text(column) else { throw missing(column) }
      return value
    }
    func parsed<Value>(_ column: String, _ expected: String, _ parse: (String) -> Value?)
      throws -> Value?
    {
      guard let value = try text(column) else { return nil }
      guard let parsed = parse(value) else {
        throw TallyError.invalid(mapping.label(column), value, expected: expected, source: source)
      }
      return parsed
    }
    let dialect = self.dialect
    func amount(_ text: String) -> FixedDecimal? { Self.signedAmount(text, dialect: dialect) }
    var placedText = try required("placed_at")
    if mapping.columns["placed_time"] != nil { placedText += " " + (try required("placed_time")) }
    guard var placed = OrderLineFile.parsePlacedAt(placedText, order: dateOrder) else {
      throw OrderLineFile.placedAtProblem(placedText, order: dateOrder, source: source)
    }
    var lineZone: Zone?
    if mapping.columns["placed_zone"] != nil, case .local(let local, let milliseconds) = placed {
      let name = try required("placed_zone")
      guard let zone = mapping.zones[name] else {
        throw TallyError.invalid(
          mapping.label("placed_zone"), name,
          expected: "a zone the mapping names: "
            + mapping.zones.keys.sorted().map(TallyError.quote).joined(separator: ", "),
          source: source)
      }
      placed = .instant(
        Instant(
          millisecondsSinceEpoch: zone.instant(of: local).millisecondsSinceEpoch
            + Int64(milliseconds)))
      lineZone = zone
    }
    guard
      let quantity = try parsed(
        "quantity", OrderLineFile.expectedQuantity, signedQuantity)
    else { throw missing("quantity") }
    let price: FixedDecimal
    if mapping.columns["line_total"] != nil {
      let total = try required("line_total")
      guard let amount = amount(total) else {
        throw TallyError.invalid(
          mapping.label("line_total"), total, expected: OrderLineFile.expectedAmount,
          source: source)
      }
      // The unit price is a price in cents that gives the total at the quantity, as a register
      // prices a line (a weighed one rounded to the cent), or the line is refused: 10.00 for 3
      // has none; 4.87 for 0.375 lb is 12.99. The total's sign is the line's (a refund's is
      // negative, its quantity perhaps too).
      guard quantity > .zero || amount.hundredths <= 0 else {
        throw TallyError.invalid(
          mapping.label("line_total"), total,
          expected: "a total negative as its quantity (\(quantity)) is", source: source)
      }
      let units = Quantity(thousandths: abs(quantity.thousandths))
      guard
        let each = units.unitPrice(for: FixedDecimal(hundredths: abs(amount.hundredths)))?
          .hundredths
      else {
        throw TallyError.invalid(
          mapping.label("line_total"), total,
          expected: "a total that \(units) units give at a price in whole cents", source: source)
      }
      // One sign for the line: a negative quantity says refund (its total too, or 0.00), else
      // the total's sign does.
      if quantity > .zero {
        price = FixedDecimal(hundredths: amount.hundredths < 0 ? -each : each)
      } else {
        price = FixedDecimal(hundredths: each)
      }
    } else {
      guard let unitPrice = try parsed("unit_price", OrderLineFile.expectedAmount, amount) else {
        throw missing("unit_price")
      }
      price = unitPrice
    }
    for column in mapping.zero {
      let value = cell(header.position(of: column))
      guard !value.isEmpty, amount(value)?.hundredths != 0 else { continue }
      throw TallyError.invalid(
        column, value,
        expected: "0: Tally does not read this amount yet, and the mapping refuses the line "
          + "rather than overstate its sales",
        source: source)
    }
    let line = try OrderLineFile.line(
      kind: try parsed("kind", OrderLineFile.expectedKind, OrderLineFile.kind),
      quantity: quantity, unitPrice: price,
      tax: try parsed("tax", OrderLineFile.expectedAmount, amount) ?? .zero, source: source)
    var input = OrderLineInput(
      source: source, orderId: try required("order_id"), storeId: try required("store_id"),
      placedAt: placed,
      status: try parsed("status", OrderLineFile.expectedStatus) {
        OrderStatus(rawValue: $0.lowercased())
      } ?? .completed,
      customerId: try text("customer_id"), customerName: try text("customer_name"),
      itemId: try text("item_id"),
      itemName: try required("item_name"), category: try required("category"),
      subcategory: try text("subcategory"), quantity: line.quantity, unitPrice: line.unitPrice,
      tax: line.tax, kind: line.kind, itemFamily: try text("item_family"))
    input.zone = lineZone
    input = try input.validatedTyped()
    // A POS export writes a line's discount, and an order's, as amounts beside the sale: each
    // becomes a discount line of the order (of the line's item, or "Order discount"), so gross
    // sales, discounts and net sales are what the export says.
    for (column, perLine) in [("line_discount", true), ("order_discount", false)] {
      guard mapping.columns[column] != nil else { continue }
      let text = cell(mapped[column])
      guard !text.isEmpty else { continue }
      guard let discount = amount(text) else {
        throw TallyError.invalid(
          mapping.label(column), text, expected: OrderLineFile.expectedAmount, source: source)
      }
      guard discount != .zero else { continue }
      // A discount on a refund would give back less: not read yet, so refused, not guessed.
      guard !perLine || input.kind == .sale else {
        throw TallyError.invalid(
          mapping.label(column), text, expected: "0 on a \(input.kind.rawValue) line",
          source: source)
      }
      var line = input
      line.kind = .discount
      line.quantity = Quantity(1)
      line.unitPrice = FixedDecimal(hundredths: abs(discount.hundredths))
      line.tax = .zero
      if !perLine {
        line.itemId = nil
        line.itemName = "Order discount"
        line.category = "Discounts"
        line.subcategory = nil
      }
      pending.append(try line.validatedTyped())
    }
    return input
  }

  /// An amount of `dialect`, negative when written so (`-12.50`, `(12.50)`). Static, as are the
  /// other readings of a line's bytes: passed as an instance method, each made every line copy
  /// the whole reader into a closure (its stream, header and tables retained and released).
  private static func signedAmount(_ bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect)
    -> FixedDecimal?
  {
    if let amount = amount(bytes, dialect: dialect) { return amount }
    return signedAmount(String(decoding: bytes, as: UTF8.self), dialect: dialect)
  }

  /// An amount of `dialect`, negative when written so: the one reading of both paths.
  private static func signedAmount(_ text: String, dialect: CSVDialect) -> FixedDecimal? {
    OrderLineFile.signedAmount(text) {
      OrderLineFile.amount(dialect.decimalComma ? dialect.pointDecimal($0) : $0)
    }
  }

  /// A quantity of `dialect` (`0,375` with a decimal comma), negative when written so.
  private static func signedQuantity(_ bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect)
    -> Quantity?
  {
    guard dialect.decimalComma else { return OrderLineFile.signedQuantity(bytes) }
    return OrderLineFile.signedQuantity(
      dialect.pointDecimal(String(decoding: bytes, as: UTF8.self)))
  }

  /// `signedQuantity(_:)` of a text.
  private func signedQuantity(_ text: String) -> Quantity? {
    OrderLineFile.signedQuantity(dialect.pointDecimal(text))
  }

  /// An amount of `dialect`.
  private static func amount(_ bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect)
    -> FixedDecimal?
  {
    guard dialect.decimalComma else { return OrderLineFile.amount(bytes) }
    return OrderLineFile.amount(dialect.pointDecimal(String(decoding: bytes, as: UTF8.self)))
  }

  /// The bytes without leading and trailing spaces and tabs.
  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// A status in any case.
  private static func status(_ bytes: UnsafeBufferPointer<UInt8>) -> OrderStatus? {
    for status in [OrderStatus.completed, .cancelled, .refunded] {
      let name = status.rawValue.utf8
      if name.count == bytes.count,
        zip(name, bytes).allSatisfy({ $0 == $1 | (($1 >= 0x41 && $1 <= 0x5A) ? 0x20 : 0) })
      {
        return status
      }
    }
    return nil
  }
}
