import DataFormats
import Hummingbird

/// Answers a method the server does not serve on a path it does serve with 405 and the `Allow`
/// header (RFC 9110 §15.5.6). The router alone says 404, which would tell a client the path does
/// not exist.
struct MethodNotAllowed: RouterMiddleware {
  typealias Context = ServerContext
  /// Each route pattern split into segments, with the methods it serves.
  private let patterns: [(segments: [Substring], methods: [String])]

  init(routes: [Route]) {
    var methods: [String: Set<String>] = [:]
    for route in routes { methods[route.path, default: []].insert(route.method.rawValue) }
    patterns = methods.map { path, methods in
      (path.split(separator: "/"), methods.sorted() + (methods.contains("GET") ? ["HEAD"] : []))
    }
  }

  func handle(
    _ request: Request, context: ServerContext,
    next: (Request, ServerContext) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as any HTTPResponseError where error.status == .notFound {
      guard let allowed = allowedMethods(request.uri.path),
        !allowed.contains(request.method.rawValue)
      else { throw error }
      let allow = allowed.joined(separator: ", ")
      var response = JSONResponse.object(
        ["error": .string("Method not allowed: expected \(allow)")], status: .methodNotAllowed)
      response.headers[.allow] = allow
      return response
    }
  }

  /// The methods of the route whose pattern (`{name}` matches any one segment) fits `path`.
  private func allowedMethods(_ path: String) -> [String]? {
    let segments = path.split(separator: "/")
    for (pattern, methods) in patterns where pattern.count == segments.count {
      let fits = zip(pattern, segments).allSatisfy { expected, actual in
        (expected.hasPrefix("{") && expected.hasSuffix("}")) || expected == actual
      }
      if fits { return methods }
    }
    return nil
  }
}
