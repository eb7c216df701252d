import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import StoreAnalytics
import Testing

@testable import TallyServer

@Suite struct POSRoutesTests {
  /// A minute before the tests started: an order sent again is the same order.
  static let placedAt = TestServer.now.adding(seconds: -60).description

  static func order(_ id: String, quantity: Int = 2, price: String = "5.00") -> String {
    let now = placedAt
    return """
      {"order_id": "\(id)", "placed_at": "\(now)", "status": "completed", "customer_id": "c1",
       "lines": [{"item_id": "club", "item_name": "Club", "category": "Sandwiches",
                  "quantity": \(quantity), "unit_price": \(price), "tax": 0.80}]}
      """
  }

  /// Today's metrics of store 1 as the RPC answers them: (revenue, orders, refunded orders).
  private func metrics(_ client: some TestClientProtocol, _ token: String) async throws
    -> [Double?]
  {
    let (_, body) = try await client.json(
      .post, "/rest/v1/rpc/get_store_metrics", token: token,
      body: #"{"p_store_id": 1, "p_date_range": "today"}"#)
    let row = try JSON(body)[0]
    return [
      row?["total_revenue"]?.number, row?["total_orders"]?.number,
      row?["refunded_orders"]?.number,
    ]
  }

  @Test func ordersInIdempotentlyThenARefund() async throws {
    let server = try await TestServer()
    _ = try server.api.shops.addStore(id: "1", name: "Downtown", zone: .utc)
    try server.api.server.grant(userId: "u1", storeId: "1", role: .viewer)
    let key = try server.api.server.createPOSKey(storeId: "1").key
    let token = try await server.token("u1")
    try await server.test { client in
      let (status, body) = try await client.json(
        .post, "/api/stores/1/orders", token: key, body: Self.order("P1"))
      #expect(status == .ok, "\(body)")
      // 2 × 5.00 = 10.00 revenue (before tax).
      #expect(try await metrics(client, token) == [10, 1, 0])

      // The same order again, alone and in an array with a new one: P1 changes nothing.
      let (_, resent) = try await client.json(
        .post, "/api/stores/1/orders", token: key, body: Self.order("P1"))
      #expect(resent.contains(#""orders":0"#) && resent.contains(#""already_present":1"#))
      #expect(try await metrics(client, token) == [10, 1, 0])
      let (batch, _) = try await client.json(
        .post, "/api/stores/1/orders", token: key,
        body: "[\(Self.order("P1")), \(Self.order("P2", quantity: 1))]")
      #expect(batch == .ok)
      // 10.00 + 1 × 5.00 = 15.00, two orders.
      #expect(try await metrics(client, token) == [15, 2, 0])

      // A changed P1 (3 instead of 2) is updated: 15.00 + 5.00 = 20.00.
      let (_, changed) = try await client.json(
        .post, "/api/stores/1/orders", token: key, body: Self.order("P1", quantity: 3))
      #expect(changed.contains(#""updated":1"#) && changed.contains(#""replaced":0"#))
      #expect(try await metrics(client, token) == [20, 2, 0])

      // A refund of P2: out of revenue (20.00 − 5.00), counted as refunded.
      let (patched, reply) = try await client.json(
        .patch, "/api/stores/1/orders/P2", token: key, body: #"{"status": "refunded"}"#)
      #expect(patched == .ok, "\(reply)")
      #expect(try await metrics(client, token) == [15, 1, 1])

      let (unknown, _) = try await client.json(
        .patch, "/api/stores/1/orders/NOPE", token: key, body: #"{"status": "refunded"}"#)
      #expect(unknown == .notFound)
      let (badStatus, _) = try await client.json(
        .patch, "/api/stores/1/orders/P2", token: key, body: #"{"status": "lost"}"#)
      #expect(badStatus == .badRequest)
    }
  }

  /// Issue 30: order ids are each store's own. Store 1's "SHARED" is its own order; store 2's
  /// order of that id is never touched (it was refused before, and `--replace` moved it).
  @Test func anotherStoresOrderIdIsItsOwnOrder() async throws {
    let server = try await TestServer()
    _ = try server.api.shops.addStore(id: "1", name: "Downtown", zone: .utc)
    _ = try server.api.shops.addStore(id: "2", name: "Harbor", zone: .utc)
    let one = try server.api.server.createPOSKey(storeId: "1").key
    let two = try server.api.server.createPOSKey(storeId: "2").key
    try await server.test { client in
      let (first, _) = try await client.json(
        .post, "/api/stores/2/orders", token: two, body: Self.order("SHARED"))
      #expect(first == .ok)
      let (own, body) = try await client.json(
        .post, "/api/stores/1/orders", token: one, body: Self.order("SHARED", quantity: 9))
      #expect(own == .ok, "\(body)")
      #expect(body.contains(#""orders":1"#) && body.contains(#""updated":0"#), "\(body)")
    }
    // Store 2's order is untouched: 2 × 5.00; store 1's is 9 × 5.00.
    let day = Zone.utc.localDate(of: TestServer.now)
    let days = try server.api.shops.daily(storeId: "2", limit: 1, asOf: day)
    #expect(days.map(\.totalRevenue) == [FixedDecimal(hundredths: 1000)])
    let ones = try server.api.shops.daily(storeId: "1", limit: 1, asOf: day)
    #expect(ones.map(\.totalRevenue) == [FixedDecimal(hundredths: 4500)])
  }

  /// A bad order is a 400 naming the field; nothing is written.
  @Test(arguments: [
    (#"{"order_id": "X", "placed_at": "yesterday", "lines": []}"#, "placed_at"),
    (Self.order("X", quantity: 0), "quantity"),
    // A refund's quantity or price is negative, not both (the import's reading of signs).
    (Self.order("X", quantity: -2, price: "-1"), "quantity"),
    (
      Self.order("X").replacingOccurrences(of: "\"tax\"", with: "\"kind\": \"gift\", \"tax\""),
      #"lines[0].kind "gift" is not valid"#
    ),
    (#"{"order_id": "X", "placed_at": "2026-02-08T10:00:00Z", "lines": []}"#, "lines"),
    (#"{"placed_at": "2026-02-08T10:00:00Z", "lines": []}"#, "order_id"),
    // The value as sent, with its key, read by the CSV cell's rules.
    (
      Self.order("X").replacingOccurrences(of: "\"quantity\": 2", with: "\"quantity\": \"two\""),
      #"lines[0].quantity "two" is not valid: expected a number above 0 up to"#
    ),
    (Self.order("X", price: "1.005"), #"lines[0].unit_price "1.005" is not valid"#),
    // A misspelt key would have been dropped, and the order stored without it.
    (
      Self.order("X").replacingOccurrences(of: "\"tax\"", with: "\"taxes\""),
      #"key "lines[0].taxes" is not valid: expected one of item_id, item_name, category"#
    ),
    (
      Self.order("X").replacingOccurrences(of: "customer_id", with: "custmer_id"),
      #"key "custmer_id" is not valid: expected one of order_id, placed_at, status"#
    ),
  ])
  func badOrdersAre400(body: String, field: String) async throws {
    let server = try await TestServer()
    _ = try server.api.shops.addStore(id: "1", name: "Downtown", zone: .utc)
    let key = try server.api.server.createPOSKey(storeId: "1").key
    let (status, reply) = try await server.test {
      try await $0.json(.post, "/api/stores/1/orders", token: key, body: body)
    }
    #expect(status == .badRequest, "\(reply)")
    #expect(try JSON(reply)["error"]?.string?.contains(field) == true, "\(reply)")
    #expect(
      try server.api.shops.metrics(
        storeId: "1", range: .today, asOf: Zone.utc.localDate(of: TestServer.now),
        calendar: false
      ).totalOrders == 0)
  }

  /// A POS key does only its own store's orders; nothing else takes one, and it takes nothing
  /// else.
  @Test func keysAreScoped() async throws {
    let server = try await TestServer()
    _ = try server.api.shops.addStore(id: "1", name: "Downtown", zone: .utc)
    _ = try server.api.shops.addStore(id: "2", name: "Uptown", zone: .utc)
    let key1 = try server.api.server.createPOSKey(storeId: "1").key
    let session = try await server.token("u1")
    #expect(key1.hasPrefix("tpos_"))
    try await server.test { client in
      for (path, token) in [
        ("/api/stores/2/orders", key1), ("/api/stores/1/orders", session),
        ("/api/stores/1/orders", "tpos_guess"),
      ] {
        let (status, _) = try await client.json(.post, path, token: token, body: Self.order("Q"))
        #expect(status == .unauthorized, "\(path)")
      }
      let (visits, _) = try await client.json(.get, "/api/visits", token: key1)
      #expect(visits == .unauthorized)
      let (views, _) = try await client.json(.get, "/rest/v1/analytics_daily_stats", token: key1)
      #expect(views == .unauthorized)
    }
  }
}
