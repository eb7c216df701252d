import AnalyticsCore
import DataFormats
import Foundation
import StoreModel

/// Reads order lines from CSV (columns by header name, in any order) or JSON Lines (one object
/// per line with the same keys): `order_id, store_id, placed_at, status?, customer_id?,
/// customer_name?, item_id?, item_name, item_family?, category, subcategory?, quantity,
/// unit_price, tax?, kind?` (`?` optional; an empty optional cell means absent).
///
/// `placed_at` is an instant with an offset (`2026-02-08T14:30:00-06:00`, `…Z`) or a local
/// `YYYY-MM-DD HH:MM[:SS]`, read in the store's zone when the store is known at import.
public enum OrderLineFile {
  static let required = [
    "order_id", "store_id", "placed_at", "item_name", "category", "quantity", "unit_price",
  ]
  static let optional = [
    "status", "customer_id", "customer_name", "item_id", "subcategory", "tax", "kind",
    "item_family",
  ]
  static let expectedQuantity =
    "a number above 0 up to \(OrderLineInput.quantityLimit), with at most 3 decimals (0.375 when weighed)"
  static let expectedAmount =
    "an amount from 0 to \(FixedDecimal(hundredths: OrderLineInput.amountLimit)) with at most 2 decimals"
  static let expectedPlacedAt =
    "2026-02-08T14:30:00-06:00, …Z, or a local 2026-02-08 14:30 (or 2/8/2026 2:30 PM) read in "
    + "the store's zone"
  static let expectedStatus = "completed, cancelled or refunded"
  static let expectedKind = "sale, refund, discount, comp or tip"

  /// The lines of `data`.
  ///
  /// - Parameter fileName: `.jsonl`/`.ndjson` is JSON Lines, anything else CSV.
  /// - throws: `TallyError` (bad data) naming the file, line and column of each bad line
  ///   (`Problems`), or an empty file (a CSV without a header, JSON Lines without lines; a CSV
  ///   with a header and no rows has no lines).
  public static func parse(
    _ data: Data, fileName: String, dialect: CSVDialect = CSVDialect(),
    mapping: OrderLineMapping? = nil
  ) throws -> [OrderLineInput] {
    try parse(
      utf8: TextDecoder.utf8(data, source: TallyError.Source(fileName)), fileName: fileName,
      dialect: dialect, mapping: mapping)
  }

  /// `parse(_:fileName:dialect:)` of a file already decoded to UTF-8 (`TextDecoder`).
  static func parse(
    utf8 data: Data, fileName: String, dialect: CSVDialect, mapping: OrderLineMapping? = nil
  ) throws -> [OrderLineInput] {
    let lines: [OrderLineInput]
    if isJSONLines(fileName) {
      if mapping != nil { throw mappedJSONLines(fileName) }
      lines = try jsonLines(data, fileName: fileName, dateOrder: dialect.dateOrder)
    } else {
      var remaining: Data? = data
      var reader = try OrderLineCSV(fileName: fileName, dialect: dialect, mapping: mapping) {
        defer { remaining = nil }
        return remaining
      }
      var read: [OrderLineInput] = []
      var problems = Problems()
      while let line = try reader.next(problems: &problems) { read.append(line) }
      try problems.check()
      lines = read
    }
    // A JSON Lines file has no header: one without lines may be a failed export, not a day
    // without orders.
    guard !lines.isEmpty || !isJSONLines(fileName) else { throw noLines(fileName) }
    return lines
  }

  /// The order of day and month a CSV file's slashed `placed_at` dates prove: read up to the
  /// first date that is one way only (`13/2/2026`), so that `2/8/2026` in the same file is read
  /// the same way. `nil` when the first date is not slashed, or none decides (each such line is
  /// then refused with both readings). JSON Lines: `nil`.
  ///
  /// - Parameter read: the file's chunks from its start (a second reading of the file).
  public static func dateOrder(
    ofFileNamed fileName: String, delimiter: CSVDelimiter = .comma,
    mapping: OrderLineMapping? = nil, read: @escaping @Sendable () throws -> Data?
  )
    throws -> DateOrder?
  {
    if let order = mapping?.dateOrder { return order }
    guard !isJSONLines(fileName) else { return nil }
    let stream = CSVStream(
      fileName: fileName, delimiter: delimiter,
      read: TextDecoder.utf8(reading: read, source: TallyError.Source(fileName))
    )
    var column: Int?
    while column == nil, try stream.next() {
      if stream.isBlank { continue }
      column = CSVHeader(CSVRecord(line: stream.line, fields: stream.strings))
        .position(of: mapping?.fileColumn("placed_at") ?? "placed_at")
      if column == nil { return nil }
    }
    guard let column else { return nil }
    var failure: (any Error)?
    let dates = AnyIterator<String> {
      do {
        guard try stream.next() else { return nil }
        return stream.withField(column) { String(decoding: $0, as: UTF8.self) }
      } catch {
        failure = error
        return nil
      }
    }
    let order = WrittenDateTime.order(provenBy: IteratorSequence(dates))
    if let failure { throw failure }
    return order
  }

