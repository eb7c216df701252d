import AnalyticsCore
import DataFormats
import Hummingbird
import RVUDomain

extension TallyAPI {
  /// The seed's analytics and code search.
  var analyticsRoutes: [Route] {
    [
      Route(.get, "/api/analytics") { request, context in
        let user = try await user(request, context: context)
        let query = request.formQuery
        let (start, end) = try (
          Self.requiredDay(query, "start"), Self.requiredDay(query, "end")
        )
        let period = try Self.period(query["period"])
        let byCode: Bool
        switch query["groupBy"] {
        case nil: byCode = false
        case "hcpcs"?: byCode = true
        case let other?:
          throw APIError.message(
            .badRequest,
            TallyError.invalid("groupBy", String(other), expected: "hcpcs").description)
        }
        let key = ["analytics", user, "\(start)", "\(end)", "\(period)", "\(byCode)"]
        return try rvuAnswer(key) {
          let report = try rvu.analytics(
            RVUAnalyticsQuery(
              userId: user, range: try DayRange(start: start, end: end), period: period,
              groupByCode: byCode))
          let rows = byCode ? report.codes.map(\.jsonObject) : report.summary.map(\.jsonObject)
          return .array(rows.map(JSONValue.object))
        }
      },
      Route(.get, "/api/rvu/search") { request, context in
        let user = try await user(request, context: context)
        let query = request.formQuery
        // Without a query there is nothing to search: 400, as the RVU backend answers.
        guard let text = query["q"].map(String.init), !text.isEmpty else {
          throw APIError.message(.badRequest, #"Query parameter "q" is required"#)
        }
        var limit = RVUStore.defaultSearchLimit
        if let given = query["limit"] {
          guard let number = Int(given) else {
            throw APIError.message(
              .badRequest,
              TallyError.invalid(
                "limit", String(given),
                expected: "a whole number from 1 to \(RVUStore.searchLimits.upperBound)"
              ).description)
          }
          limit = number
        }
        let rows = try APIError.answeringRVU {
          try rvu.searchCodes(text, limit: limit, userId: user)
        }
        return JSONResponse.array(rows.map(\.jsonObject))
      },
    ]
  }

  /// The JSON of `compute`, or the same answer made earlier while the RVU data was unchanged
  /// (see `AnswerCache`). `key` names everything the answer depends on, the user first.
  func rvuAnswer(_ key: [String], compute: () throws -> JSONValue) throws -> Response {
    try APIError.answeringRVU {
      try rvuAnswers.response(key, revision: try rvu.revision(), compute: compute)
    }
  }

  /// The seed's `period`: daily (default), weekly, monthly or yearly.
  static func period(_ text: Substring?) throws -> Period {
    guard let text else { return .day }
    let periods: [Substring: Period] = [
      "daily": .day, "weekly": .week, "monthly": .month, "yearly": .year,
    ]
    guard let period = periods[text] else {
      throw APIError.message(
        .badRequest,
        TallyError.invalid("period", String(text), expected: "daily, weekly, monthly or yearly")
          .description)
    }
    return period
  }
}
