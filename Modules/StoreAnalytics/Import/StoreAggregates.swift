import AnalyticsCore
import GRDB
import Storage

/// Rebuilds the aggregate tables for (store, day) pairs from the order rows, set-based, in the
/// caller's transaction — never by adding to running totals, so they cannot drift. Only
/// completed orders count; per-item and per-category order counts are distinct orders per day,
/// which add up exactly across days because an order has one day.
enum StoreAggregates {
  static func rebuild(_ db: Database, days: [(store: String, date: LocalDate)]) throws {
    guard !days.isEmpty else { return }
    try db.execute(
      sql: """
        CREATE TEMP TABLE IF NOT EXISTS touched_day (
          store_id TEXT NOT NULL, date TEXT NOT NULL, PRIMARY KEY (store_id, date)
        ) WITHOUT ROWID;
        DELETE FROM temp.touched_day;
        """)
    let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO temp.touched_day VALUES (?, ?)")
    for day in days { try insert.execute(arguments: [day.store, day.date]) }
    try db.execute(
      sql: """
        DELETE FROM store_day WHERE (store_id, date) IN (SELECT store_id, date FROM temp.touched_day);
        INSERT INTO store_day
          SELECT o.store_id, o.local_date, COUNT(*), SUM(o.subtotal_cents), SUM(o.tax_cents),
                 SUM(o.total_cents), COUNT(DISTINCT NULLIF(o.customer_id, ''))
          FROM temp.touched_day t
          JOIN store_order o ON o.store_id = t.store_id AND o.local_date = t.date
          WHERE o.status = 'completed'
          GROUP BY o.store_id, o.local_date;

        DELETE FROM store_day_customer
          WHERE (store_id, date) IN (SELECT store_id, date FROM temp.touched_day);
        INSERT INTO store_day_customer
          SELECT DISTINCT o.store_id, o.local_date, c.id
          FROM temp.touched_day t
          JOIN store_order o ON o.store_id = t.store_id AND o.local_date = t.date
          JOIN customer c ON c.external_id = o.customer_id
          WHERE o.status = 'completed';

        DELETE FROM store_hour WHERE (store_id, date) IN (SELECT store_id, date FROM temp.touched_day);
        INSERT INTO store_hour
          SELECT o.store_id, o.local_date, o.local_hour, COUNT(*), SUM(o.subtotal_cents)
          FROM temp.touched_day t
          JOIN store_order o ON o.store_id = t.store_id AND o.local_date = t.date
          WHERE o.status = 'completed'
          GROUP BY o.store_id, o.local_date, o.local_hour;

        DELETE FROM item_day WHERE (store_id, date) IN (SELECT store_id, date FROM temp.touched_day);
        INSERT INTO item_day
          SELECT o.store_id, o.local_date, l.menu_item_id, COUNT(DISTINCT o.key), SUM(l.quantity),
                 SUM(l.subtotal_cents)
          FROM temp.touched_day t
          JOIN store_order o ON o.store_id = t.store_id AND o.local_date = t.date
          JOIN order_line l ON l.order_key = o.key
          WHERE o.status = 'completed'
          GROUP BY o.store_id, o.local_date, l.menu_item_id;

        DELETE FROM category_day WHERE (store_id, date) IN (SELECT store_id, date FROM temp.touched_day);
        INSERT INTO category_day
          SELECT o.store_id, o.local_date, m.category, COALESCE(m.subcategory, ''),
                 COUNT(DISTINCT o.key), SUM(l.quantity), SUM(l.subtotal_cents)
          FROM temp.touched_day t
          JOIN store_order o ON o.store_id = t.store_id AND o.local_date = t.date
          JOIN order_line l ON l.order_key = o.key
          JOIN menu_item m ON m.id = l.menu_item_id
          WHERE o.status = 'completed'
          GROUP BY o.store_id, o.local_date, m.category, COALESCE(m.subcategory, '');

        DELETE FROM store_hour_total WHERE store_id IN (SELECT DISTINCT store_id FROM temp.touched_day);
        INSERT INTO store_hour_total
          SELECT store_id, hour, SUM(orders), SUM(revenue_cents) FROM store_hour
          WHERE store_id IN (SELECT DISTINCT store_id FROM temp.touched_day)
          GROUP BY store_id, hour;

        DELETE FROM item_total WHERE store_id IN (SELECT DISTINCT store_id FROM temp.touched_day);
        INSERT INTO item_total
          SELECT store_id, menu_item_id, SUM(orders), SUM(quantity), SUM(revenue_cents)
          FROM item_day WHERE store_id IN (SELECT DISTINCT store_id FROM temp.touched_day)
          GROUP BY store_id, menu_item_id;

        DELETE FROM category_total WHERE store_id IN (SELECT DISTINCT store_id FROM temp.touched_day);
        INSERT INTO category_total
          SELECT store_id, category, subcategory, SUM(orders), SUM(items), SUM(revenue_cents)
          FROM category_day WHERE store_id IN (SELECT DISTINCT store_id FROM temp.touched_day)
          GROUP BY store_id, category, subcategory;
        DELETE FROM temp.touched_day;
        """)
  }
}