  /// Whether a file is JSON Lines (`.jsonl`, `.ndjson`) rather than CSV, by its name.
  static func isJSONLines(_ fileName: String) -> Bool {
    let lower = fileName.lowercased()
    return lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson")
  }

  /// The refusal of a mapping for a JSON Lines file, whose keys are Tally's own.
  static func mappedJSONLines(_ fileName: String) -> TallyError {
    TallyError(
      .badData,
      .invalid(
        field: nil, value: "a mapping for JSON Lines",
        expected: "a mapping for a CSV file; JSON Lines has Tally's own keys"),
      source: TallyError.Source(fileName))
  }

  static func noLines(_ fileName: String) -> TallyError {
    TallyError(
      .badData, .missing(field: "order lines", expected: "one JSON object per line"),
      source: TallyError.Source(fileName))
  }

  /// A quantity above 0 up to `OrderLineInput.quantityLimit`, whole or to the thousandth (a `+`
  /// sign and padding zeros allowed: `2.0`, as Square and Toast write quantities), or `nil`.
  static func quantity(_ bytes: UnsafeBufferPointer<UInt8>) -> Quantity? {
    guard let value = Quantity(parsing: bytes),
      OrderLineInput.quantityRange.contains(value.thousandths)
    else { return nil }
    return value
  }

