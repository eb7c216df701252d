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
        let query = request.formQuery
        let (start, end) = try (
          Self.requiredDay(query, "start"), Self.requiredDay(query, "end")
        )
        let period = try Self.period(query["period"])
        let page = try APIError.answeringRVU {
          try RVUReportPage.build(
            store: rvu, userId: user, range: try DayRange(start: start, end: end),
            period: period, asOf: nil, generatedAt: clock.now(), zone: nil)
        }
        return HTMLResponse.page(page.render())
      },
      Route(.get, "/reports/stores/{id}") { request, context in
        let user = try await user(request, context: context)
        let storeId = context.pathParameter("id") ?? ""
        let text = request.formQuery["range"].map(String.init) ?? "month"
        guard let range = MetricsRange(rawValue: text) else {
          throw APIError.message(
            .badRequest,
            TallyError.invalid("range", text, expected: "today, week, month, quarter or year")
              .description)
        }
        let granted = try APIError.answering { try server.grantedStores(userId: user) }
        guard granted.contains(storeId), let store = try existingStore(storeId) else {
          // Not granted and not there answer alike: nothing is revealed about other stores.
          throw APIError.message(
            .notFound, "no store \(TallyError.quote(storeId)) for this user")
        }
        let page = try APIError.answering {
          try StoreReportPage.build(
            shops: shops, store: store, range: range, asOf: nil, now: clock.now())
        }
        return HTMLResponse.page(page.render())
      },
    ]
  }
}

/// A report page as `text/html; charset=utf-8`, under a policy that lets it do nothing but show
/// itself: its own inline stylesheet and SVG, no script, no request anywhere, no frame around
/// it. Stored text (item and store names) is escaped by ReportKit; the policy is the second
/// wall should that ever fail.
enum HTMLResponse {
  static let contentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
    + "form-action 'none'; frame-ancestors 'none'"

  static func page(_ html: String) -> Response {
    var response = JSONResponse.bytes(
      Array(html.utf8), status: .ok, contentType: "text/html; charset=utf-8")
    response.headers[.contentSecurityPolicy] = contentSecurityPolicy
    response.headers[.xContentTypeOptions] = "nosniff"
    return response
  }
}
