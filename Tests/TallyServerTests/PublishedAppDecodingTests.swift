import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import StoreAnalytics
import StoreModel
import Testing

@testable import TallyServer

// The published apps' decoding rules, restated here (our code, not theirs) from
// `ncadsxhvs/trackmyruv` `Models/Visit.swift`, `Models/Favorite.swift` (decoded with
// `.convertFromSnakeCase` and `.iso8601`) and seed 003's "Step 3: Define Data Models" (plain
// `JSONDecoder`, explicit snake_case keys). A field the app declares non-optional is required
// here with the app's type; an id is text or an integer, as the app's `decodeStringOrInt`.

/// Text or an integer, as TrackMyRVU reads ids.
private struct TextOrInt: Decodable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if (try? container.decode(String.self)) == nil { _ = try container.decode(Int.self) }
  }
}

private struct AppVisit: Decodable {
  let id: TextOrInt
  let userId: TextOrInt
  let date: String
  let time: String?
  let notes: String?
  let isNoShow: Bool?
  let procedures: [AppVisitProcedure]?
  let createdAt: String?
  let updatedAt: String?
}

private struct AppVisitProcedure: Decodable {
  let id: TextOrInt
  let visitId: TextOrInt
  let hcpcs: String
  let description: String
  let statusCode: String
  let quantity: Int?
}

private struct AppFavorite: Decodable {
  let id: TextOrInt
  let userId: String
  let hcpcs: String
  let sortOrder: Int?
  let createdAt: Date?
}

private struct SeedStoreMetrics: Decodable {
  let totalRevenue: Decimal
  let totalOrders: Int
  let avgOrderValue: Decimal
  let uniqueCustomers: Int
  let revenueChange: Decimal
  let ordersChange: Int

  enum CodingKeys: String, CodingKey {
    case totalRevenue = "total_revenue"
    case totalOrders = "total_orders"
    case avgOrderValue = "avg_order_value"
    case uniqueCustomers = "unique_customers"
    case revenueChange = "revenue_change"
    case ordersChange = "orders_change"
  }
}

private struct SeedChartPoint: Decodable {
  let timeLabel: String
  let revenue: Decimal
  let orders: Int
  enum CodingKeys: String, CodingKey {
    case timeLabel = "time_label"
    case revenue, orders
  }
}

private struct SeedTimeDistribution: Decodable {
  let timePeriod: String
  let orderCount: Int
  let revenue: Decimal
  enum CodingKeys: String, CodingKey {
    case timePeriod = "time_period"
    case orderCount = "order_count"
    case revenue
  }
}

private struct SeedPopularItem: Decodable {
  let menuItemId: Int
  let itemName: String
  let timesOrdered: Int
  let totalQuantity: Int
  let totalRevenue: Decimal
  let avgPrice: Decimal
  enum CodingKeys: String, CodingKey {
    case menuItemId = "menu_item_id"
    case itemName = "item_name"
    case timesOrdered = "times_ordered"
    case totalQuantity = "total_quantity"
    case totalRevenue = "total_revenue"
    case avgPrice = "avg_price"
  }
}

private struct SeedCategory: Decodable {
  let category: String
  let subcategory: String?
  let orderCount: Int
  let itemsSold: Int
  let totalRevenue: Decimal
  enum CodingKeys: String, CodingKey {
    case category, subcategory
    case orderCount = "order_count"
    case itemsSold = "items_sold"
    case totalRevenue = "total_revenue"
  }
}

