import AnalyticsCore
import DataFormats
import Foundation
import StoreModel

/// Turns a sales data set kept in four files — orders (`order_id, date, time`), order lines
/// (`order_details_id, order_id, pizza_id, quantity`), items (`pizza_id, pizza_type_id, size,
/// price`) and item types (`pizza_type_id, name, category, ingredients`) — into order lines for
/// one store. This is the layout of the Maven Analytics pizza sales set in `../shared/data`.
///
/// Each item becomes a menu item with the type's name and its size (`The Hawaiian Pizza (M)`),
/// the type's category, and the size as subcategory; orders are placed at their local date and
/// time in the store's zone and are completed.
public enum SplitOrderFiles {
  /// The order lines, in the order-lines file's order.
  ///
  /// - throws: `TallyError` naming the file, line and column of the first problem (a missing
  ///   column, an unknown order or item, an order, item or type given twice, a bad quantity,
  ///   price, date or time).
  public static func lines(
    orders: (name: String, data: Data), lines: (name: String, data: Data),
    items: (name: String, data: Data), types: (name: String, data: Data), storeId: String
  ) throws -> [OrderLineInput] {
    func table(
      _ file: (name: String, data: Data), _ columns: [String], optional: [String] = []
    ) throws -> [CSVTable.Row] {
      var problems = Problems()
      let rows = try CSVTable(
        file.data, fileName: file.name, required: columns, optional: optional,
        problems: &problems
      ).rows
      try problems.check()
      return rows
    }
    /// The lines ids were first seen on, per column: an id given twice would have its second
    /// row replace the first without a word, so it is refused naming both.
    var firstLines: [String: [String: Int]] = [:]
    func unique(_ column: String, of row: CSVTable.Row) throws -> String {
      let id = try row.required(column)
      if let first = firstLines[column]?[id] {
        throw TallyError.invalid(
          column, id, expected: "each \(column) once (line \(first) has it too)",
          source: row.source)
      }
      firstLines[column, default: [:]][id] = row.source.line ?? 0
      return id
    }
    var typeByID: [String: (name: String, category: String)] = [:]
    for row in try table(types, ["pizza_type_id", "name", "category"], optional: ["ingredients"]) {
      typeByID[try unique("pizza_type_id", of: row)] = (
        try row.required("name"), try row.required("category")
      )
    }
    var itemByID: [String: (name: String, category: String, size: String, price: FixedDecimal)] =
      [:]
    for row in try table(items, ["pizza_id", "pizza_type_id", "size", "price"]) {
      let typeId = try row.required("pizza_type_id")
      guard let type = typeByID[typeId] else {
        throw TallyError.invalid(
          "pizza_type_id", typeId, expected: "a type in \(types.name)", source: row.source)
      }
      let priceText = try row.required("price")
      guard let price = OrderLineFile.amount(priceText) else {
        throw TallyError.invalid(
          "price", priceText, expected: OrderLineFile.expectedAmount, source: row.source)
      }
      let size = try row.required("size")
      itemByID[try unique("pizza_id", of: row)] = (
        "\(type.name) (\(size))", type.category, size, price
      )
    }
    var placed: [String: LocalDateTime] = [:]
    for row in try table(orders, ["order_id", "date", "time"]) {
      let text = try row.required("date") + " " + row.required("time")
      guard let when = try? LocalDateTime(parsing: text) else {
        throw TallyError.invalid(
          "date/time", text, expected: "a local date and time (2015-01-01 11:38:36)",
          source: row.source)
      }
      placed[try unique("order_id", of: row)] = when
    }
    return try table(lines, ["order_id", "pizza_id", "quantity"], optional: ["order_details_id"])
      .map { row in
        let orderId = try row.required("order_id")
        guard let when = placed[orderId] else {
          throw TallyError.invalid(
            "order_id", orderId, expected: "an order in \(orders.name)", source: row.source)
        }
        let itemId = try row.required("pizza_id")
        guard let item = itemByID[itemId] else {
          throw TallyError.invalid(
            "pizza_id", itemId, expected: "an item in \(items.name)", source: row.source)
        }
        let quantityText = try row.required("quantity")
        guard let quantity = OrderLineFile.quantity(quantityText) else {
          throw TallyError.invalid(
            "quantity", quantityText, expected: OrderLineFile.expectedQuantity, source: row.source)
        }
        return try OrderLineInput(
          source: row.source, orderId: orderId, storeId: storeId, placedAt: .local(when),
          itemId: itemId, itemName: item.name, category: item.category, subcategory: item.size,
          quantity: quantity, unitPrice: item.price
        ).validated()
      }
  }
}
