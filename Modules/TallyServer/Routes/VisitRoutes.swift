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
        let query = request.formQuery
        let from = try Self.day(query["start"], field: "start")
        let through = try Self.day(query["end"], field: "end")
        let ids = try APIError.answeringRVU {
          try rvu.visitIds(userId: user, from: from, through: through)
        }
        return try Self.streamedVisits(ids, userId: user, rvu: rvu, context: context)
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

  /// Visits read per page of a streamed listing: a page's JSON is what the answer holds in memory
  /// at once (about a megabyte with the longest notes), whatever the user's history.
  static let visitsPerPage = 100

  /// The user's visits as one JSON array written a page at a time as it is read (chunked): 150
  /// visits with 1 MiB notes made one 150 MB answer in memory before (issue 32). The ids are read
  /// first, so the order is the listing's; a visit deleted meanwhile is left out. The first page
  /// is read here, in the request (a failure is then a real status); each later one takes a slot
  /// of the RVU database's threads as a request does, and a failure there ends the answer
  /// unfinished (no closing chunk, which a client reads as an error) and is logged.
  static func streamedVisits(
    _ ids: [Int64], userId: String, rvu: RVUStore, context: ServerContext
  ) throws -> Response {
    let pages = stride(from: 0, to: ids.count, by: visitsPerPage).map {
      Array(ids[$0..<min($0 + visitsPerPage, ids.count)])
    }
    let firstPage = try APIError.answeringRVU {
      try rvu.visits(ids: pages.first ?? [], userId: userId)
    }
    let logger = context.logger
    return Response(
      status: .ok,
      headers: [.contentType: "application/json; charset=utf-8", .xContentTypeOptions: "nosniff"],
      body: ResponseBody { writer in
        var opened = false
        var wroteAny = false
        func write(_ visits: [VisitDetail]) async throws {
          var bytes: [UInt8] = opened ? [] : [UInt8(ascii: "[")]
          opened = true
          for visit in visits {
            if wroteAny { bytes.append(UInt8(ascii: ",")) }
            wroteAny = true
            bytes += JSONWriter.compactBytes(.object(visit.jsonObject(nested: true)))
          }
          try await writer.write(ByteBuffer(bytes: bytes))
        }
        do {
          try await write(firstPage)
          for page in pages.dropFirst() {
            let threads = TallyAPI.rvuThreads
            while !threads.admit() { try await Task.sleep(for: .milliseconds(20)) }
            defer { threads.leave() }
            try await write(
              try await withTaskExecutorPreference(threads) {
                try rvu.visits(ids: page, userId: userId)
              })
          }
          try await writer.write(ByteBuffer(string: "]"))
          try await writer.finish(nil)
        } catch {
          logger.error(
            "GET /api/visits ended unfinished",
            metadata: ["error": "\(error)", "user": "\(userId)"])
          throw error
        }
      })
  }

  /// The `{id}` of the path: a positive integer, else 400 `Invalid visit ID`, as the RVU
  /// backend answers (`src/app/api/visits/[id]/route.ts`); a valid id of no visit of the user's
  /// is the domain's 404.
  static func visitId(_ context: ServerContext) throws -> Int64 {
    guard let text = context.pathParameter("id"), let id = positiveId(text) else {
      throw APIError.message(.badRequest, "Invalid visit ID")
    }
    return id
  }

  /// A `YYYY-MM-DD` query parameter, when given.
  /// A `YYYY-MM-DD` query parameter that must be there.
  static func requiredDay(_ query: FormQuery, _ field: String) throws -> LocalDate {
    guard let day = try day(query[field], field: field) else {
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
