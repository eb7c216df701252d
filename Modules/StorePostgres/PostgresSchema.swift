import AnalyticsCore
import PostgresNIO
import Storage

/// The store schema on PostgreSQL: its own named, append-only migrations (never edit one that
/// landed; add the next), recorded in `tally_migration`. The tables match SQLite's
/// (`StoreSchema`) with PostgreSQL's types: money as `bigint` cents, days as `date`, instants as
/// `timestamptz`. The first migration's foreign keys are dropped by store-pg-3 (their checks
/// cost more than the import they check).
enum PostgresSchema {
  static let migrations: [(name: String, sql: String)] = [
    (
      "store-pg-1-orders-and-aggregates",
      """
      CREATE TABLE shop (
        id text PRIMARY KEY, name text NOT NULL, time_zone text NOT NULL
      );
      CREATE TABLE menu_item (
        id bigint PRIMARY KEY, external_id text UNIQUE, name text NOT NULL,
        category text NOT NULL, subcategory text, price_cents bigint NOT NULL
      );
      CREATE TABLE customer (id bigint PRIMARY KEY, external_id text NOT NULL UNIQUE);
      CREATE TABLE store_order (
        key bigint PRIMARY KEY,
        id text NOT NULL UNIQUE,
        store_id text NOT NULL REFERENCES shop (id) DEFERRABLE INITIALLY DEFERRED,
        customer_id text,
        placed_at timestamptz NOT NULL,
        wall_clock boolean NOT NULL,
        local_date date NOT NULL,
        local_hour smallint NOT NULL CHECK (local_hour BETWEEN 0 AND 23),
        status text NOT NULL CHECK (status IN ('completed', 'cancelled', 'refunded')),
        subtotal_cents bigint NOT NULL, tax_cents bigint NOT NULL, total_cents bigint NOT NULL
      );
      -- Sales within a range are counted from the orders of a store's days.
      CREATE INDEX store_order_day ON store_order (store_id, local_date);
      CREATE TABLE order_line (
        order_key bigint NOT NULL
          REFERENCES store_order (key) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        line_no integer NOT NULL,
        menu_item_id bigint NOT NULL REFERENCES menu_item (id) DEFERRABLE INITIALLY DEFERRED,
        item_name text NOT NULL,
        unit_price_cents bigint NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        subtotal_cents bigint NOT NULL, tax_cents bigint NOT NULL,
        PRIMARY KEY (order_key, line_no)
      );
      CREATE INDEX order_line_item ON order_line (menu_item_id);

      -- Aggregates over completed orders, kept by exact deltas (INSERT … ON CONFLICT DO UPDATE).
      CREATE TABLE store_day (
        store_id text NOT NULL, date date NOT NULL,
        orders integer NOT NULL, revenue_cents bigint NOT NULL, tax_cents bigint NOT NULL,
        total_cents bigint NOT NULL, customers integer NOT NULL,
        PRIMARY KEY (store_id, date)
      );
      CREATE TABLE store_day_customer (
        store_id text NOT NULL, date date NOT NULL, customer_key bigint NOT NULL,
        orders integer NOT NULL,
        PRIMARY KEY (store_id, date, customer_key)
      );
      CREATE TABLE store_hour (
        store_id text NOT NULL, date date NOT NULL, hour smallint NOT NULL,
        orders integer NOT NULL, revenue_cents bigint NOT NULL,
        PRIMARY KEY (store_id, date, hour)
      );
      CREATE TABLE store_hour_total (
        store_id text NOT NULL, hour smallint NOT NULL,
        orders integer NOT NULL, revenue_cents bigint NOT NULL,
        PRIMARY KEY (store_id, hour)
      );
      CREATE TABLE item_total (
        store_id text NOT NULL, menu_item_id bigint NOT NULL,
        orders integer NOT NULL, quantity bigint NOT NULL, revenue_cents bigint NOT NULL,
        PRIMARY KEY (store_id, menu_item_id)
      );
      CREATE TABLE category_total (
        store_id text NOT NULL, category text NOT NULL, subcategory text NOT NULL,
        orders integer NOT NULL, items bigint NOT NULL, revenue_cents bigint NOT NULL,
        PRIMARY KEY (store_id, category, subcategory)
      );
      CREATE TABLE store_day_status (
        store_id text NOT NULL, date date NOT NULL,
        status text NOT NULL CHECK (status IN ('cancelled', 'refunded')),
        orders integer NOT NULL, subtotal_cents bigint NOT NULL,
        PRIMARY KEY (store_id, date, status)
      );
      """
    ),
    (
      "store-pg-2-revision",
      // A number every write transaction raises (as SQLite's `store_revision`, store-6), so that
      // a server can tell with one row whether anything changed since it computed an answer:
      // also when another server wrote it.
      """
      CREATE TABLE store_revision (
        id integer PRIMARY KEY CHECK (id = 1), revision bigint NOT NULL
      );
      INSERT INTO store_revision (id, revision) VALUES (1, 0);
      """
    ),
    (
      "store-pg-3-no-foreign-keys",
      // Measured on the 1,000,000-order file: the deferred foreign-key checks of orders and
      // lines took 84 s at commit, against 38 s for copying the rows themselves. Tally is the
      // only writer of these tables and writes a store and the items before committing the
      // orders naming them (as SQLite does with its checks off during imports); the tests count
      // dangling references after every kind of write.
      """
      ALTER TABLE store_order DROP CONSTRAINT store_order_store_id_fkey;
      ALTER TABLE order_line DROP CONSTRAINT order_line_order_key_fkey;
      ALTER TABLE order_line DROP CONSTRAINT order_line_menu_item_id_fkey;
      """
    ),
    (
      "store-pg-4-menu-item-name",
      // An import looks up only the items its orders name, lines without a POS item id by name
      // (as SQLite's `menu_item_name`): without an index each lookup read the whole menu.
      "CREATE INDEX menu_item_name ON menu_item (name);"
    ),
    (
      "store-pg-5-order-id-per-store",
      // Order ids are unique per store, as on SQLite (store-9-order-id-per-store).
      """
      ALTER TABLE store_order DROP CONSTRAINT store_order_id_key;
      ALTER TABLE store_order ADD CONSTRAINT store_order_per_store_id UNIQUE (store_id, id);
      """
    ),
    (
      "store-pg-6-line-category",
      // A line keeps the category it was sold under, as on SQLite (store-10-line-category).
      """
      ALTER TABLE order_line ADD COLUMN category text NOT NULL DEFAULT '';
      ALTER TABLE order_line ADD COLUMN subcategory text NOT NULL DEFAULT '';
      UPDATE order_line l SET category = m.category, subcategory = COALESCE(m.subcategory, '')
        FROM menu_item m WHERE m.id = l.menu_item_id;
      """
    ),
    (
      "store-pg-7-line-kinds",
      // Refund, discount, comp and tip lines, and each day's lines by kind, as on SQLite
      // (store-11-line-kinds).
      """
      ALTER TABLE order_line ADD COLUMN kind text NOT NULL DEFAULT 'sale'
        CHECK (kind IN ('sale', 'refund', 'discount', 'comp', 'tip'));
      CREATE TABLE store_day_kind (
        store_id text NOT NULL, date date NOT NULL,
        kind text NOT NULL CHECK (kind IN ('sale', 'refund', 'discount', 'comp', 'tip')),
        orders integer NOT NULL, amount_cents bigint NOT NULL,
        PRIMARY KEY (store_id, date, kind)
      );
      INSERT INTO store_day_kind
        SELECT o.store_id, o.local_date, 'sale', COUNT(DISTINCT o.key), SUM(l.subtotal_cents)
        FROM store_order o JOIN order_line l ON l.order_key = o.key
        WHERE o.status = 'completed'
        GROUP BY o.store_id, o.local_date;
      """
    ),
    (
      "store-pg-8-quantity-thousandths",
      // Quantities in thousandths of a unit (items sold by weight), as on SQLite
      // (store-12-quantity-thousandths).
      """
      ALTER TABLE order_line RENAME COLUMN quantity TO quantity_thousandths;
      UPDATE order_line SET quantity_thousandths = quantity_thousandths * 1000;
      ALTER TABLE item_total RENAME COLUMN quantity TO quantity_thousandths;
      UPDATE item_total SET quantity_thousandths = quantity_thousandths * 1000;
      ALTER TABLE category_total RENAME COLUMN items TO items_thousandths;
      UPDATE category_total SET items_thousandths = items_thousandths * 1000;
      """
    ),
    (
      "store-pg-9-customer-name",
      // The customer's name with an order, as on SQLite (store-13-customer-name).
      "ALTER TABLE store_order ADD COLUMN customer_name text;"
    ),
    (
      "store-pg-10-shifts",
      // Employees' shifts, as on SQLite (store-14-shifts).
      """
      CREATE TABLE store_shift (
        store_id text NOT NULL, employee text NOT NULL, start_ms bigint NOT NULL,
        end_ms bigint NOT NULL, wage_cents bigint NOT NULL, wall_clock boolean NOT NULL,
        PRIMARY KEY (store_id, start_ms, employee)
      );
      """
    ),
    (
      "store-pg-11-item-family",
      // The dish an item is a size of, as on SQLite (store-15-item-family).
      "ALTER TABLE menu_item ADD COLUMN family text;"
    ),
    (
      "store-pg-12-visit-spans",
      // Each customer's first and last day at a store, and the first and last visits per day,
      // as on SQLite (store-16-visit-spans).
      """
      ALTER TABLE store_day ADD COLUMN first_visits integer NOT NULL DEFAULT 0,
        ADD COLUMN last_visits integer NOT NULL DEFAULT 0;
      CREATE TABLE store_customer (
        store_id text NOT NULL, customer_key bigint NOT NULL,
        first_date date NOT NULL, last_date date NOT NULL,
        PRIMARY KEY (store_id, customer_key)
      );
      INSERT INTO store_customer
        SELECT store_id, customer_key, MIN(date), MAX(date) FROM store_day_customer
        GROUP BY store_id, customer_key;
      CREATE INDEX store_day_customer_by_customer
        ON store_day_customer (customer_key, store_id, date);
      UPDATE store_day d SET first_visits = f.n
        FROM (SELECT store_id, first_date, COUNT(*) AS n FROM store_customer GROUP BY 1, 2) f
        WHERE f.store_id = d.store_id AND f.first_date = d.date;
      UPDATE store_day d SET last_visits = l.n
        FROM (SELECT store_id, last_date, COUNT(*) AS n FROM store_customer GROUP BY 1, 2) l
        WHERE l.store_id = d.store_id AND l.last_date = d.date;
      """
    ),
  ]

