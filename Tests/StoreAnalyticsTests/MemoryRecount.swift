import AnalyticsCore
import StoreAnalytics
import StoreMemory
import StoreModel

extension MemoryStoreRepository: RecountingRepository {
  /// Each aggregate table as the memory repository holds it, beside the same figures recounted
  /// here from its orders and lines: the SQL recounts (`recountQueries`) written as loops.
  func aggregatesAndRecounts() throws -> [(
    table: String, stored: [[String]], recounted: [[String]]
  )] {
    let rows = snapshot
    let completed = rows.orders.values.filter { $0.status == .completed }
    /// Adds `values` (a count first, then amounts) into `table` at `key`.
    func add(_ table: inout [[String]: [Int64]], _ key: [String], _ values: [Int64]) {
      let sums = table[key] ?? Array(repeating: 0, count: values.count)
      table[key] = zip(sums, values).map { $0 + $1 }
    }
    func sorted(_ table: [[String]: [Int64]]) -> [[String]] {
      table.map { $0 + $1.map(String.init) }.sorted { $0.lexicographicallyPrecedes($1) }
    }
    func sorted(_ rows: [[String]]) -> [[String]] {
      rows.sorted { $0.lexicographicallyPrecedes($1) }
    }

    var days: [[String]: [Int64]] = [:]
    var dayCustomerIds: [[String]: Set<String>] = [:]
    var dayCustomers: [[String]: [Int64]] = [:]
    var hours: [[String]: [Int64]] = [:]
    var hourTotals: [[String]: [Int64]] = [:]
    var statuses: [[String]: [Int64]] = [:]
    var kinds: [[String]: [Int64]] = [:]
    var items: [[String]: [Int64]] = [:]
    var categories: [[String]: [Int64]] = [:]
    for order in rows.orders.values where order.status != .completed {
      add(
        &statuses, [order.storeId, "\(order.localDate)", order.status.rawValue],
        [1, order.subtotal.hundredths])
    }
    for order in completed {
      let day = [order.storeId, "\(order.localDate)"]
      add(&days, day, [1, order.subtotal.hundredths, order.tax.hundredths, order.total.hundredths])
      if let customer = order.customerId, !customer.isEmpty {
        dayCustomerIds[day, default: []].insert(customer)
        if let key = rows.customers[customer] { add(&dayCustomers, day + ["\(key)"], [1]) }
      }
      add(&hours, day + ["\(order.localHour)"], [1, order.subtotal.hundredths])
      add(&hourTotals, [order.storeId, "\(order.localHour)"], [1, order.subtotal.hundredths])
      var kindsSeen = Set<LineKind>()
      var itemsSeen = Set<Int64>()
      var categoriesSeen = Set<CategoryKey>()
      for line in rows.lines[order.key] ?? [] {
        add(
          &kinds, day + [line.kind.rawValue],
          [kindsSeen.insert(line.kind).inserted ? 1 : 0, line.subtotal.hundredths])
        guard line.kind == .sale else { continue }
        let amounts = [line.quantity.thousandths, line.subtotal.hundredths]
        add(
          &items, [order.storeId, "\(line.menuItemId)"],
          [itemsSeen.insert(line.menuItemId).inserted ? 1 : 0] + amounts)
        add(
          &categories, [order.storeId, line.category.category, line.category.subcategory],
          [categoriesSeen.insert(line.category).inserted ? 1 : 0] + amounts)
      }
    }
    let recountedDays = days.map { key, sums in
      key + sums.map(String.init) + ["\(dayCustomerIds[key]?.count ?? 0)"]
    }

    func money(_ value: FixedDecimal) -> String { "\(value.hundredths)" }
    return [
      (
        "store_day",
        sorted(
          rows.days.values.map { row in
            [
              row.storeId, "\(row.date)", "\(row.orders)", money(row.revenue), money(row.tax),
              money(row.total), "\(row.customers)",
            ]
          }), sorted(recountedDays)
      ),
      (
        "store_day_customer",
        sorted(
          rows.dayCustomers.map { key, orders in
            [key.storeId, "\(key.date)", "\(key.customerKey)", "\(orders)"]
          }), sorted(dayCustomers)
      ),
      (
        "store_hour",
        sorted(
          rows.hours.values.map {
            [$0.storeId, "\($0.date)", "\($0.hour)", "\($0.orders)", money($0.revenue)]
          }), sorted(hours)
      ),
      (
        "store_hour_total",
        sorted(
          rows.hourTotals.values.map {
            [$0.storeId, "\($0.hour)", "\($0.orders)", money($0.revenue)]
          }), sorted(hourTotals)
      ),
      (
        "store_day_status",
        sorted(
          rows.statuses.values.map {
            [$0.storeId, "\($0.date)", $0.status.rawValue, "\($0.orders)", money($0.amount)]
          }), sorted(statuses)
      ),
      (
        "store_day_kind",
        sorted(
          rows.kinds.values.map {
            [$0.storeId, "\($0.date)", $0.kind.rawValue, "\($0.orders)", money($0.amount)]
          }), sorted(kinds)
      ),
      (
        "item_total",
        sorted(
          rows.itemTotals.values.map {
            [
              $0.storeId, "\($0.menuItemId)", "\($0.orders)", "\($0.quantity.thousandths)",
              money($0.revenue),
            ]
          }), sorted(items)
      ),
      (
        "category_total",
        sorted(
          rows.categories.values.map {
            [
              $0.storeId, $0.category, $0.subcategory, "\($0.orders)",
              "\($0.items.thousandths)", money($0.revenue),
            ]
          }), sorted(categories)
      ),
    ]
  }

  /// Lines without their order or item, orders without their store, customer rows without a
  /// customer.
  func danglingReferences() throws -> Int {
    let rows = snapshot
    let customerKeys = Set(rows.customers.values)
    return rows.lines.values.joined().count {
      rows.orders[$0.orderKey] == nil || rows.items[$0.menuItemId] == nil
    } + rows.orders.values.count { rows.shops[$0.storeId] == nil }
      + rows.dayCustomers.keys.count { !customerKeys.contains($0.customerKey) }
  }

  /// No schema: nothing to compare.
  func indexDefinitions() throws -> [String] { [] }
}
