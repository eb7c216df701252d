import DataFormats
import Hummingbird

/// One route: a method, a path in OpenAPI's form (`/api/visits/{id}`, which Hummingbird reads
/// too) and its handler. The server registers exactly `TallyAPI.routes`, and a test compares that
/// list with `Docs/openapi.yaml`, so the document cannot drift from the code.
public struct Route: Sendable {
  public let method: HTTPRequest.Method
  public let path: String
  /// The database the handler may block on, whose threads it runs on (`nil`: none, it runs on
  /// the cooperative pool).
  let database: RouteDatabase?
  let handler: @Sendable (Request, ServerContext) async throws -> Response

  init(
    _ method: HTTPRequest.Method, _ path: String,
    _ handler: @escaping @Sendable (Request, ServerContext) async throws -> Response
  ) {
    self.method = method
    self.path = path
    self.database = RouteDatabase(path: path)
    self.handler = handler
  }
}

/// Which database a route waits on, by its path: each has its own threads, so a lock held on
/// one (an `rvu-cli` import writing) delays only requests to it (issue 32). Every signed-in
/// route also reads the server's database, which only sign-in and keys write.
enum RouteDatabase: CaseIterable {
  case rvu, store, server

  /// `nil` for the probes (`/healthz`, `/readyz`), which must answer whatever the databases do.
  init?(path: String) {
    if path == "/healthz" || path == "/readyz" { return nil }
    if path.hasPrefix("/rest/v1/") || path.hasPrefix("/api/stores/")
      || path.hasPrefix("/reports/stores/")
    {
      self = .store
    } else if path.hasPrefix("/api/auth/") {
      self = .server
    } else {
      self = .rvu
    }
  }

  /// The threads of the routes on this database.
  var threads: BlockingExecutor {
    switch self {
    case .rvu: return TallyAPI.rvuThreads
    case .store: return TallyAPI.storeThreads
    case .server: return TallyAPI.serverThreads
    }
  }
}

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
