import AnalyticsCore
import DataFormats
import Foundation
import Hummingbird
import RVUDomain

extension TallyAPI {
  /// The seed's visits API: the signed-in user's visits only; another user's id is a 404.
  var visitRoutes: [Route] {
    [
      Route(.get, "/api/visits") { request, context in
        let user = try await user(request, context: context)
        let query = request.uri.queryParameters
        let from = try Self.day(query["start"], field: "start")
        let through = try Self.day(query["end"], field: "end")
        let visits = try APIError.answeringRVU {
          try rvu.visits(userId: user, from: from, through: through)
        }
        return JSONResponse.array(visits.map { $0.jsonObject(nested: true) })
      },
      Route(.post, "/api/visits") { request, context in
        let user = try await user(request, context: context)
        let input = try await Self.visitBody(request, context: context)
        let visit = try APIError.answeringRVU {
          try rvu.addVisit(input, userId: user)
        }
        return JSONResponse.object(visit.jsonObject(nested: true), status: .created)
      },
      Route(.put, "/api/visits/{id}") { request, context in
        let user = try await user(request, context: context)
        let id = try Self.visitId(context)
        let input = try await Self.visitBody(request, context: context)
        let visit = try APIError.answeringRVU {
          try rvu.updateVisit(id: id, with: input, userId: user)
        }
        return JSONResponse.object(visit.jsonObject(nested: true))
      },
      Route(.delete, "/api/visits/{id}") { request, context in
        let user = try await user(request, context: context)
        let id = try Self.visitId(context)
        try APIError.answeringRVU {
          try rvu.deleteVisit(id: id, userId: user)
        }
        return JSONResponse.object(["message": .string("Visit deleted")])
      },
    ]
  }

  /// A visit body, read by the domain's own reader (the one `rvu-cli visits import` uses).
  static func visitBody(_ request: Request, context: ServerContext) async throws -> VisitInput {
    let data = try await JSONBody.bytes(request, context: context, storesText: true)
    // Syntax and shape first, so malformed JSON is a plain 400 before the domain reads fields.
    struct AnObject: Decodable {}
    _ = try JSONBody.decode(AnObject.self, from: data)
    return try APIError.answeringRVU {
      try VisitInput(body: data)
    }
  }

  /// The `{id}` of the path: a positive integer, else 400 `Invalid visit ID`, as the RVU
  /// backend answers (`src/app/api/visits/[id]/route.ts`); a valid id of no visit of the user's
  /// is the domain's 404.
  static func visitId(_ context: ServerContext) throws -> Int64 {
    guard let text = context.parameters.get("id"), let id = positiveId(text) else {
      throw APIError.message(.badRequest, "Invalid visit ID")
    }
    return id
  }

  /// A `YYYY-MM-DD` query parameter, when given.
  /// A `YYYY-MM-DD` query parameter that must be there.
  static func requiredDay(_ request: Request, _ field: String) throws -> LocalDate {
    guard let day = try day(request.uri.queryParameters[field[...]], field: field) else {
      throw APIError.message(.badRequest, "Missing query parameter: \(field) (YYYY-MM-DD)")
    }
    return day
  }

  static func day(_ text: Substring?, field: String) throws -> LocalDate? {
    guard let text else { return nil }
    do { return try LocalDate(parsing: String(text)) } catch {
      throw APIError.message(
        .badRequest,
        TallyError.invalid(field, String(text), expected: "a date as YYYY-MM-DD").description)
    }
  }
}