  /// Creates the schema and applies the migrations it lacks (up to `last`, for tests of a
  /// migration), holding the schema's advisory lock so that servers starting together do not
  /// both migrate.
  ///
  /// - throws: `StorageError.newerSchema` when the schema records migrations this Tally lacks.
  static func migrate(
    _ session: PostgresSession, location: PostgresLocation, upTo last: String? = nil
  ) throws {
    try session.inTransaction {
      try session.query("SELECT pg_advisory_xact_lock(\(lockKey(location.schema)))")
      try session.execute(
        """
        CREATE SCHEMA IF NOT EXISTS \(location.schema);
        CREATE TABLE IF NOT EXISTS \(location.schema).tally_migration (
          name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now()
        );
        """)
      let applied = Set(
        try session.query("SELECT name FROM \(unescaped: location.schema).tally_migration").map {
          try $0.decode(String.self)
        })
      let unknown = applied.subtracting(migrations.map(\.name)).sorted()
      guard unknown.isEmpty else {
        throw StorageError.newerSchema(path: location.description, unknownMigrations: unknown)
      }
      for migration in migrations where !applied.contains(migration.name) {
        try session.execute(migration.sql)
        try session.query(
          "INSERT INTO \(unescaped: location.schema).tally_migration (name) VALUES (\(migration.name))"
        )
        if migration.name == last { break }
      }
    }
  }

  /// The advisory lock of a schema's writers: one number per schema name (FNV-1a, stable
  /// across processes, unlike Swift's seeded `hashValue`).
  static func lockKey(_ schema: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in schema.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }
}
