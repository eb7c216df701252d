import AnalyticsCore
import StoreModel

/// A customer's completed orders at a store within a window, under the latest name the POS gave.
public struct CustomerTotals: Sendable, Equatable {
  public let customerId: String
  /// The name given with their latest named order, if any was.
  public let name: String?
  public let orders: Int
  /// Net sales of their orders.
  public let spent: FixedDecimal
  /// Their first and latest order within the window.
  public let firstOrder: Instant
  public let lastOrder: Instant
  /// Their first day with a completed order at the store, before the window or in it.
  public let firstDay: LocalDate?

  public var averageOrderValue: FixedDecimal { spent.divided(by: orders) }
}

/// Who bought at a store within a window, as Square's and Toast's customer pages count it:
/// customers are the POS's customer ids on completed orders; an order without one is counted
/// apart, never as a customer.
public struct CustomerSummary: Sendable, Equatable {
  public let storeId: String
  public let range: DayRange
  /// Distinct customers with a completed order in the window.
  public let customers: Int
  /// Customers whose first order at the store is in the window.
  public let newCustomers: Int
  /// Customers who had ordered before the window.
  public let returningCustomers: Int
  /// Customers of the window with two or more orders to date (through the window's end).
  public let repeatCustomers: Int
  public let ordersWithCustomer: Int
  public let ordersWithoutCustomer: Int
  /// Net sales of the customers' orders, and of the orders without one.
  public let customerSales: FixedDecimal
  public let salesWithoutCustomer: FixedDecimal
  /// The largest and smallest order of the window, whoever placed it.
  public let extremes: OrderExtremes?
  /// Customers by spend, highest first (ties: more orders, then the id in byte order).
  public let ranked: [CustomerTotals]

  /// Repeat customers as a percentage of customers, to the tenth (migration 024's
  /// `ROUND(… * 100, 1)`); `nil` without a customer.
  public var repeatRate: Double? {
    guard customers > 0 else { return nil }
    return Double((2 * repeatCustomers * 1000 + customers) / (2 * customers)) / 10
  }

  /// Net sales per customer; `nil` without a customer.
  public var averageSpend: FixedDecimal? {
    customers > 0 ? customerSales.divided(by: customers) : nil
  }

  /// Orders per customer, to the hundredth; `nil` without a customer.
  public var ordersPerCustomer: FixedDecimal? {
    guard customers > 0 else { return nil }
    return FixedDecimal(
      hundredths: Int64((2 * ordersWithCustomer * 100 + customers) / (2 * customers)))
  }

  public var orders: Int { ordersWithCustomer + ordersWithoutCustomer }
  public var revenue: FixedDecimal { customerSales + salesWithoutCustomer }
}

extension ShopAnalytics {
  /// Migration 024's `analytics_top_customers` keeps the first 100.
  public static let topCustomerRows = 100

  /// The store's customers within `range` (all time through `range.end` when it starts at the
  /// first supported day).
  ///
  /// A customer whose first day at the store is before the window is returning, and they have
  /// two orders to date when they are returning or ordered twice in the window: the window's
  /// orders and each customer's first day answer both, never the store's history (reading the
  /// orders to date took 58 of `customers --range year`'s 110 ms at 1M orders).
  public func customers(of store: KnownStore, range: DayRange) throws -> CustomerSummary {
    let window = try repository.customerSales(of: store.id, in: range)
    let customers = Self.join(window)
    let without = window.filter { $0.customerId == nil }
    var returning = 0
    var repeating = 0
    for customer in customers {
      let returns = customer.firstDay.map { $0 < range.start } ?? false
      if returns { returning += 1 }
      if returns || customer.orders >= 2 { repeating += 1 }
    }
    return CustomerSummary(
      storeId: store.id, range: range, customers: customers.count,
      newCustomers: customers.count - returning, returningCustomers: returning,
      repeatCustomers: repeating, ordersWithCustomer: customers.map(\.orders).reduce(0, +),
      ordersWithoutCustomer: without.map(\.orders).reduce(0, +),
      customerSales: customers.map(\.spent).sum(), salesWithoutCustomer: without.map(\.spent).sum(),
      extremes: try repository.orderExtremes(of: store.id, in: range), ranked: customers)
  }

  /// The store's customers of all time through `asOf`.
  public func customers(of store: KnownStore, asOf: LocalDate) throws -> CustomerSummary {
    try customers(
      of: store, range: try DayRange(start: LocalDate.supportedRange.lowerBound, end: asOf))
  }

  /// Migration 024's store summary: each store's customers of all time through its own as-of
  /// day, highest revenue first (ties by store id in byte order).
  public func storeSummaries(_ stores: [KnownStore], asOf: (Zone) -> LocalDate) throws
    -> [(store: KnownStore, summary: CustomerSummary)]
  {
    try stores.map { ($0, try customers(of: $0, asOf: asOf($0.zone))) }.sorted {
      $0.1.revenue != $1.1.revenue
        ? $0.1.revenue > $1.1.revenue : $0.0.id.utf8.lexicographicallyPrecedes($1.0.id.utf8)
    }
  }

  /// Each customer's groups (one per name) as one, under the name of their latest named order;
  /// ranked by spend.
  static func join(_ rows: [CustomerSales]) -> [CustomerTotals] {
    var byId: [String: [CustomerSales]] = [:]
    for row in rows {
      guard let id = row.customerId else { continue }
      byId[id, default: []].append(row)
    }
    let joined = byId.map { id, groups in
      // Two names on the same latest instant: the one first in byte order, on every backend.
      let named = groups.filter { $0.name != nil }.max { a, b in
        a.lastOrder != b.lastOrder
          ? a.lastOrder < b.lastOrder : b.name!.utf8.lexicographicallyPrecedes(a.name!.utf8)
      }
      return CustomerTotals(
        customerId: id, name: named?.name, orders: groups.map(\.orders).reduce(0, +),
        spent: groups.map(\.spent).sum(), firstOrder: groups.map(\.firstOrder).min()!,
        lastOrder: groups.map(\.lastOrder).max()!, firstDay: groups.compactMap(\.firstDay).min())
    }
    return joined.sorted { a, b in
      if a.spent != b.spent { return a.spent > b.spent }
      if a.orders != b.orders { return a.orders > b.orders }
      return a.customerId.utf8.lexicographicallyPrecedes(b.customerId.utf8)
    }
  }
}
