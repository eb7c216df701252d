import AnalyticsCore
import StoreModel

extension ShopAnalytics {
  /// Changes an order's status (a refund, a cancellation after the fact), in one transaction:
  /// the order is taken out of every aggregate with its old status and put back with the new one,
  /// exactly as an import that replaces it, so each aggregate still equals a recount.
  ///
  /// Returns whether anything changed (the same status again changes nothing).
  ///
  /// - throws: `TallyError` (`.notFound`) when the store has no order with that id.
  @discardableResult
  public func setStatus(_ status: OrderStatus, ofOrder orderId: String, storeId: String) throws
    -> Bool
  {
    try repository.inTransaction { transaction in
      guard let (order, lines) = try transaction.order(storeId: storeId, id: orderId) else {
        throw TallyError.notFound("order", orderId, expected: "an order of store \(storeId)")
      }
      guard order.status != status else { return false }
      guard let shop = try transaction.shops().first(where: { $0.id == storeId }) else {
        throw TallyError.notFound("store", storeId, expected: "a known store")
      }
      let zone = try Zone(identifier: shop.timeZone)
      let items = Dictionary(
        uniqueKeysWithValues: try transaction.menuItems(
          ids: lines.map(\.menuItemId), externalIds: [], names: []
        ).map { ($0.id, $0) })
      let source = TallyError.Source("order \(orderId)")
      // The order as it was sold — each line's own name, price and category — with the new
      // status.
      let inputs = try lines.map { line in
        let item = items[line.menuItemId]
        return try OrderLineInput(
          source: source, orderId: order.id, storeId: storeId,
          placedAt: order.wallClock
            ? .local(
              zone.localDateTime(of: order.placedAt),
              milliseconds: order.placedAt.millisecondsOfSecond)
            : .instant(order.placedAt),
          status: status, customerId: order.customerId, itemId: item?.externalId,
          itemName: line.itemName, category: line.category.category,
          subcategory: line.category.subcategory.isEmpty ? nil : line.category.subcategory,
          quantity: line.quantity, unitPrice: line.unitPrice, tax: line.tax, kind: line.kind
        ).validated()
      }
      var state = ImportState(
        replace: true, newStoreZone: zone, clock: clock,
        hadOrders: true,
        firstOrderKey: try transaction.nextOrderKey())
      // The order's old lines are not the menu's news: its items keep their latest name,
      // category and price.
      state.savesItems = false
      var summary = OrderImportSummary()
      try Self.importPart(
        transaction, lines: inputs, orders: try OrderGroups(inputs), state: &state,
        summary: &summary, progress: { _ in })
      try state.applyChanges(to: transaction)
      return true
    }
  }
}
