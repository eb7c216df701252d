import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import StoreAnalytics
import Testing

@testable import TallyServer

@Suite struct StoreRoutesTests {
  /// Store 1 (granted to u1) and store 2 (not granted), each with two completed orders placed a
  /// minute ago: store 1 sells 2 × 5.00 + 1 × 3.50 = 13.50, store 2 sells 4 × 2.00 = 8.00.
  static func seeded() async throws -> (TestServer, String) {
    let server = try await TestServer()
    _ = try server.api.shops.addStore(id: "1", name: "Downtown", zone: .utc)
    _ = try server.api.shops.addStore(id: "2", name: "Uptown", zone: .utc)
    let placed = PlacedAt.instant(TestServer.now.adding(seconds: -60))
    func line(_ order: String, _ store: String, _ item: String, _ quantity: Int, _ cents: Int64)
      -> OrderLineInput
    {
      OrderLineInput(
        source: .init("test"), orderId: order, storeId: store, placedAt: placed,
        customerId: "c-\(order)", itemName: item, category: "Sandwiches",
        quantity: Quantity(quantity),
        unitPrice: FixedDecimal(hundredths: cents))
    }
    _ = try server.api.shops.importLines([
      line("A1", "1", "Club", 2, 500), line("A2", "1", "Soup", 1, 350),
      line("B1", "2", "Tea", 4, 200),
    ])
    try server.api.server.grant(userId: "u1", storeId: "1", role: .owner)
    return (server, try await server.token("u1"))
  }

