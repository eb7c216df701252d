import AnalyticsCore
import Hummingbird
import RVUDomain
import RVUReports
import StoreAnalytics
import StoreReports

extension TallyAPI {
  /// The HTML reports of `rvu-cli report` and `store-metrics report`, built by the same page
  /// builders, behind the same session tokens and store grants as the JSON routes.
  var reportRoutes: [Route] {
    [
      Route(.get, "/reports/rvu") { request, context in
        let user = try await user(request, context: context)
        let query = request.uri.queryParameters
        guard let start = try Self.day(query["start"], field: "start") else {
          throw APIError.message(.badRequest, "Missing query parameter: start (YYYY-MM-DD)")
        }
        guard let end = try Self.day(query["end"], field: "end") else {
          throw APIError.message(.badRequest, "Missing query parameter: end (YYYY-MM-DD)")
        }
        let period = try Self.period(query["period"])
        let page = try Self.rvuCall {
          try RVUReportPage.build(
            store: rvu, userId: user, range: try DayRange(start: start, end: end),
            period: period, asOf: nil, generatedAt: clock(), zone: nil)
        }
        return HTMLResponse.page(page.render())
      },
      Route(.get, "/reports/stores/{id}") { request, context in
        let user = try await user(request, context: context)
        let storeId = context.parameters.get("id") ?? ""
        let text = request.uri.queryParameters["range"].map(String.init) ?? "month"
        guard let range = MetricsRange(rawValue: text) else {
          throw APIError.message(
            .badRequest,
            TallyError.invalid("range", text, expected: "today, week, month, quarter or year")
              .description)
        }
        let granted = try Self.serverFailure { try server.grantedStores(userId: user) }
        let known = try Self.serverFailure { try shops.stores().map(\.id) }
        guard granted.contains(storeId), known.contains(storeId) else {
          // Not granted and not there answer alike: nothing is revealed about other stores.
          throw APIError.message(
            .notFound, "no store \(TallyError.quote(storeId)) for this user")
        }
        let page = try Self.serverFailure {
          try StoreReportPage.build(
            shops: shops, storeId: storeId, range: range, asOf: nil, now: clock())
        }
        return HTMLResponse.page(page.render())
      },
    ]
  }
}

/// A report page as `text/html; charset=utf-8`.
enum HTMLResponse {
  static func page(_ html: String) -> Response {
    let bytes = Array(html.utf8)
    return Response(
      status: .ok,
      headers: [.contentType: "text/html; charset=utf-8", .contentLength: String(bytes.count)],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
