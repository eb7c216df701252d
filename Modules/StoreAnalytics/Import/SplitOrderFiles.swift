import AnalyticsCore
import DataFormats
import Foundation

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
  /// - throws: `StoreError` naming the file, line and column of the first problem (a missing
  ///   column, an unknown order or item, a bad quantity, price, date or time).
  public static func lines(
    orders: (name: String, data: Data), lines: (name: String, data: Data),
    items: (name: String, data: Data), types: (name: String, data: Data), storeId: String
  ) throws -> [OrderLineInput] {
    func table(_ file: (name: String, data: Data), _ columns: [String]) throws -> [(
      line: Int, fields: [String]
    )] {
      let records: [CSVRecord]
      do { records = try CSVReader(data: file.data).records() } catch {
        throw StoreError(.badData, "\(file.name): \(error)")
      }
      guard let first = records.first else {
        throw StoreError(
          .badData,
          "\(file.name) is empty: expected a header with " + columns.joined(separator: ", "))
      }
      let header = CSVHeader(first)
      let positions = try columns.map { column -> Int in
        guard let position = header.position(of: column) else {
          throw StoreError(
            .badData,
            "\(file.name) line 1: no \(column) column: expected " + columns.joined(separator: ", "))
        }
        return position
      }
      return try records.dropFirst().filter { !$0.isBlank }.map { record in
        guard positions.allSatisfy({ $0 < record.fields.count }) else {
          throw StoreError(
            .badData, "\(file.name) line \(record.line): expected \(columns.count) columns")
        }
        return (
          record.line, positions.map { record.fields[$0].trimmingCharacters(in: .whitespaces) }
        )
      }
    }
    var typeByID: [String: (name: String, category: String)] = [:]
    for row in try table(types, ["pizza_type_id", "name", "category"]) {
      typeByID[row.fields[0]] = (row.fields[1], row.fields[2])
    }
    var itemByID: [String: (name: String, category: String, size: String, price: FixedDecimal)] =
      [:]
    for row in try table(items, ["pizza_id", "pizza_type_id", "size", "price"]) {
      guard let type = typeByID[row.fields[1]] else {
        throw StoreError(
          .badData,
          "\(items.name) line \(row.line), column pizza_type_id: unknown type \"\(row.fields[1])\"")
      }
      guard let price = try? FixedDecimal(parsing: row.fields[3]), price >= .zero else {
        throw StoreError(
          .badData,
          "\(items.name) line \(row.line), column price: \"\(row.fields[3])\" is not an amount")
      }
      itemByID[row.fields[0]] = (
        "\(type.name) (\(row.fields[2]))", type.category, row.fields[2], price
      )
    }
    var placed: [String: LocalDateTime] = [:]
    for row in try table(orders, ["order_id", "date", "time"]) {
      guard let when = try? LocalDateTime(parsing: row.fields[1] + " " + row.fields[2]) else {
        throw StoreError(
          .badData,
          "\(orders.name) line \(row.line), column date/time: \"\(row.fields[1]) \(row.fields[2])\" is not a local date and time"
        )
      }
      placed[row.fields[0]] = when
    }
    return try table(lines, ["order_id", "pizza_id", "quantity"]).map { row in
      let location = "\(lines.name) line \(row.line)"
      guard let when = placed[row.fields[0]] else {
        throw StoreError(
          .badData, "\(location), column order_id: no order \"\(row.fields[0])\" in \(orders.name)")
      }
      guard let item = itemByID[row.fields[1]] else {
        throw StoreError(
          .badData, "\(location), column pizza_id: no item \"\(row.fields[1])\" in \(items.name)")
      }
      guard let quantity = Int(row.fields[2]), quantity >= 1 else {
        throw StoreError(
          .badData,
          "\(location), column quantity: \"\(row.fields[2])\" is not a whole number of at least 1")
      }
      return OrderLineInput(
        location: location, orderId: row.fields[0], storeId: storeId, placedAt: .local(when),
        itemId: row.fields[1], itemName: item.name, category: item.category, subcategory: item.size,
        quantity: quantity, unitPrice: item.price)
    }
  }
}
