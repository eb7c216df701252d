import AnalyticsCore

// The rows of the aggregate tables, one value per table: what a backend keeps and an import's
// changes (`AggregateChanges`) add to, as signed differences.

/// Completed orders of a store on a local day, kept by every import.
public struct StoreDay: Sendable, Equatable {
  public var storeId: String
  public var date: LocalDate
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ subtotals (before tax).
  public var revenue: FixedDecimal
  public var tax: FixedDecimal
  /// Σ totals (subtotal + tax).
  public var total: FixedDecimal
  /// Distinct customers that day, counted from `StoreDayCustomer` (not a delta).
  public var customers: Int

  public init(
    storeId: String, date: LocalDate, orders: Int, revenue: FixedDecimal, tax: FixedDecimal,
    total: FixedDecimal, customers: Int
  ) {
    self.storeId = storeId
    self.date = date
    self.orders = orders
    self.revenue = revenue
    self.tax = tax
    self.total = total
    self.customers = customers
  }
}

/// A customer's completed orders at a store on a local day: a customer is on a day while the
/// count is above zero, so replacing an order can take them off exactly.
public struct StoreDayCustomer: Sendable, Equatable {
  public var storeId: String
  public var date: LocalDate
  public var customerKey: Int64
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int

  public init(storeId: String, date: LocalDate, customerKey: Int64, orders: Int) {
    self.storeId = storeId
    self.date = date
    self.customerKey = customerKey
    self.orders = orders
  }
}

/// Cancelled or refunded orders of a store on a local day: they count in no sales figure, and
/// metrics report them beside the sales.
public struct StoreDayStatus: Sendable, Equatable {
  public var storeId: String
  public var date: LocalDate
  /// `cancelled` or `refunded`, never `completed`.
  public var status: OrderStatus
  /// Orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ their subtotals (before tax): the revenue they would have been.
  public var amount: FixedDecimal

  public init(
    storeId: String, date: LocalDate, status: OrderStatus, orders: Int, amount: FixedDecimal
  ) {
    self.storeId = storeId
    self.date = date
    self.status = status
    self.orders = orders
    self.amount = amount
  }
}

/// The lines of one kind in a store's completed orders on a local day, kept by every import.
public struct StoreDayKind: Sendable, Equatable {
  public var storeId: String
  public var date: LocalDate
  public var kind: LineKind
  /// Orders with such lines; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ the lines' amounts (quantity × unit price, positive whatever the kind).
  public var amount: FixedDecimal

  public init(storeId: String, date: LocalDate, kind: LineKind, orders: Int, amount: FixedDecimal) {
    self.storeId = storeId
    self.date = date
    self.kind = kind
    self.orders = orders
    self.amount = amount
  }
}

/// Completed orders of a store in a local hour of a local day.
public struct StoreHour: Sendable, Equatable {
  public var storeId: String
  public var date: LocalDate
  /// 0–23.
  public var hour: Int
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ subtotals (before tax).
  public var revenue: FixedDecimal

  public init(storeId: String, date: LocalDate, hour: Int, orders: Int, revenue: FixedDecimal) {
    self.storeId = storeId
    self.date = date
    self.hour = hour
    self.orders = orders
    self.revenue = revenue
  }
}

/// Completed orders of a store in a local hour over all time: all-time time-of-day questions
/// read 24 rows instead of every day's hours.
public struct StoreHourTotal: Sendable, Equatable {
  public var storeId: String
  /// 0–23.
  public var hour: Int
  /// Completed orders; in an import's changes, the signed difference.
  public var orders: Int
  /// Σ subtotals (before tax).
  public var revenue: FixedDecimal

  public init(storeId: String, hour: Int, orders: Int, revenue: FixedDecimal) {
    self.storeId = storeId
    self.hour = hour
    self.orders = orders
    self.revenue = revenue
  }
}

/// Sales of a menu item at a store over all time.
public struct ItemTotal: Sendable, Equatable {
  public var storeId: String
  public var menuItemId: Int64
  /// Distinct completed orders holding the item; in an import's changes, the signed difference.
  public var orders: Int
  public var quantity: Quantity
  /// Σ line subtotals.
  public var revenue: FixedDecimal

  public init(
    storeId: String, menuItemId: Int64, orders: Int, quantity: Quantity, revenue: FixedDecimal
  ) {
    self.storeId = storeId
    self.menuItemId = menuItemId
    self.orders = orders
    self.quantity = quantity
    self.revenue = revenue
  }
}

/// Sales of a menu item at a store in one calendar month (completed orders, sale lines): what a
/// window's items are summed from over its whole months, so that a year's menu reads about 480
/// rows, not 42,000 order lines. A backend may keep it or not (`AggregateChanges.itemMonths`).
public struct ItemMonthTotal: Sendable, Equatable {
  public var storeId: String
  /// The month's first day.
  public var month: LocalDate
  public var menuItemId: Int64
  /// Distinct completed orders of the month holding the item; in changes, the signed difference.
  public var orders: Int
  public var quantity: Quantity
  /// Σ line subtotals.
  public var revenue: FixedDecimal

  public init(
    storeId: String, month: LocalDate, menuItemId: Int64, orders: Int, quantity: Quantity,
    revenue: FixedDecimal
  ) {
    self.storeId = storeId
    self.month = month
    self.menuItemId = menuItemId
    self.orders = orders
    self.quantity = quantity
    self.revenue = revenue
  }
}

/// Sales of a category at a store over all time, each line counted under the category it was
/// sold under.
public struct CategoryTotal: Sendable, Equatable {
  public var storeId: String
  public var category: String
  /// '' when none: part of the key, which cannot hold NULL usefully.
  public var subcategory: String
  /// Distinct completed orders holding the category; in an import's changes, the difference.
  public var orders: Int
  /// Items sold (Σ quantity).
  public var items: Quantity
  /// Σ line subtotals.
  public var revenue: FixedDecimal

  public init(
    storeId: String, category: String, subcategory: String, orders: Int, items: Quantity,
    revenue: FixedDecimal
  ) {
    self.storeId = storeId
    self.category = category
    self.subcategory = subcategory
    self.orders = orders
    self.items = items
    self.revenue = revenue
  }
}

/// Sales of a category at a store in a calendar month, each line under the category it was sold
/// under (SQLite's `category_month`): a window's categories sum its whole months from these.
public struct CategoryMonthTotal: Sendable, Equatable {
  public var storeId: String
  /// The month's first day.
  public var month: LocalDate
  public var category: String
  /// '' when none.
  public var subcategory: String
  /// Distinct completed orders of the month holding the category; in changes, the difference.
  public var orders: Int
  public var items: Quantity
  /// Σ line subtotals.
  public var revenue: FixedDecimal

  public init(
    storeId: String, month: LocalDate, category: String, subcategory: String, orders: Int,
    items: Quantity, revenue: FixedDecimal
  ) {
    self.storeId = storeId
    self.month = month
    self.category = category
    self.subcategory = subcategory
    self.orders = orders
    self.items = items
    self.revenue = revenue
  }
}
