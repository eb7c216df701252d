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
