import AnalyticsCore
import GRDB
import Storage
import StoreModel

// The store's values as GRDB records: each table's name and columns, and how a row becomes a
// value and back. Read and written column by column rather than through `Codable`: charts read a
// year of days per request, and keyed decoding cost several times as much (`tally-bench store`).
// Money is INTEGER cents, days `YYYY-MM-DD` text, instants INTEGER milliseconds (Storage's
// `DatabaseValueConvertible` conformances).

extension Shop: FetchableRecord, PersistableRecord {
  public static let databaseTableName = "shop"

  public enum Columns {
    static let id = Column("id")
    static let name = Column("name")
    static let timeZone = Column("time_zone")
  }

  public init(row: Row) throws {
    self.init(id: row[Columns.id], name: row[Columns.name], timeZone: row[Columns.timeZone])
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.name] = name
    container[Columns.timeZone] = timeZone
  }
}

extension MenuItem: FetchableRecord, PersistableRecord {
  public static let databaseTableName = "menu_item"

  public enum Columns {
    static let id = Column("id")
    static let externalId = Column("external_id")
    static let name = Column("name")
    static let category = Column("category")
    static let subcategory = Column("subcategory")
    static let price = Column("price_cents")
    static let family = Column("family")
  }

  public init(row: Row) throws {
    self.init(
      id: row[Columns.id], externalId: row[Columns.externalId], name: row[Columns.name],
      category: row[Columns.category], subcategory: row[Columns.subcategory],
      price: row[Columns.price], family: row[Columns.family])
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.externalId] = externalId
    container[Columns.name] = name
    container[Columns.category] = category
    container[Columns.subcategory] = subcategory
    container[Columns.price] = price
    container[Columns.family] = family
  }
}

extension StoreOrder: FetchableRecord, PersistableRecord {
  public static let databaseTableName = "store_order"

  public enum Columns {
    static let key = Column("key")
    static let id = Column("id")
    static let storeId = Column("store_id")
    static let customerId = Column("customer_id")
    static let customerName = Column("customer_name")
    static let placedAt = Column("placed_at")
    static let wallClock = Column("wall_clock")
    static let localDate = Column("local_date")
    static let localHour = Column("local_hour")
    static let status = Column("status")
    static let subtotal = Column("subtotal_cents")
    static let tax = Column("tax_cents")
    static let total = Column("total_cents")
  }

  public init(row: Row) throws {
    self.init(
      key: row[Columns.key], id: row[Columns.id], storeId: row[Columns.storeId],
      customerId: row[Columns.customerId], customerName: row[Columns.customerName],
      placedAt: row[Columns.placedAt],
      wallClock: row[Columns.wallClock], localDate: row[Columns.localDate],
      localHour: row[Columns.localHour],
      status: OrderStatus(rawValue: row[Columns.status]) ?? .cancelled,
      subtotal: row[Columns.subtotal], tax: row[Columns.tax], total: row[Columns.total])
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.key] = key
    container[Columns.id] = id
    container[Columns.storeId] = storeId
    container[Columns.customerId] = customerId
    container[Columns.customerName] = customerName
    container[Columns.placedAt] = placedAt
    container[Columns.wallClock] = wallClock
    container[Columns.localDate] = localDate
    container[Columns.localHour] = localHour
    container[Columns.status] = status.rawValue
    container[Columns.subtotal] = subtotal
    container[Columns.tax] = tax
    container[Columns.total] = total
  }

  /// Whether the database holds any order (a first import finds none).
  static func anyStored(_ db: Database) throws -> Bool {
    try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM store_order)")) ?? false
  }
}

extension DerivableRequest<StoreOrder> {
  /// Orders of one store.
  func placed(at storeId: String) -> Self { filter(StoreOrder.Columns.storeId == storeId) }
}

extension OrderLine: FetchableRecord, PersistableRecord {
  public static let databaseTableName = "order_line"

  public enum Columns {
    static let orderKey = Column("order_key")
    static let lineNo = Column("line_no")
    static let menuItemId = Column("menu_item_id")
    static let itemName = Column("item_name")
    static let unitPrice = Column("unit_price_cents")
    static let quantity = Column("quantity_thousandths")
    static let subtotal = Column("subtotal_cents")
    static let tax = Column("tax_cents")
    static let category = Column("category")
    static let subcategory = Column("subcategory")
    static let kind = Column("kind")
  }

