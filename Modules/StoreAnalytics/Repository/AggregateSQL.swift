/// Aggregate statements that SQLite and PostgreSQL run as they are, written once for both
/// backends (`SQLiteStoreTransaction`, `StorePostgres`).
public enum AggregateSQL {
  /// Recounts `category_total` from the order tables by each item's current category: one query
  /// over all orders (seconds for a million), run only when the menu moved an item.
  public static let recountCategories = """
    DELETE FROM category_total;
    INSERT INTO category_total
      SELECT o.store_id, m.category, COALESCE(m.subcategory, ''), COUNT(DISTINCT o.key),
             SUM(l.quantity), SUM(l.subtotal_cents)
      FROM store_order o
      JOIN order_line l ON l.order_key = o.key
      JOIN menu_item m ON m.id = l.menu_item_id
      WHERE o.status = 'completed'
      GROUP BY o.store_id, m.category, COALESCE(m.subcategory, '');
    """
}
