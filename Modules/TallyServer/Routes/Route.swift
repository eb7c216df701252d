import Hummingbird

/// One route: a method, a path in OpenAPI's form (`/api/visits/{id}`, which Hummingbird reads
/// too) and its handler. The server registers exactly `TallyAPI.routes`, and a test compares that
/// list with `Docs/openapi.yaml`, so the document cannot drift from the code.
public struct Route: Sendable {
  public let method: HTTPRequest.Method
  public let path: String
  /// Whether the handler may block on a database: it then runs on `TallyAPI.databaseThreads`.
  let blocks: Bool
  let handler: @Sendable (Request, ServerContext) async throws -> Response

  init(
    _ method: HTTPRequest.Method, _ path: String, blocks: Bool = true,
    _ handler: @escaping @Sendable (Request, ServerContext) async throws -> Response
  ) {
    self.method = method
    self.path = path
    self.blocks = blocks
    self.handler = handler
  }
}