  /// An amount of 0…`OrderLineInput.amountLimit` cents with at most 2 decimals, or `nil`. Plain
  /// `12.50` is read here; other spellings (`+7.5`, `.5`) by `FixedDecimal(parsing:)`.
  static func amount(_ bytes: UnsafeBufferPointer<UInt8>) -> FixedDecimal? {
    var cents: Int64 = 0
    var index = 0
    var wholeDigits = 0
    var fractionDigits = 0
    var sawPoint = false
    var plain = !bytes.isEmpty
    while index < bytes.count, plain {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "."), !sawPoint, wholeDigits > 0 {
        sawPoint = true
        continue
      }
      let digit = Int64(byte) - 0x30
      guard (0...9).contains(digit), cents <= OrderLineInput.amountLimit else {
        plain = false
        break
      }
      if sawPoint { fractionDigits += 1 } else { wholeDigits += 1 }
      cents = cents * 10 + digit
    }
    let value: FixedDecimal
    if plain, fractionDigits <= 2, !(sawPoint && fractionDigits == 0) {
      value = FixedDecimal(
        hundredths: cents * (fractionDigits == 2 ? 1 : fractionDigits == 1 ? 10 : 100))
    } else {
      guard let parsed = writtenAmount(String(decoding: bytes, as: UTF8.self)) else {
        return nil
      }
      value = parsed
    }
    return (0...OrderLineInput.amountLimit).contains(value.hundredths) ? value : nil
  }

  /// An amount as a spreadsheet or a POS export writes it: a currency sign before it (`$18.50`,
  /// `€ 4.50`, `£12`) and thousands grouped by commas (`1,234.50`), read exactly. A comma that
  /// does not group thousands (`4,25`, a comma decimal) is not taken for one: refused.
  static func writtenAmount(_ text: String) -> FixedDecimal? {
    var rest = Substring(text.trimmingCharacters(in: .whitespaces))
    if let sign = rest.first, "$€£".contains(sign) {
      rest = rest.dropFirst().drop(while: { $0 == " " })
    }
    if rest.contains(",") {
      let (whole, fraction) =
        rest.firstIndex(of: ".").map { (rest[..<$0], rest[$0...]) } ?? (rest, "")
      let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
      guard let first = groups.first, (1...3).contains(first.count),
        groups.dropFirst().allSatisfy({ $0.count == 3 }),
        groups.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
      else { return nil }
      rest = Substring(groups.joined() + fraction)
    }
    return try? FixedDecimal(parsing: String(rest))
  }

  /// A quantity, negative with a leading `-` (a refund's, as POS exports write it).
  static func signedQuantity(_ bytes: UnsafeBufferPointer<UInt8>) -> Quantity? {
    guard bytes.first == UInt8(ascii: "-") else { return quantity(bytes) }
    return quantity(UnsafeBufferPointer(rebasing: bytes[1...])).map { -$0 }
  }

  /// `signedQuantity(_:)` of a text.
  static func signedQuantity(_ text: String) -> Quantity? {
    var text = text
    return text.withUTF8 { signedQuantity($0) }
  }

  /// The text of a negative amount without its sign — `-12.50`, `(12.50)` (as accounting writes
  /// a refund), `-$12.50`, `$-12.50` — or `nil` for any other text.
  static func negated(_ text: String) -> String? {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("("), text.hasSuffix(")"), text.count > 2 {
      return String(text.dropFirst().dropLast())
    }
    if text.hasPrefix("-") { return String(text.dropFirst()) }
    if let sign = text.first, "$€£".contains(sign), text.dropFirst().hasPrefix("-") {
      return String(sign) + text.dropFirst(2)
    }
    return nil
  }

  /// An amount read by `read`, negative when written so (`negated(_:)`).
  static func signedAmount(_ text: String, read: (String) -> FixedDecimal?) -> FixedDecimal? {
    if let amount = read(text) { return amount }
    guard let unsigned = negated(text), let amount = read(unsigned) else { return nil }
    return FixedDecimal(hundredths: -amount.hundredths)
  }

  /// A line's kind, and its quantity, unit price and tax as stored (never negative), from what a
  /// file wrote. Without a kind, a negative quantity or price is a refund (`-1`, `(4.50)`, as POS
  /// exports write one); with a kind, a sign changes nothing — the kind says which way the line
  /// counts — except that a sale or a tip is never negative.
  ///
  /// - throws: `TallyError` (bad data) at `source` naming the value.
  static func line(
    kind: LineKind?, quantity: Quantity, unitPrice: FixedDecimal, tax: FixedDecimal,
    source: TallyError.Source
  ) throws -> (kind: LineKind, quantity: Quantity, unitPrice: FixedDecimal, tax: FixedDecimal) {
    let negativeSale = quantity < .zero || unitPrice.hundredths < 0
    if quantity < .zero, unitPrice.hundredths < 0 {
      throw TallyError.invalid(
        "quantity", "\(quantity) × \(unitPrice)",
        expected: "a refund's quantity or price negative, not both (-1 × -4.50 is a sale)",
        source: source)
    }
    let read = kind ?? (negativeSale ? .refund : .sale)
    if read == .sale || read == .tip, negativeSale || tax.hundredths < 0 {
      let (field, value) =
        quantity < .zero
        ? ("quantity", quantity.description)
        : unitPrice.hundredths < 0
          ? ("unit_price", unitPrice.description) : ("tax", tax.description)
      throw TallyError.invalid(
        field, value,
        expected: "0 or more on a \(read.rawValue) line (a refund's is negative, or kind refund)",
        source: source)
    }
    return (
      read, Quantity(thousandths: abs(quantity.thousandths)),
      FixedDecimal(hundredths: abs(unitPrice.hundredths)),
      FixedDecimal(hundredths: abs(tax.hundredths))
    )
  }

  /// A kind in any case.
  static func kind(_ text: String) -> LineKind? { LineKind(rawValue: text.lowercased()) }

  /// `quantity(_:)` of a text.
  static func quantity(_ text: String) -> Quantity? {
    var text = text
    return text.withUTF8 { quantity($0) }
  }

  /// `amount(_:)` of a text.
  static func amount(_ text: String) -> FixedDecimal? {
    var text = text
    return text.withUTF8 { amount($0) }
  }

  /// One JSON Lines object. Ids may be JSON strings or integers (POS exports write both);
  /// amounts are numbers or decimal strings (`FixedDecimal`'s decoding).
  private struct JSONLine: Decodable {
    let orderId: Identifier
    let storeId: Identifier
    let placedAt: String
    let status: String?
    let customerId: Identifier?
    let customerName: String?
    let itemId: Identifier?
    let itemName: String
    let itemFamily: String?
    let category: String
    let subcategory: String?
    let quantity: Scalar
    let unitPrice: Scalar
    let tax: Scalar?
    let kind: String?

    enum CodingKeys: String, CodingKey {
      case status, category, subcategory, quantity, tax, kind
      case orderId = "order_id"
      case storeId = "store_id"
      case placedAt = "placed_at"
      case customerId = "customer_id"
      case customerName = "customer_name"
      case itemId = "item_id"
      case itemName = "item_name"
      case itemFamily = "item_family"
      case unitPrice = "unit_price"
    }
  }

  /// A JSON number or string as text, so that a quantity or an amount is read by the CSV
  /// cell's rules and a bad one is echoed as sent (`"two"`, `1.005`), with its key.
  struct Scalar: Decodable {
    let text: String
    /// Whether the JSON value was a string: a quantity must be a number, as before.
    private var quoted = false

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let integer = try? container.decode(Int64.self) {
        text = String(integer)
      } else if let number = try? container.decode(Double.self) {
        text = FixedDecimal.plainText(number)
      } else if let flag = try? container.decode(Bool.self) {
        text = String(flag)
      } else {
        text = try container.decode(String.self).trimmingCharacters(in: .whitespaces)
        quoted = true
      }
    }

    /// A quantity, refused naming `field` and the value.
    func quantity(_ field: String, source: TallyError.Source) throws -> Quantity {
      guard !quoted, let quantity = signedQuantity(text) else {
        throw TallyError.invalid(
          field, text,
          expected: expectedQuantity
            + (quoted && signedQuantity(text) != nil ? ", as a JSON number" : ""),
          source: source)
      }
      return quantity
    }

    /// An amount, refused naming `field` and the value.
    func amount(_ field: String, source: TallyError.Source) throws -> FixedDecimal {
      guard let amount = signedAmount(text, read: { try? FixedDecimal(parsing: $0) }) else {
        throw TallyError.invalid(field, text, expected: expectedAmount, source: source)
      }
      return amount
    }
  }

  /// The keys of a JSON object and of the objects of its `lines`, to refuse one that is not
  /// Tally's: a misspelt optional key (`custmer_id`, `taxes`) would otherwise be dropped and the
  /// order stored without it.
  struct Keys: Decodable {
    let names: [String]
    let lines: [Keys]

    private struct Name: CodingKey {
      let stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      guard let container = try? decoder.container(keyedBy: Name.self) else {
        (names, lines) = ([], [])
        return
      }
      names = container.allKeys.map(\.stringValue)
      lines = (try? container.decode([Keys].self, forKey: Name(stringValue: "lines"))) ?? []
    }

    /// `Value` and the keys it was decoded from, read in one pass over the parsed JSON.
    struct With<Value: Decodable>: Decodable {
      let value: Value
      let keys: Keys

      init(from decoder: any Decoder) throws {
        value = try Value(from: decoder)
        keys = try Keys(from: decoder)
      }
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

  static func jsonLines(_ data: Data, fileName: String, dateOrder: DateOrder?) throws
    -> [OrderLineInput]
  {
    let decoder = JSONDecoder()
    var lines: [OrderLineInput] = []
    var problems = Problems()
    for (index, text) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated()
    {
      let source = TallyError.Source(fileName, line: index + 1)
      if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      if let line = try problems.collect({
        try jsonLine(Data(text), source: source, decoder: decoder, dateOrder: dateOrder)
      }) {
        lines.append(line)
      }
    }
    try problems.check()
    return lines
  }

  /// One JSON Lines object as a line.
  private static func jsonLine(
    _ text: Data, source: TallyError.Source, decoder: JSONDecoder, dateOrder: DateOrder?
  ) throws -> OrderLineInput {
    let object: JSONLine
    do {
      let decoded = try decoder.decode(Keys.With<JSONLine>.self, from: text)
      object = decoded.value
      try KnownNames.refuseUnknown(
        decoded.keys.names, known: required + optional, kind: .key, source: source)
    } catch {
      throw Self.describe(error, source: source)
    }
    func nonEmpty(_ text: String?) -> String? {
      guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
      return text
    }
    guard let placedAt = parsePlacedAt(object.placedAt, order: dateOrder) else {
      throw placedAtProblem(object.placedAt, order: dateOrder, source: source)
    }
    var status = OrderStatus.completed
    if let statusText = nonEmpty(object.status) {
      guard let parsed = OrderStatus(rawValue: statusText.lowercased()) else {
        throw TallyError.invalid("status", statusText, expected: expectedStatus, source: source)
      }
      status = parsed
    }
    var kind: LineKind?
    if let kindText = nonEmpty(object.kind) {
      guard let parsed = Self.kind(kindText) else {
        throw TallyError.invalid("kind", kindText, expected: expectedKind, source: source)
      }
      kind = parsed
    }
    let line = try line(
      kind: kind, quantity: try object.quantity.quantity("quantity", source: source),
      unitPrice: try object.unitPrice.amount("unit_price", source: source),
      tax: try object.tax?.amount("tax", source: source) ?? .zero, source: source)
    return try OrderLineInput(
      source: source, orderId: object.orderId.text, storeId: object.storeId.text,
      placedAt: placedAt, status: status, customerId: nonEmpty(object.customerId?.text),
      customerName: nonEmpty(object.customerName), itemId: nonEmpty(object.itemId?.text),
      itemName: object.itemName,
      category: object.category, subcategory: nonEmpty(object.subcategory),
      quantity: line.quantity, unitPrice: line.unitPrice, tax: line.tax, kind: line.kind,
      itemFamily: nonEmpty(object.itemFamily)
    ).validated()
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

  /// `parsePlacedAt(_:order:)` of bytes: a local `YYYY-MM-DD HH:MM[:SS]` is read here, anything
  /// else through the text.
  static func parsePlacedAt(_ bytes: UnsafeBufferPointer<UInt8>, order: DateOrder?) -> PlacedAt? {
    let count = bytes.count
    if count == 16 || count == 19, bytes[4] == 0x2D, bytes[7] == 0x2D,
      bytes[10] == 0x20 || bytes[10] == 0x54, bytes[13] == 0x3A, count == 16 || bytes[16] == 0x3A
    {
      func number(_ start: Int, _ length: Int) -> Int? {
        var value = 0
        for index in start..<(start + length) {
          let digit = Int(bytes[index]) - 0x30
          guard (0...9).contains(digit) else { return nil }
          value = value * 10 + digit
        }
        return value
      }
      if let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
        let hour = number(11, 2), let minute = number(14, 2),
        let second = count == 19 ? number(17, 2) : 0,
        let date = LocalDate(year: year, month: month, day: day),
        let time = TimeOfDay(hour: hour, minute: minute, second: second)
      {
        return .local(LocalDateTime(date: date, time: time))
      }
    }
    return parsePlacedAt(String(decoding: bytes, as: UTF8.self), order: order)
  }

  /// An instant with an offset or `Z` (`Instant`'s one ISO 8601 reading; `±HHMM` too, as Shopify
  /// writes `2026-02-08 13:30:45 -0600`), else a local date-time as a spreadsheet writes it
  /// (`WrittenDateTime`, slashed dates in `order`) for the store's zone to place.
  static func parsePlacedAt(_ text: String, order: DateOrder?) -> PlacedAt? {
    if let instant = Instant.parse(text, zone: nil) { return .instant(instant) }
    let offsetApart = text.replacingOccurrences(of: " -", with: "-")
      .replacingOccurrences(of: " +", with: "+")
    if offsetApart != text, let instant = Instant.parse(offsetApart, zone: nil) {
      return .instant(instant)
    }
    guard case .read(let written) = WrittenDateTime.read(text, order: order) else { return nil }
    return .local(written.local, milliseconds: written.milliseconds)
  }

  /// Why a `placed_at` was refused: both readings of an ambiguous slashed date, else the forms
  /// expected.
  static func placedAtProblem(
    _ text: String, order: DateOrder?, source: TallyError.Source, field: String = "placed_at"
  ) -> TallyError {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let date = String(trimmed.prefix { $0 != " " })
    if case .ambiguous(let monthFirst, let dayFirst) = WrittenDateTime.readDate(date, order: order)
    {
      return TallyError.invalid(
        field, text,
        expected: WrittenDateTime.expectedOneWay(monthFirst: monthFirst, dayFirst: dayFirst),
        source: source)
    }
    return TallyError.invalid(field, text, expected: expectedPlacedAt, source: source)
  }
}