@Suite struct PublishedAppDecodingTests {
  private static func appDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  /// TrackMyRVU's visit history and favorites: a visit with a catalog code, one with a code the
  /// catalog lacks (no description or status: empty text, never null) and one with a custom code.
  @Test func trackMyRVUDecodesVisitsAndFavorites() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      _ = try await client.json(
        .post, "/api/custom-codes", token: token,
        body: #"{"hcpcs": "ZZ001", "description": "Coaching", "work_rvu": 1.2}"#)
      for body in [
        VisitRoutesTests.visit,
        #"{"date": "2026-02-09", "procedures": [{"hcpcs": "0591T", "work_rvu": 1.2}]}"#,
        #"{"date": "2026-02-09", "procedures": [{"hcpcs": "ZZ001"}]}"#,
      ] {
        let (status, answer) = try await client.json(.post, "/api/visits", token: token, body: body)
        #expect(status == .created, "\(answer)")
        _ = try Self.appDecoder().decode(AppVisit.self, from: Data(answer.utf8))
      }
      _ = try await client.json(
        .post, "/api/favorites", token: token, body: #"{"hcpcs": "99213"}"#)
      let (_, list) = try await client.json(.get, "/api/visits", token: token)
      let visits = try Self.appDecoder().decode([AppVisit].self, from: Data(list.utf8))
      #expect(visits.count == 3)
      #expect(
        visits.flatMap { $0.procedures ?? [] }.map(\.hcpcs).sorted() == ["0591T", "99213", "ZZ001"])
      let (_, favorites) = try await client.json(.get, "/api/favorites", token: token)
      let decoded = try Self.appDecoder().decode([AppFavorite].self, from: Data(favorites.utf8))
      #expect(decoded.map(\.hcpcs) == ["99213"])
    }
  }

  /// The seed business app's analytics screen: a store opened today with no order naming a
  /// customer and nothing before (no comparison, customers unknown), and a store with no order.
  @Test func theSeedBusinessAppDecodesEveryAnalyticsCall() async throws {
    let server = try await TestServer()
    _ = try server.api.shops.addStore(id: "1", name: "New", zone: .utc)
    _ = try server.api.shops.addStore(id: "2", name: "Empty", zone: .utc)
    _ = try server.api.shops.importLines([
      OrderLineInput(
        source: .init("test"), orderId: "A1", storeId: "1",
        placedAt: .instant(TestServer.now.adding(seconds: -60)), itemName: "Cheddar",
        category: "Deli", quantity: Quantity(thousandths: 1500),
        unitPrice: FixedDecimal(hundredths: 999))
    ])
    for store in ["1", "2"] {
      try server.api.server.grant(userId: "u1", storeId: store, role: .owner)
    }
    let token = try await server.token("u1")
    let decoder = JSONDecoder()
    try await server.test { client in
      for store in ["1", "2"] {
        for range in ["today", "week", "month"] {
          let (status, body) = try await client.json(
            .post, "/rest/v1/rpc/get_store_metrics", token: token,
            body: #"{"p_store_id": \#(store), "p_date_range": "\#(range)"}"#)
          #expect(status == .ok, "\(body)")
          let metrics = try decoder.decode([SeedStoreMetrics].self, from: Data(body.utf8))
          #expect(metrics.count == 1)
          let (_, chart) = try await client.json(
            .post, "/rest/v1/rpc/get_revenue_chart_data", token: token,
            body: #"{"p_store_id": \#(store), "p_date_range": "\#(range)"}"#)
          _ = try decoder.decode([SeedChartPoint].self, from: Data(chart.utf8))
        }
        let (_, parts) = try await client.json(
          .get, "/rest/v1/analytics_time_distribution?store_id=eq.\(store)", token: token)
        _ = try decoder.decode([SeedTimeDistribution].self, from: Data(parts.utf8))
        let (_, items) = try await client.json(
          .get, "/rest/v1/analytics_popular_items?store_id=eq.\(store)", token: token)
        let popular = try decoder.decode([SeedPopularItem].self, from: Data(items.utf8))
        // 1.5 kg of cheddar: whole units for the app's Int, rounded half up.
        #expect(popular.map(\.totalQuantity) == (store == "1" ? [2] : []))
      }
      let (_, categories) = try await client.json(
        .get, "/rest/v1/analytics_category_distribution?limit=10", token: token)
      _ = try decoder.decode([SeedCategory].self, from: Data(categories.utf8))
    }
  }
}