  /// Migration 024's `analytics_peak_hours` and `analytics_day_of_week` over the last 30 store
  /// days: store 1's two orders (10.00 and 3.50) in one hour of one weekday, worked out here with
  /// Foundation's calendar.
  @Test func peakHoursAndDayOfWeek() async throws {
    let (server, token) = try await Self.seeded()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    calendar.locale = Locale(identifier: "en_US")
    let placed = TestServer.now.adding(seconds: -60).date
    let hour = calendar.component(.hour, from: placed)
    let dayNumber = calendar.component(.weekday, from: placed) - 1  // Foundation: Sunday is 1
    let dayName = calendar.weekdaySymbols[dayNumber]
    try await server.test { client in
      let (_, hours) = try await client.json(
        .get, "/rest/v1/analytics_peak_hours?order_count=gt.0", token: token)
      #expect(
        hours
          == #"[{"store_id":"1","hour":\#(hour),"order_count":2,"revenue":13.50,"avg_order_value":6.75}]"#
      )
      let (_, all) = try await client.json(.get, "/rest/v1/analytics_peak_hours", token: token)
      #expect(try JSON(all).array.count == 24)
      let (_, days) = try await client.json(
        .get, "/rest/v1/analytics_day_of_week?order_count=gt.0", token: token)
      #expect(
        days
          == #"[{"store_id":"1","day_name":"\#(dayName)","day_number":\#(dayNumber),"order_count":2,"total_revenue":13.50,"avg_order_value":6.75}]"#
      )
      // get_business_insights: that hour, that weekday, the one category; two customers with
      // one order each: none repeats, 0.0%.
      let (_, insights) = try await client.json(
        .post, "/rest/v1/rpc/get_business_insights", token: token, body: #"{"p_store_id": 1}"#)
      #expect(
        insights
          == #"{"peak_hour":\#(hour),"busiest_day":"\#(dayName)","top_category":"Sandwiches","customer_retention":0.0,"avg_wait_time":null}"#
      )
    }
  }

  /// `analytics_revenue_goals` and `analytics_order_funnel`: store 1 has one trading day of
  /// 13.50 over 2 orders, so its averages, best and worst are that day's; goals 1.2 × 13.50 =
  /// 16.20 and 1.2 × 2 = 2.40. Its funnel: 2 completed orders of 13.50, none cancelled or
  /// refunded.
  @Test func revenueGoalsAndOrderFunnel() async throws {
    let (server, token) = try await Self.seeded()
    try await server.test { client in
      let (_, goals) = try await client.json(.get, "/rest/v1/analytics_revenue_goals", token: token)
      #expect(
        goals
          == #"[{"store_id":"1","avg_daily_revenue":13.50,"best_day_revenue":13.50,"worst_day_revenue":13.50,"avg_daily_orders":2.00,"revenue_goal":16.20,"orders_goal":2.40}]"#
      )
      let (_, funnel) = try await client.json(
        .get, "/rest/v1/analytics_order_funnel?select=status,order_count,revenue", token: token)
      #expect(
        funnel
          == #"[{"status":"completed","order_count":2,"revenue":13.50},{"status":"cancelled","order_count":0,"revenue":0.00},{"status":"refunded","order_count":0,"revenue":0.00}]"#
      )
    }
  }

  @Test func metricsRPCForAGrantedStore() async throws {
    let (server, token) = try await Self.seeded()
    try await server.test { client in
      // The seed sends the store id as an integer; Tally's text id "1" answers.
      for storeId in ["1", "\"1\""] {
        let (status, body) = try await client.json(
          .post, "/rest/v1/rpc/get_store_metrics", token: token,
          body: #"{"p_store_id": \#(storeId), "p_date_range": "today"}"#)
        #expect(status == .ok, "\(body)")
        let metrics = try #require(try JSON(body)[0])
        #expect(metrics["total_revenue"] == .number(13.5))
        #expect(metrics["total_orders"] == .number(2))
        // Nothing the day before: no change from zero, and the seed app's Decimal decodes 0 with
        // revenue_change_known saying so; customers are named, so they are known.
        #expect(metrics["revenue_change"] == .number(0))
        #expect(metrics["revenue_change_known"] == .bool(false))
        #expect(metrics["unique_customers"] == .number(2))
        #expect(metrics["unique_customers_known"] == .bool(true))
        #expect(metrics["orders_change"] == .number(2))
      }
      let (_, chart) = try await client.json(
        .post, "/rest/v1/rpc/get_revenue_chart_data", token: token,
        body: #"{"p_store_id": 1, "p_date_range": "today"}"#)
      let points = try JSON(chart).array
      #expect(points.count == 24)
      #expect(points[0].keys == ["time_label", "revenue", "orders"])
      #expect(points.compactMap { $0["revenue"]?.number }.reduce(0, +) == 13.5)
    }
  }

  /// A store not granted and one that does not exist answer alike: 404 in PostgREST's shape.
  @Test func rpcForAStoreNotGrantedIs404() async throws {
    let (server, token) = try await Self.seeded()
    for storeId in ["2", "99"] {
      let (status, body) = try await server.test {
        try await $0.json(
          .post, "/rest/v1/rpc/get_store_metrics", token: token,
          body: #"{"p_store_id": \#(storeId), "p_date_range": "week"}"#)
      }
      #expect(status == .notFound)
      #expect(try JSON(body).keys == ["code", "message", "details", "hint"])
    }
  }

  @Test func badRPCBodiesAre400() async throws {
    let (server, token) = try await Self.seeded()
    for body in [
      #"{"p_store_id": 1, "p_date_range": "decade"}"#, #"{"p_date_range": "today"}"#, "[1]",
    ] {
      let (status, reply) = try await server.test {
        try await $0.json(.post, "/rest/v1/rpc/get_store_metrics", token: token, body: body)
      }
      #expect(status == .badRequest, "\(body)")
      #expect(try JSON(reply).keys == ["code", "message", "details", "hint"])
    }
  }

  @Test func viewsShowOnlyGrantedStores() async throws {
    let (server, token) = try await Self.seeded()
    try await server.test { client in
      // As the seed's client calls it: .from(…).select().eq("store_id", 1).limit(5).
      let (status, body) = try await client.json(
        .get, "/rest/v1/analytics_popular_items?select=*&store_id=eq.1&limit=5", token: token)
      #expect(status == .ok)
      let items = try JSON(body).array
      #expect(items.map { $0["item_name"] } == [.string("Club"), .string("Soup")])
      #expect(items[0]["total_revenue"] == .number(10))

      // limit=0 is PostgREST's "no rows" (schemathesis found it refused as a bad limit).
      for path in [
        "analytics_popular_items?store_id=eq.1&limit=0", "analytics_daily_stats?limit=0",
        "analytics_category_distribution?limit=0",
      ] {
        let (zeroStatus, zero) = try await client.json(.get, "/rest/v1/\(path)", token: token)
        #expect(zeroStatus == .ok && zero == "[]", "\(path): \(zero)")
      }

      // Store 2 is not granted: no rows, as row-level security would answer.
      let (_, other) = try await client.json(
        .get, "/rest/v1/analytics_popular_items?store_id=eq.2", token: token)
      #expect(other == "[]")
      // Without a filter: store 1's rows only.
      let (_, all) = try await client.json(.get, "/rest/v1/analytics_daily_stats", token: token)
      #expect(try JSON(all).array.map { $0["store_id"] } == [.string("1")])
      // Categories over the granted stores only: 13.50, not 21.50.
      let (_, categories) = try await client.json(
        .get, "/rest/v1/analytics_category_distribution?select=*&limit=10", token: token)
      #expect(try JSON(categories)[0]?["total_revenue"] == .number(13.5))

      let (_, hourly) = try await client.json(
        .get, "/rest/v1/analytics_hourly_today?store_id=eq.1&order=hour.desc", token: token)
      let hours = try JSON(hourly).array
      #expect(hours.count == 24)
      #expect(hours.first?["hour"] == .number(23))

      let (_, parts) = try await client.json(
        .get, "/rest/v1/analytics_time_distribution?store_id=eq.1&order=order_count.desc&limit=1",
        token: token)
      #expect(try JSON(parts).array.first?["order_count"] == .number(2))

      // Ascending by revenue: Soup (3.50) before Club (10.00).
      let (_, ascending) = try await client.json(
        .get, "/rest/v1/analytics_popular_items?order=total_revenue.asc", token: token)
      #expect(
        try JSON(ascending).array.map { $0["item_name"] } == [.string("Soup"), .string("Club")])
    }
    // A user with no grant sees nothing.
    let stranger = try await server.token("stranger")
    let (_, nothing) = try await server.test {
      try await $0.json(.get, "/rest/v1/analytics_popular_items", token: stranger)
    }
    #expect(nothing == "[]")
  }

  /// The PostgREST subset a Supabase client sends: named columns, filters on any column of the
  /// view, several order columns, offset and limit (store 1's items: Club 10.00, Soup 3.50; store
  /// 2's Tea is not granted).
  @Test(arguments: [
    (
      "select=item_name,total_revenue&total_revenue=gte.5",
      #"[{"item_name":"Club","total_revenue":10.00}]"#
    ),
    ("select=item_name&item_name=in.(Soup,Tea)", #"[{"item_name":"Soup"}]"#),
    ("select=item_name&order=item_name.desc&offset=1&limit=1", #"[{"item_name":"Club"}]"#),
    (
      "select=item_name&store_id=in.(1,2)&order=total_quantity.asc,item_name",
      #"[{"item_name":"Soup"},{"item_name":"Club"}]"#
    ),
    ("select=item_name&times_ordered=neq.1", "[]"),
    ("select=item_name&total_revenue=lt.3.50", "[]"),
    ("select=item_name&total_revenue=lte.3.5", #"[{"item_name":"Soup"}]"#),
  ])
  func theSubsetASupabaseClientSends(query: String, expected: String) async throws {
    let (server, token) = try await Self.seeded()
    let (status, body) = try await server.test {
      try await $0.json(.get, "/rest/v1/analytics_popular_items?\(query)", token: token)
    }
    #expect(status == .ok, "\(query): \(body)")
    #expect(body == expected, "\(query)")
  }

  @Test(arguments: [
    ("store_id=like.1", "PGRST100"), ("name=eq.1", "42703"), ("select=nope", "42703"),
    ("order=nope.asc", "42703"), ("order=total_revenue.sideways", "PGRST100"),
    ("limit=ten", "PGRST100"), ("offset=-1", "PGRST100"), ("item_name=in.Soup", "PGRST100"),
    ("or=(a,b)", "42703"),
  ])
  func otherQueriesAre400InPostgRESTShape(query: String, code: String) async throws {
    let (server, token) = try await Self.seeded()
    let (status, body) = try await server.test {
      try await $0.json(.get, "/rest/v1/analytics_popular_items?\(query)", token: token)
    }
    #expect(status == .badRequest, "\(query)")
    let error = try JSON(body)
    #expect(error.keys == ["code", "message", "details", "hint"])
    #expect(error["code"] == .string(code), "\(query)")
  }

  @Test func viewsAndRPCsNeedASession() async throws {
    let (server, _) = try await Self.seeded()
    let (view, viewBody) = try await server.test {
      try await $0.json(.get, "/rest/v1/analytics_daily_stats")
    }
    #expect(view == .unauthorized)
    #expect(try JSON(viewBody).keys == ["code", "message", "details", "hint"])
    let (rpc, _) = try await server.test {
      try await $0.json(
        .post, "/rest/v1/rpc/get_store_metrics", body: #"{"p_store_id": 1}"#)
    }
    #expect(rpc == .unauthorized)
  }

  /// The views' columns are exactly the keys of the rows StoreWire writes.
  @Test func viewColumnsAreTheWireKeys() async throws {
    let (server, _) = try await Self.seeded()
    // A second order of A1's customer, so that `analytics_top_customers` has a row.
    _ = try server.api.shops.importLines([
      OrderLineInput(
        source: .init("test"), orderId: "A3", storeId: "1",
        placedAt: .instant(TestServer.now.adding(seconds: -30)), customerId: "c-A1",
        customerName: "Ann", itemName: "Tea", category: "Drinks", quantity: Quantity(1),
        unitPrice: FixedDecimal(hundredths: 200))
    ])
    for view in StoreView.allCases {
      let rows = try server.api.viewRows(
        view, stores: ["1"],
        query: try PostgRESTQuery([], columns: view.columns))
      let first = try #require(rows.first, "\(view)")
      #expect(first.keys == view.columns, "\(view)")
    }
  }
}
