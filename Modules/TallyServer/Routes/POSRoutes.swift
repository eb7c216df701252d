import AnalyticsCore
import DataFormats
import Foundation
import Hummingbird
import StoreAnalytics

extension TallyAPI {
  /// POS ingestion: with a store's POS key (and nothing else), orders in and status changes.
  var posRoutes: [Route] {
    [
      Route(.post, "/api/stores/{id}/orders") { request, context in
        let storeId = try await posStore(request, context: context)
        let data = try await JSONBody.bytes(request, context: context, storesText: true)
        let summary = try Self.posCall {
          // Idempotent by order id within the store: an order sent again unchanged is already
          // present; a changed one (a refund, a corrected line) is updated, aggregates moved by
          // the exact difference. Ids are the store's own: another store's order "1" is
          // another order, never touched.
          try shops.importLines(try POSOrderBody.lines(data, storeId: storeId))
        }
        return JSONResponse.object(StoreWire.importSummary(summary))
      },
      Route(.patch, "/api/stores/{id}/orders/{order_id}") { request, context in
        let storeId = try await posStore(request, context: context)
        let orderId = context.pathParameter("order_id") ?? ""
        struct Body: Decodable { let status: String }
        let body = try await JSONBody.decode(Body.self, request, context: context)
        let changed = try Self.posCall {
          try shops.setStatus(
            try POSOrderBody.status(body.status), ofOrder: orderId, storeId: storeId)
        }
        return JSONResponse.object([
          "order_id": .string(orderId), "status": .string(body.status.lowercased()),
          "changed": .bool(changed),
        ])
      },
    ]
  }

  /// The store of the path, when the bearer token is that store's POS key.
  private func posStore(_ request: Request, context: ServerContext) async throws -> String {
    let storeId = context.pathParameter("id") ?? ""
    guard let key = Self.bearer(request) else { throw APIError.unauthorized(.missingToken) }
    let keyStore = try APIError.answering { try server.store(ofPOSKey: key) }
    guard keyStore == storeId else { throw APIError.unauthorized(.invalidPOSKey) }
    context.actingFor.current = "pos:" + storeId
    return storeId
  }

  /// Runs a store write: an order that is not this store's is a 404, a bad field a 400 naming it.
  static func posCall<T>(_ body: () throws -> T) throws -> T {
    try APIError.answering(notFoundKinds: ["order"], body)
  }
}
