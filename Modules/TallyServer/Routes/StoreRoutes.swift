import AnalyticsCore
import DataFormats
import Foundation
import Hummingbird
import StoreAnalytics

extension TallyAPI {
  /// The PostgREST paths of seed 003's Supabase calls and migration 024: three RPCs and twelve
  /// views, for the stores the signed-in user was granted (as row-level security would: a view
  /// shows only granted stores' rows, an RPC for another store is a 404).
  var storeRoutes: [Route] {
    let rpcs = [
      Route(.post, "/rest/v1/rpc/get_store_metrics") { request, context in
        let (store, range, asOf) = try await rpcArguments(request, context: context)
        return try answer(["metrics", store.id, "\(range)", "\(asOf)"]) {
          let metrics = try shops.metrics(of: store, range: range, asOf: asOf, calendar: false)
          return .array([.object(StoreWire.metrics(metrics, seedApp: true))])
        }
      },
      Route(.post, "/rest/v1/rpc/get_revenue_chart_data") { request, context in
        let (store, range, asOf) = try await rpcArguments(request, context: context)
        return try answer(["chart", store.id, "\(range)", "\(asOf)"]) {
          .array(
            StoreWire.chart(try shops.chart(of: store, range: range, asOf: asOf)).map(
              JSONValue.object))
        }
      },
      // Migration 024's function: one JSON object, as PostgREST answers a function returning
      // JSON.
      Route(.post, "/rest/v1/rpc/get_business_insights") { request, context in
        let (store, _, asOf) = try await rpcArguments(request, context: context)
        return try answer(["insights", store.id, "\(asOf)"]) {
          .object(StoreWire.insights(try shops.insights(of: store, asOf: asOf)))
        }
      },
    ]
    return rpcs
      + StoreView.allCases.map { view in
        Route(.get, "/rest/v1/\(view.rawValue)") { request, context in
          let user = try await postgRESTUser(request, context: context)
          let query = try PostgRESTQuery(
            request.formQuery.pairs.map { ($0.name[...], $0.value[...]) }, columns: view.columns)
          let granted = try APIError.answering { try server.grantedStores(userId: user) }
          let stores =
            query.storeIds.map { Set($0).intersection(granted).sorted() } ?? granted.sorted()
          let rows = try APIError.answering(as: .postgREST) {
            try viewRows(view, stores: stores, query: query)
          }
          return JSONResponse.array(query.apply(rows))
        }
      }
  }

  /// The rows of a view over `stores` (granted ones only), before ordering and limit.
  func viewRows(_ view: StoreView, stores: [String], query: PostgRESTQuery) throws -> [JSONObject] {
    // A granted store that is not (yet) in the store database has no rows. Each store is looked
    // up once; its today is the domain's (`currentDay`).
    let known = try stores.compactMap(existingStore)
    let stores = known.map(\.id)
    let all = ShopAnalytics.maximumRows
    // The view's own order and limit can be left to the domain only for one store in that order;
    // otherwise every row is read and `PostgRESTQuery.apply` orders and cuts.
    // The domain takes 1…maximumRows; PostgREST's `limit=0` (no rows) is cut by `apply`.
    let limit =
      query.onlyLimits && stores.count == 1 ? min(max(query.limit ?? all, 1), all) : all
    switch view {
    case .dailyStats:
      return try known.flatMap { store in
        try shops.daily(of: store, limit: limit, asOf: shops.currentDay(in: store.zone))
          .map(StoreWire.daily)
      }
    case .hourlyToday:
      return try known.flatMap { store in
        try shops.hourly(of: store, date: shops.currentDay(in: store.zone)).map {
          StoreWire.hourly($0, storeId: store.id)
        }
      }
    case .timeDistribution:
      return try known.flatMap { store in
        try shops.timeDistribution(of: store, range: nil).map {
          StoreWire.timeDistribution($0, storeId: store.id)
        }
      }
    case .categoryDistribution:
      return try shops.categories(
        storeIds: Set(stores),
        limit: query.onlyLimits ? min(max(query.limit ?? all, 1), all) : all
      )
      .map { StoreWire.category($0, seedApp: true) }
    case .peakHours:
      return try known.flatMap { store in
        let days = ShopAnalytics.recentDays(asOf: shops.currentDay(in: store.zone))
        return try shops.hourly(of: store, range: days)
          .map { StoreWire.peakHour($0, storeId: store.id) }
      }
    case .dayOfWeek:
      return try known.flatMap { store in
        let days = ShopAnalytics.recentDays(asOf: shops.currentDay(in: store.zone))
        return try shops.weekdays(storeId: store.id, range: days)
          .map { StoreWire.dayOfWeek($0, storeId: store.id) }
      }
    case .revenueGoals:
      return try known.compactMap { store in
        try shops.revenueGoals(of: store, asOf: shops.currentDay(in: store.zone))
          .map(StoreWire.revenueGoals)
      }
    case .orderFunnel:
      return try known.flatMap { store in
        try shops.orderFunnel(of: store, asOf: shops.currentDay(in: store.zone))
          .map(StoreWire.orderFunnel)
      }
    case .popularItems:
      return try known.flatMap { store in
        try shops.popular(of: store, limit: limit).map {
          StoreWire.popular($0, seedApp: true)
        }
      }
    case .storeSummary:
      return try shops.storeSummaries(known, asOf: shops.currentDay(in:)).map {
        StoreWire.storeSummary($0.summary, shop: $0.store.shop)
      }
    case .customerInsights:
      // A row per store with a completed order, as the seed's grouping of orders gives.
      return try known.compactMap { store in
        let summary = try shops.customers(of: store, asOf: shops.currentDay(in: store.zone))
        return summary.orders > 0 ? StoreWire.customerInsights(summary) : nil
      }
    case .topCustomers:
      // Customers with more than one order, by spend; the seed's 100, per store.
      return try known.flatMap { store in
        try shops.customers(of: store, asOf: shops.currentDay(in: store.zone)).ranked
          .filter { $0.orders > 1 }.prefix(ShopAnalytics.topCustomerRows)
          .map { StoreWire.topCustomer($0, storeId: store.id, zone: store.zone) }
      }
    }
  }

