import GRDB

/// The store-metrics schema: named, append-only migrations with plain table and column names.
/// Orders have an integer `key` (lines reference it, so they are appended in order) besides the
/// POS's text `id`. Money is integer cents; instants are INTEGER milliseconds since 1970 (REAL
/// seconds before `store-3`); `local_date`/`local_hour` are the store's own calendar day and hour
/// of an order, fixed at import from the store's time zone.
enum StoreSchema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("store-1-orders-and-aggregates") { db in
      try db.execute(
        sql: """
          CREATE TABLE shop (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            time_zone TEXT NOT NULL
          );
          CREATE TABLE menu_item (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            external_id TEXT UNIQUE,
            name TEXT NOT NULL,
            category TEXT NOT NULL,
            subcategory TEXT,
            price_cents INTEGER NOT NULL
          );
          CREATE INDEX menu_item_name ON menu_item (name);
          CREATE TABLE customer (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            external_id TEXT NOT NULL UNIQUE
          );
          CREATE TABLE store_order (
            key INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            store_id TEXT NOT NULL REFERENCES shop(id),
            customer_id TEXT,
            placed_at REAL NOT NULL,
            local_date TEXT NOT NULL,
            local_hour INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('completed', 'cancelled', 'refunded')),
            subtotal_cents INTEGER NOT NULL,
            tax_cents INTEGER NOT NULL,
            total_cents INTEGER NOT NULL
          );
          CREATE INDEX store_order_day ON store_order (
            store_id, local_date, status, local_hour, subtotal_cents, tax_cents, total_cents,
            customer_id
          );
          CREATE TABLE order_line (
            order_key INTEGER NOT NULL REFERENCES store_order(key) ON DELETE CASCADE,
            line_no INTEGER NOT NULL,
            menu_item_id INTEGER NOT NULL REFERENCES menu_item(id),
            item_name TEXT NOT NULL,
            unit_price_cents INTEGER NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity > 0),
            subtotal_cents INTEGER NOT NULL,
            tax_cents INTEGER NOT NULL,
            PRIMARY KEY (order_key, line_no)
          ) WITHOUT ROWID;

          -- Aggregates over completed orders, recomputed for every (store, day) an import touches.
          CREATE TABLE store_day (
            store_id TEXT NOT NULL, date TEXT NOT NULL,
            orders INTEGER NOT NULL, revenue_cents INTEGER NOT NULL, tax_cents INTEGER NOT NULL,
            total_cents INTEGER NOT NULL, customers INTEGER NOT NULL,
            PRIMARY KEY (store_id, date)
          ) WITHOUT ROWID;
          CREATE TABLE store_day_customer (
            store_id TEXT NOT NULL, date TEXT NOT NULL, customer_key INTEGER NOT NULL,
            PRIMARY KEY (store_id, date, customer_key)
          ) WITHOUT ROWID;
          CREATE TABLE store_hour (
            store_id TEXT NOT NULL, date TEXT NOT NULL, hour INTEGER NOT NULL,
            orders INTEGER NOT NULL, revenue_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, date, hour)
          ) WITHOUT ROWID;
          CREATE TABLE store_hour_total (
            store_id TEXT NOT NULL, hour INTEGER NOT NULL,
            orders INTEGER NOT NULL, revenue_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, hour)
          ) WITHOUT ROWID;
          CREATE TABLE item_day (
            store_id TEXT NOT NULL, date TEXT NOT NULL, menu_item_id INTEGER NOT NULL,
            orders INTEGER NOT NULL, quantity INTEGER NOT NULL, revenue_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, date, menu_item_id)
          ) WITHOUT ROWID;
          CREATE TABLE category_day (
            store_id TEXT NOT NULL, date TEXT NOT NULL, category TEXT NOT NULL,
            subcategory TEXT NOT NULL,
            orders INTEGER NOT NULL, items INTEGER NOT NULL, revenue_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, date, category, subcategory)
          ) WITHOUT ROWID;
          CREATE TABLE item_total (
            store_id TEXT NOT NULL, menu_item_id INTEGER NOT NULL,
            orders INTEGER NOT NULL, quantity INTEGER NOT NULL, revenue_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, menu_item_id)
          ) WITHOUT ROWID;
          CREATE TABLE category_total (
            store_id TEXT NOT NULL, category TEXT NOT NULL, subcategory TEXT NOT NULL,
            orders INTEGER NOT NULL, items INTEGER NOT NULL, revenue_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, category, subcategory)
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration("store-2-aggregates-by-delta") { db in
      // Imports now add exact deltas to the aggregates instead of recounting touched days from
      // the orders: the covering day index and the per-day item and category tables only served
      // that recount. Customers per day count their completed orders, so that replacing an order
      // can take a customer off a day exactly.
      try db.execute(
        sql: """
          CREATE TABLE store_day_customer_counted (
            store_id TEXT NOT NULL, date TEXT NOT NULL, customer_key INTEGER NOT NULL,
            orders INTEGER NOT NULL,
            PRIMARY KEY (store_id, date, customer_key)
          ) WITHOUT ROWID;
          INSERT INTO store_day_customer_counted
            SELECT o.store_id, o.local_date, c.id, COUNT(*)
            FROM store_order o JOIN customer c ON c.external_id = o.customer_id
            WHERE o.status = 'completed'
            GROUP BY o.store_id, o.local_date, c.id;
          DROP TABLE store_day_customer;
          ALTER TABLE store_day_customer_counted RENAME TO store_day_customer;
          DROP INDEX store_order_day;
          DROP TABLE item_day;
          DROP TABLE category_day;
          """)
    }
    migrator.registerMigration("store-3-instants-as-milliseconds") { db in
      // Every domain stores instants as INTEGER milliseconds. A column's type cannot change in
      // place (REAL affinity would turn the integers back into reals), so the table is rebuilt;
      // GRDB runs migrations with foreign-key checks deferred, so order_line's rows stay.
      try db.execute(
        sql: """
          CREATE TABLE store_order_ms (
            key INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            store_id TEXT NOT NULL REFERENCES shop(id),
            customer_id TEXT,
            placed_at INTEGER NOT NULL,
            local_date TEXT NOT NULL,
            local_hour INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('completed', 'cancelled', 'refunded')),
            subtotal_cents INTEGER NOT NULL,
            tax_cents INTEGER NOT NULL,
            total_cents INTEGER NOT NULL
          );
          INSERT INTO store_order_ms
            SELECT key, id, store_id, customer_id, CAST(ROUND(placed_at * 1000) AS INTEGER),
                   local_date, local_hour, status, subtotal_cents, tax_cents, total_cents
            FROM store_order;
          DROP TABLE store_order;
          ALTER TABLE store_order_ms RENAME TO store_order;
          """)
    }
    migrator.registerMigration("store-4-wall-clock-orders") { db in
      // Whether the file gave the order's time as a wall-clock time in the store's zone (1) or
      // as an instant with an offset (0): when a store's zone is corrected, the first keep their
      // local day and hour and get a new instant, the others keep their instant and get a new
      // local day and hour. Orders imported before this migration count as instants.
      try db.execute(
        sql: """
          ALTER TABLE store_order ADD COLUMN wall_clock INTEGER NOT NULL DEFAULT 0
            CHECK (wall_clock IN (0, 1));
          """)
    }
    migrator.registerMigration("store-5-cancelled-and-refunded-per-day") { db in
      // Cancelled and refunded orders count in no sales figure, but metrics report how many
      // there were and what they were worth: kept per day by the same exact deltas, and filled
      // here from the orders.
      try db.execute(
        sql: """
          CREATE TABLE store_day_status (
            store_id TEXT NOT NULL, date TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('cancelled', 'refunded')),
            orders INTEGER NOT NULL, subtotal_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, date, status)
          ) WITHOUT ROWID;
          INSERT INTO store_day_status
            SELECT store_id, local_date, status, COUNT(*), SUM(subtotal_cents) FROM store_order
            WHERE status <> 'completed' GROUP BY store_id, local_date, status;
          """)
    }
    migrator.registerMigration("store-6-revision") { db in
      // A number every write transaction raises, so that a reader (the server's answer cache)
      // can tell with one row whether anything changed since it last computed an answer.
      try db.execute(
        sql: """
          CREATE TABLE store_revision (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            revision INTEGER NOT NULL
          );
          INSERT INTO store_revision (id, revision) VALUES (1, 0);
          """)
    }
    migrator.registerMigration("store-7-order-id-index") { db in
      // The POS id's uniqueness as a named index instead of a column constraint: an import into
      // a database without orders drops it and builds it again after the rows are in, which
      // SQLite does by sorting once instead of inserting a million ids one by one into a B-tree
      // (see `SQLiteStoreTransaction.write`). A column constraint's index cannot be dropped, so
      // the table is rebuilt (the migrator defers foreign-key checks; order_line's rows stay).
      try db.execute(
        sql: """
          CREATE TABLE store_order_new (
            key INTEGER PRIMARY KEY,
            id TEXT NOT NULL,
            store_id TEXT NOT NULL REFERENCES shop(id),
            customer_id TEXT,
            placed_at INTEGER NOT NULL,
            local_date TEXT NOT NULL,
            local_hour INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('completed', 'cancelled', 'refunded')),
            subtotal_cents INTEGER NOT NULL,
            tax_cents INTEGER NOT NULL,
            total_cents INTEGER NOT NULL,
            wall_clock INTEGER NOT NULL DEFAULT 0 CHECK (wall_clock IN (0, 1))
          );
          INSERT INTO store_order_new
            SELECT key, id, store_id, customer_id, placed_at, local_date, local_hour, status,
                   subtotal_cents, tax_cents, total_cents, wall_clock
            FROM store_order;
          DROP TABLE store_order;
          ALTER TABLE store_order_new RENAME TO store_order;
          CREATE UNIQUE INDEX store_order_id ON store_order (id);
          """)
    }
    migrator.registerMigration("store-8-order-store-day-index") { db in
      // Top items and categories of a window are counted from the orders of that window
      // (`itemSales(of:in:)`, `categorySales(of:in:)`, the store report): without an index on
      // store and day they read every order (1.8 s for a year's report on 1,000,000 orders).
      try db.execute(
        sql: "CREATE INDEX store_order_store_day ON store_order (store_id, local_date, status)")
    }
    migrator.registerMigration("store-9-order-id-per-store") { db in
      // Each store's point of sale numbers its own orders: a chain's stores all have an order
      // "1". With ids unique across the database, importing a second store's file met the
      // first's ids, and replacing them moved the first store's orders away (issue 30).
      try db.execute(
        sql: """
          DROP INDEX store_order_id;
          CREATE UNIQUE INDEX store_order_per_store_id ON store_order (store_id, id);
          """)
    }
    migrator.registerMigration("store-10-line-category") { db in
      // A line keeps the category it was sold under: an item's category is the store's, and a
      // later sale under another one (in this store or another) no longer moves its past sales
      // (issue 30: store b's "Wings" under Appetizers moved store a's past Wings out of Food).
      // Lines sold before take their item's category, which every aggregate counted them under.
      try db.execute(
        sql: """
          ALTER TABLE order_line ADD COLUMN category TEXT NOT NULL DEFAULT '';
          ALTER TABLE order_line ADD COLUMN subcategory TEXT NOT NULL DEFAULT '';
          UPDATE order_line SET
            category = COALESCE((SELECT category FROM menu_item WHERE id = menu_item_id), ''),
            subcategory = COALESCE(
              (SELECT subcategory FROM menu_item WHERE id = menu_item_id), '');
          """)
    }
    migrator.registerMigration("store-11-line-kinds") { db in
      // Refund, discount, comp and tip lines (issue 30): read as sales, they overstated revenue.
      // A line's amounts stay positive and its kind says how they count; each day keeps its
      // completed orders' lines by kind (gross sales are the sale lines), so that metrics give
      // gross, discounts, comps, refunds, net and tips. Lines stored before are sales.
      try db.execute(
        sql: """
          ALTER TABLE order_line ADD COLUMN kind TEXT NOT NULL DEFAULT 'sale'
            CHECK (kind IN ('sale', 'refund', 'discount', 'comp', 'tip'));
          CREATE TABLE store_day_kind (
            store_id TEXT NOT NULL, date TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('sale', 'refund', 'discount', 'comp', 'tip')),
            orders INTEGER NOT NULL, amount_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, date, kind)
          ) WITHOUT ROWID;
          INSERT INTO store_day_kind
            SELECT o.store_id, o.local_date, 'sale', COUNT(DISTINCT o.key), SUM(l.subtotal_cents)
            FROM store_order o JOIN order_line l ON l.order_key = o.key
            WHERE o.status = 'completed'
            GROUP BY o.store_id, o.local_date;
          """)
    }
    migrator.registerMigration("store-12-quantity-thousandths") { db in
      // Items sold by weight (0.375 lb) or measure (issue 30): a quantity is kept in thousandths
      // of a unit, exact as cents are, in the lines and the item and category totals. Whole
      // quantities stored before are multiplied out.
      try db.execute(
        sql: """
          ALTER TABLE order_line RENAME COLUMN quantity TO quantity_thousandths;
          UPDATE order_line SET quantity_thousandths = quantity_thousandths * 1000;
          ALTER TABLE item_total RENAME COLUMN quantity TO quantity_thousandths;
          UPDATE item_total SET quantity_thousandths = quantity_thousandths * 1000;
          ALTER TABLE category_total RENAME COLUMN items TO items_thousandths;
          UPDATE category_total SET items_thousandths = items_thousandths * 1000;
          """)
    }
    migrator.registerMigration("store-13-customer-name") { db in
      // The customer's name as the POS gives it with an order (migration 024's
      // `orders.customer_name`, issue 31): top customers are shown by name.
      try db.execute(sql: "ALTER TABLE store_order ADD COLUMN customer_name TEXT")
    }
    migrator.registerMigration("store-14-shifts") { db in
      // Employees' shifts (issue 34 §4): one per store, start and employee; instants in
      // milliseconds, the wage in cents. Labor is read from them per window, never summed ahead.
      try db.execute(
        sql: """
          CREATE TABLE store_shift (
            store_id TEXT NOT NULL, employee TEXT NOT NULL, start_ms INTEGER NOT NULL,
            end_ms INTEGER NOT NULL, wage_cents INTEGER NOT NULL,
            wall_clock INTEGER NOT NULL CHECK (wall_clock IN (0, 1)),
            PRIMARY KEY (store_id, start_ms, employee)
          ) WITHOUT ROWID
          """)
    }
    migrator.registerMigration("store-15-item-family") { db in
      // The dish an item is a size of, as an import names it (`item_family`, issue 34 §3).
      try db.execute(sql: "ALTER TABLE menu_item ADD COLUMN family TEXT")
    }
    migrator.registerMigration("store-16-visit-spans") { db in
      // Distinct customers of a window in O(days) (issue 34 §6): each customer's first and last
      // day at a store, and per day how many customers have their first or last day there. A
      // window that no customer's last day follows counts its last visits; one that no first day
      // precedes, its first visits. The index finds a customer's days again when an order taken
      // away moves their first or last day.
      try db.execute(
        sql: """
          ALTER TABLE store_day ADD COLUMN first_visits INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE store_day ADD COLUMN last_visits INTEGER NOT NULL DEFAULT 0;
          CREATE TABLE store_customer (
            store_id TEXT NOT NULL, customer_key INTEGER NOT NULL,
            first_date TEXT NOT NULL, last_date TEXT NOT NULL,
            PRIMARY KEY (store_id, customer_key)
          ) WITHOUT ROWID;
          INSERT INTO store_customer
            SELECT store_id, customer_key, MIN(date), MAX(date) FROM store_day_customer
            GROUP BY store_id, customer_key;
          CREATE INDEX store_day_customer_by_customer
            ON store_day_customer (customer_key, store_id, date);
          UPDATE store_day SET first_visits = f.n
            FROM (SELECT store_id, first_date, COUNT(*) AS n FROM store_customer GROUP BY 1, 2) f
            WHERE f.store_id = store_day.store_id AND f.first_date = store_day.date;
          UPDATE store_day SET last_visits = l.n
            FROM (SELECT store_id, last_date, COUNT(*) AS n FROM store_customer GROUP BY 1, 2) l
            WHERE l.store_id = store_day.store_id AND l.last_date = store_day.date;
          """)
    }
    migrator.registerMigration("store-17-order-window-columns") { db in
      // A window's customers (`customerSales`: each customer's orders, spend, first and last
      // order, name) and its largest and smallest order read the window's orders from the index
      // alone: through store-8's index each order was a lookup in the table (sqlite3, a year of
      // one store at 1M orders: 41 ms → 14 ms, and 32 ms → 2 ms for the extremes). It has
      // store-8's columns first, so it serves every query that index served, and replaces it.
      try db.execute(
        sql: """
          DROP INDEX store_order_store_day;
          CREATE INDEX store_order_window ON store_order (
            store_id, local_date, status, customer_id, subtotal_cents, placed_at, customer_name);
          """)
    }
    migrator.registerMigration("store-18-item-month") { db in
      // Each item's completed sales per store and calendar month (`ItemMonthTotal`): a window's
      // items (`menu`, `popular --start`) sum its whole months from here and read order lines
      // only for the days of the months it cuts. A year's menu read 42,000 lines (35 ms in
      // process at 1M orders); it reads about 480 rows.
      try db.execute(
        sql: """
          CREATE TABLE item_month (
            store_id TEXT NOT NULL, month TEXT NOT NULL, menu_item_id INTEGER NOT NULL,
            orders INTEGER NOT NULL, quantity_thousandths INTEGER NOT NULL,
            revenue_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, month, menu_item_id)
          ) WITHOUT ROWID;
          INSERT INTO item_month
            SELECT o.store_id, substr(o.local_date, 1, 8) || '01', l.menu_item_id,
                   COUNT(DISTINCT o.key), SUM(l.quantity_thousandths), SUM(l.subtotal_cents)
            FROM store_order o JOIN order_line l ON l.order_key = o.key
            WHERE o.status = 'completed' AND l.kind = 'sale'
            GROUP BY 1, 2, 3;
          """)
    }
    migrator.registerMigration("store-19-category-month") { db in
      // Each category's completed sales per store and calendar month (`CategoryMonthTotal`),
      // each line under the category it was sold under: a window's categories (the report,
      // `categories --start`) sum its whole months from here and read order lines only for the
      // days of the months it cuts, as items do from `item_month`. The report of a year read
      // a line per order of the year for them.
      try db.execute(
        sql: """
          CREATE TABLE category_month (
            store_id TEXT NOT NULL, month TEXT NOT NULL, category TEXT NOT NULL,
            subcategory TEXT NOT NULL, orders INTEGER NOT NULL,
            items_thousandths INTEGER NOT NULL, revenue_cents INTEGER NOT NULL,
            PRIMARY KEY (store_id, month, category, subcategory)
          ) WITHOUT ROWID;
          INSERT INTO category_month
            SELECT o.store_id, substr(o.local_date, 1, 8) || '01', l.category, l.subcategory,
                   COUNT(DISTINCT o.key), SUM(l.quantity_thousandths), SUM(l.subtotal_cents)
            FROM store_order o JOIN order_line l ON l.order_key = o.key
            WHERE o.status = 'completed' AND l.kind = 'sale'
            GROUP BY 1, 2, 3, 4;
          """)
    }
    return migrator
  }
}