  public init(row: Row) throws {
    self.init(
      orderKey: row[Columns.orderKey], lineNo: row[Columns.lineNo],
      menuItemId: row[Columns.menuItemId], itemName: row[Columns.itemName],
      unitPrice: row[Columns.unitPrice],
      quantity: Quantity(thousandths: row[Columns.quantity]),
      subtotal: row[Columns.subtotal], tax: row[Columns.tax],
      category: CategoryKey(category: row[Columns.category], subcategory: row[Columns.subcategory]),
      // The column's CHECK allows only the kinds.
      kind: LineKind(rawValue: row[Columns.kind]) ?? .sale)
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.orderKey] = orderKey
    container[Columns.lineNo] = lineNo
    container[Columns.menuItemId] = menuItemId
    container[Columns.itemName] = itemName
    container[Columns.unitPrice] = unitPrice
    container[Columns.quantity] = quantity.thousandths
    container[Columns.subtotal] = subtotal
    container[Columns.tax] = tax
    container[Columns.category] = category.category
    container[Columns.subcategory] = category.subcategory
    container[Columns.kind] = kind.rawValue
  }
}

extension StoreDay: FetchableRecord, TableRecord {
  public static let databaseTableName = "store_day"

  public enum Columns {
    static let storeId = Column("store_id")
    static let date = Column("date")
    static let orders = Column("orders")
    static let revenue = Column("revenue_cents")
    static let tax = Column("tax_cents")
    static let total = Column("total_cents")
    static let customers = Column("customers")
  }

  public init(row: Row) throws {
    self.init(
      storeId: row[Columns.storeId], date: row[Columns.date], orders: row[Columns.orders],
      revenue: row[Columns.revenue], tax: row[Columns.tax], total: row[Columns.total],
      customers: row[Columns.customers])
  }
}

extension DerivableRequest<StoreDay> {
  func at(_ storeId: String) -> Self { filter(StoreDay.Columns.storeId == storeId) }
  func within(_ range: DayRange) -> Self {
    filter(StoreDay.Columns.date >= range.start && StoreDay.Columns.date <= range.end)
  }
}

extension StoreDayCustomer: FetchableRecord, TableRecord {
  public static let databaseTableName = "store_day_customer"

  public enum Columns {
    static let storeId = Column("store_id")
    static let date = Column("date")
    static let customerKey = Column("customer_key")
    static let orders = Column("orders")
  }

  public init(row: Row) throws {
    self.init(
      storeId: row[Columns.storeId], date: row[Columns.date],
      customerKey: row[Columns.customerKey], orders: row[Columns.orders])
  }
}

extension StoreDayStatus: FetchableRecord, TableRecord {
  public static let databaseTableName = "store_day_status"

  public enum Columns {
    static let storeId = Column("store_id")
    static let date = Column("date")
    static let status = Column("status")
    static let orders = Column("orders")
    static let amount = Column("subtotal_cents")
  }

  public init(row: Row) throws {
    self.init(
      storeId: row[Columns.storeId], date: row[Columns.date],
      status: OrderStatus(rawValue: row[Columns.status]) ?? .cancelled,
      orders: row[Columns.orders], amount: row[Columns.amount])
  }
}

extension StoreHourTotal: FetchableRecord, TableRecord {
  public static let databaseTableName = "store_hour_total"

  public enum Columns {
    static let storeId = Column("store_id")
    static let hour = Column("hour")
    static let orders = Column("orders")
    static let revenue = Column("revenue_cents")
  }

  public init(row: Row) throws {
    self.init(
      storeId: row[Columns.storeId], hour: row[Columns.hour], orders: row[Columns.orders],
      revenue: row[Columns.revenue])
  }
}

extension CategoryTotal: TableRecord {
  public static let databaseTableName = "category_total"

  public enum Columns {
    static let storeId = Column("store_id")
    static let category = Column("category")
    static let subcategory = Column("subcategory")
    static let orders = Column("orders")
    static let items = Column("items_thousandths")
    static let revenue = Column("revenue_cents")
  }
}
