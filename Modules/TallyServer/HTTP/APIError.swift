import AnalyticsCore
import DataFormats
import Hummingbird

/// An error answer with a JSON body: `{"error": "…"}` for the RVU API (seed 001),
/// `{code, message, details, hint}` for the PostgREST paths (seed 003's client reads that).
public struct APIError: Error, HTTPResponseError, Sendable {
  public let status: HTTPResponse.Status
  public let body: JSONObject
  /// For the request log only: why, when the body says less (an auth failure's detail).
  public let reason: String?
  /// Seconds for `Retry-After` (a 429 or 503).
  public let retryAfter: Int?

  public init(
    _ status: HTTPResponse.Status, body: JSONObject, reason: String? = nil,
    retryAfter: Int? = nil
  ) {
    self.status = status
    self.body = body
    self.reason = reason
    self.retryAfter = retryAfter
  }

  /// `{"error": message}`, the RVU API's shape.
  public static func message(_ status: HTTPResponse.Status, _ message: String) -> APIError {
    APIError(status, body: ["error": .string(message)])
  }

  /// PostgREST's error shape. `code` is PostgREST's own (`PGRST100` a bad query, `PGRST202` an
  /// unknown function) so a Supabase client reports it as it would against Supabase.
  public static func postgREST(
    _ status: HTTPResponse.Status, code: String, message: String, details: String? = nil,
    hint: String? = nil
  ) -> APIError {
    APIError(
      status,
      body: [
        "code": .string(code), "message": .string(message),
        "details": details.map(JSONValue.string) ?? .null,
        "hint": hint.map(JSONValue.string) ?? .null,
      ])
  }

  public func response(from request: Request, context: some RequestContext) throws -> Response {
    var response = JSONResponse.object(body, status: status)
    if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
    return response
  }
}

extension APIError {
  /// The two shapes of an error body: the RVU API's `{"error"}` and PostgREST's `{code, message}`.
  enum Shape { case rvu, postgREST }

  /// The one mapping from what a route's work threw to its answer, for every route: 404 when the
  /// thing the path names does not exist for this user (a visit, a favorite, an order: never 403,
  /// which would say it exists), 400 naming the field for any other refusal, and 500 for a storage
  /// failure or an error that is not a refusal (its text only in the request log).
  static func answer(to error: any Error, as shape: Shape, notFoundKinds: Set<String> = [])
    -> APIError
  {
    if let error = error as? APIError { return error }
    guard var refusal = error as? TallyError,
      refusal.category != .io, refusal.category != .unavailable
    else { return serverError(error) }
    refusal.source = nil
    var notFound = false
    if case .notFound(let kind, _, _) = refusal.cause { notFound = notFoundKinds.contains(kind) }
    let status: HTTPResponse.Status = notFound ? .notFound : .badRequest
    switch shape {
    case .rvu: return .message(status, refusal.description)
    case .postgREST:
      return .postgREST(
        status, code: notFound ? "PGRST116" : "PGRST100", message: refusal.description)
    }
  }

  /// A 500 that tells the client nothing; the request log has `error`.
  static func serverError(_ error: any Error) -> APIError {
    APIError(.internalServerError, body: ["error": .string("Server error")], reason: "\(error)")
  }

  /// Runs a route's work, answering what it throws by `answer(to:as:notFoundKinds:)`.
  static func answering<T>(
    as shape: Shape = .rvu, notFoundKinds: Set<String> = [], _ body: () throws -> T
  ) throws -> T {
    do { return try body() } catch {
      throw answer(to: error, as: shape, notFoundKinds: notFoundKinds)
    }
  }

  /// `answering` for the RVU routes: a visit, favorite or custom code that does not exist is a
  /// 404, as the seed's backend answers.
  static func answeringRVU<T>(_ body: () throws -> T) throws -> T {
    try answering(notFoundKinds: ["visit", "favorite", "custom code"], body)
  }

  static func unauthorized(_ failure: AuthFailure) -> APIError {
    APIError(.unauthorized, body: ["error": .string(failure.message)], reason: "\(failure)")
  }
}

/// JSON answers written with DataFormats' `JSONWriter`, the one writer the CLIs use, so the
/// server's bytes are the CLI's bytes.
enum JSONResponse {
  static func object(_ object: JSONObject, status: HTTPResponse.Status = .ok) -> Response {
    bytes(JSONWriter.compactBytes(.object(object)), status: status)
  }

  static func array(_ rows: [JSONObject], status: HTTPResponse.Status = .ok) -> Response {
    bytes(JSONWriter.compactBytes(.array(rows.map(JSONValue.object))), status: status)
  }

  /// `bytes` as the body; JSON unless `contentType` says otherwise (a report page).
  static func bytes(
    _ bytes: [UInt8], status: HTTPResponse.Status,
    contentType: String = "application/json; charset=utf-8"
  ) -> Response {
    Response(
      status: status,
      // nosniff: a browser shows JSON as JSON, never as the HTML a stored name could spell.
      headers: [
        .contentType: contentType, .contentLength: String(bytes.count),
        .xContentTypeOptions: "nosniff",
      ],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
