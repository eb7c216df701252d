import AnalyticsCore
import DataFormats
import Foundation
import StoreModel

/// Orders as a POS sends them over HTTP: one order object or an array of them, each with its
/// lines nested — the import's fields as JSON:
/// `order_id, placed_at, status?, customer_id?, customer_name?, lines[{item_id?, item_name,
/// category, subcategory?, quantity, unit_price, tax?, kind?}]`. The store is the one the POS key
/// belongs to.
///
/// Read into the import's own `OrderLineInput`s and checked by the same rules
/// (`OrderLineInput.validated()`), so a POS and a file import accept the same orders.
public enum POSOrderBody {
  /// The lines of every order in `data`, for store `storeId`.
  ///
  /// - throws: `TallyError` (bad data) naming the order (`order 2`) and field of the first bad
  ///   value.
  public static func lines(_ data: Data, storeId: String) throws -> [OrderLineInput] {
    typealias Decoded = OrderLineFile.Keys.With<Order>
    let decoded: [Decoded]
    // An array when the first byte that is not white space opens one.
    let isArray =
      data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "[")
    do {
      decoded =
        isArray
        ? try JSONDecoder().decode([Decoded].self, from: data)
        : [try JSONDecoder().decode(Decoded.self, from: data)]
    } catch let error as DecodingError {
      throw describe(error)
    }
    var lines: [OrderLineInput] = []
    for (index, (order, keys)) in decoded.map({ ($0.value, $0.keys) }).enumerated() {
      let source = TallyError.Source("order \(index + 1)")
      try KnownNames.refuseUnknown(
        keys.names, known: Order.CodingKeys.allCases.map(\.rawValue), kind: .key, source: source)
      for (number, line) in keys.lines.enumerated() {
        try KnownNames.refuseUnknown(
          line.names, known: Line.CodingKeys.allCases.map(\.rawValue), kind: .key,
          field: { "lines[\(number)].\($0)" }, source: source)
      }
      guard let placedAt = OrderLineFile.parsePlacedAt(order.placedAt, order: nil) else {
        throw TallyError.invalid(
          "placed_at", order.placedAt, expected: OrderLineFile.expectedPlacedAt, source: source)
      }
      var status = OrderStatus.completed
      if let text = order.status, !text.isEmpty {
        guard let parsed = OrderStatus(rawValue: text.lowercased()) else {
          throw TallyError.invalid(
            "status", text, expected: OrderLineFile.expectedStatus, source: source)
        }
        status = parsed
      }
      guard !order.lines.isEmpty else {
        throw TallyError(
          .badData, .missing(field: "lines", expected: "at least one line"),
          source: source)
      }
      for (number, line) in order.lines.enumerated() {
        let field = "lines[\(number)]."
        var kind: LineKind?
        if let text = line.kind, !text.isEmpty {
          guard let parsed = OrderLineFile.kind(text) else {
            throw TallyError.invalid(
              field + "kind", text, expected: OrderLineFile.expectedKind, source: source)
          }
          kind = parsed
        }
        // The import's reading of signs and kinds: a negative quantity or price is a refund.
        let read = try OrderLineFile.line(
          kind: kind, quantity: try line.quantity.quantity(field + "quantity", source: source),
          unitPrice: try line.unitPrice.amount(field + "unit_price", source: source),
          tax: try line.tax?.amount(field + "tax", source: source) ?? .zero, source: source)
        lines.append(
          try OrderLineInput(
            source: source, orderId: order.orderId.text, storeId: storeId, placedAt: placedAt,
            status: status, customerId: order.customerId?.text,
            customerName: order.customerName.flatMap { $0.isEmpty ? nil : $0 },
            itemId: line.itemId?.text,
            itemName: line.itemName, category: line.category, subcategory: line.subcategory,
            quantity: read.quantity, unitPrice: read.unitPrice, tax: read.tax, kind: read.kind
          ).validated())
      }
    }
    return lines
  }

  /// The new status of an order (`PATCH … {status}`).
  ///
  /// - throws: `TallyError` (bad data) for anything but completed, cancelled or refunded.
  public static func status(_ text: String) throws -> OrderStatus {
    guard let status = OrderStatus(rawValue: text.lowercased()) else {
      throw TallyError.invalid("status", text, expected: OrderLineFile.expectedStatus)
    }
    return status
  }

  private struct Order: Decodable {
    let orderId: OrderLineFile.Identifier
    let placedAt: String
    let status: String?
    let customerId: OrderLineFile.Identifier?
    let customerName: String?
    let lines: [Line]

    /// In the order the documentation lists them, as a refusal of an unknown key does.
    enum CodingKeys: String, CodingKey, CaseIterable {
      case orderId = "order_id"
      case placedAt = "placed_at"
      case status
      case customerId = "customer_id"
      case customerName = "customer_name"
      case lines
    }
  }

  private struct Line: Decodable {
    let itemId: OrderLineFile.Identifier?
    let itemName: String
    let category: String
    let subcategory: String?
    let quantity: OrderLineFile.Scalar
    let unitPrice: OrderLineFile.Scalar
    let tax: OrderLineFile.Scalar?
    let kind: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case itemId = "item_id"
      case itemName = "item_name"
      case category, subcategory, quantity
      case unitPrice = "unit_price"
      case tax, kind
    }
  }

  /// The field a decoding error points at (`lines[0].quantity`).
  private static func describe(_ error: DecodingError) -> TallyError {
    func path(_ keys: [any CodingKey]) -> String { CodingPathText.text(keys) }
    switch error {
    case .keyNotFound(let key, let context):
      return TallyError(
        .badData, .missing(field: path(context.codingPath + [key]), expected: "a value"))
    case .valueNotFound(_, let context), .typeMismatch(_, let context),
      .dataCorrupted(let context):
      return TallyError(
        .badData,
        .invalid(
          field: context.codingPath.isEmpty ? nil : path(context.codingPath), value: "the value",
          expected: context.codingPath.isEmpty
            ? "an order object or an array of them" : "a valid value"))
    @unknown default:
      return TallyError.refused("expected an order object or an array of them")
    }
  }
}