  /// The JSON of `compute`, or the same answer made earlier at the store data's current revision
  /// (see `AnswerCache`).
  private func answer(_ key: [String], compute: () throws -> JSONValue) throws -> Response {
    try APIError.answering(as: .postgREST) {
      try storeAnswers.response(key, revision: try shops.revision(), compute: compute)
    }
  }

  /// The store with this id, looked up once; `nil` when there is none (a storage failure is a
  /// 500, never taken for a missing store).
  func existingStore(_ storeId: String) throws -> KnownStore? {
    do { return try shops.store(storeId) } catch {
      if case .notFound? = (error as? TallyError)?.cause { return nil }
      throw APIError.serverError(error)
    }
  }

  /// `{p_store_id, p_date_range}` of an RPC call, for a store the user was granted, with the
  /// store's today (the domain's `currentDay`).
  private func rpcArguments(_ request: Request, context: ServerContext) async throws -> (
    KnownStore, MetricsRange, LocalDate
  ) {
    let user = try await postgRESTUser(request, context: context)
    struct Body: Decodable {
      let storeId: StoreIdentifier
      let range: String?
      enum CodingKeys: String, CodingKey {
        case storeId = "p_store_id"
        case range = "p_date_range"
      }
    }
    let body: Body
    do { body = try await JSONBody.decode(Body.self, request, context: context) } catch let error
      as APIError where error.status == .badRequest
    {
      throw APIError.postgREST(
        .badRequest, code: "PGRST102", message: "Invalid body",
        details: error.body["error"]?.plainText,
        hint: "send {\"p_store_id\": 1, \"p_date_range\": \"today\"}")
    }
    let text = body.range ?? MetricsRange.today.rawValue
    guard let range = MetricsRange(rawValue: text) else {
      throw APIError.postgREST(
        .badRequest, code: "22023", message: "invalid p_date_range: \(TallyError.quote(text))",
        details: "expected today, week, month, quarter or year")
    }
    let storeId = body.storeId.text
    let granted = try APIError.answering { try server.grantedStores(userId: user) }
    guard granted.contains(storeId), let store = try existingStore(storeId) else {
      // Not granted and not there answer alike: nothing is revealed about other stores.
      throw APIError.postgREST(
        .notFound, code: "PGRST116", message: "no store \(TallyError.quote(storeId)) for this user",
        details: "the store does not exist or was not granted to you")
    }
    return (store, range, shops.currentDay(in: store.zone))
  }

  /// The signed-in user, with a 401 in PostgREST's shape.
  func postgRESTUser(_ request: Request, context: ServerContext) async throws -> String {
    do { return try await user(request, context: context) } catch let error as APIError {
      throw APIError(
        error.status,
        body: APIError.postgREST(
          error.status, code: "PGRST301", message: error.body["error"]?.plainText ?? "Unauthorized"
        ).body, reason: error.reason, retryAfter: error.retryAfter)
    }
  }
}

/// A store id as the seed sends it (an integer) or as Tally keeps it (text): `1` is store `"1"`.
struct StoreIdentifier: Decodable {
  let text: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let integer = try? container.decode(Int64.self) {
      text = String(integer)
    } else if let text = try? container.decode(String.self) {
      self.text = text
    } else {
      // Any other number (1.5, or past Int64) names no store: a 404, not a malformed body.
      text = "\(try container.decode(Decimal.self))"
    }
  }
}

/// The twelve views of seed 003's migration 024, with their columns (the keys of `StoreWire`'s
/// rows, in order), which are all a query may name.
enum StoreView: String, CaseIterable {
  case dailyStats = "analytics_daily_stats"
  case hourlyToday = "analytics_hourly_today"
  case timeDistribution = "analytics_time_distribution"
  case categoryDistribution = "analytics_category_distribution"
  case popularItems = "analytics_popular_items"
  case peakHours = "analytics_peak_hours"
  case dayOfWeek = "analytics_day_of_week"
  case revenueGoals = "analytics_revenue_goals"
  case orderFunnel = "analytics_order_funnel"
  case storeSummary = "analytics_store_summary"
  case customerInsights = "analytics_customer_insights"
  case topCustomers = "analytics_top_customers"

  var columns: [String] {
    switch self {
    case .dailyStats:
      return [
        "store_id", "date", "total_orders", "total_revenue", "total_tax", "total_with_tax",
        "avg_order_value", "unique_customers",
      ]
    case .hourlyToday: return ["store_id", "hour", "orders", "revenue"]
    case .timeDistribution: return ["store_id", "time_period", "order_count", "revenue"]
    case .categoryDistribution:
      return ["category", "subcategory", "order_count", "items_sold", "total_revenue"]
    case .popularItems:
      return [
        "store_id", "menu_item_id", "item_name", "times_ordered", "total_quantity",
        "total_revenue", "avg_price",
      ]
    case .peakHours: return StoreWire.peakHourColumns
    case .dayOfWeek: return StoreWire.dayOfWeekColumns
    case .revenueGoals: return StoreWire.revenueGoalColumns
    case .orderFunnel: return StoreWire.orderFunnelColumns
    case .storeSummary: return StoreWire.storeSummaryColumns
    case .customerInsights: return StoreWire.customerInsightColumns
    case .topCustomers: return StoreWire.topCustomerColumns
    }
  }
}
