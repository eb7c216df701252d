import Foundation
import Testing

@testable import TallyServer

/// `Docs/openapi.yaml` documents exactly the routes the server registers.
@Suite struct OpenAPIDocumentTests {
  static let document = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/openapi.yaml")

  /// `METHOD /path` of every operation under `paths:` (a path is a 2-space key starting with
  /// `/`, an operation a 4-space HTTP method key under it).
  static func documented() throws -> Set<String> {
    let text = try String(contentsOf: document, encoding: .utf8)
    let methods: Set<String> = ["get", "post", "put", "patch", "delete", "head", "options"]
    var inPaths = false
    var path: String?
    var operations: Set<String> = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" ") && !line.isEmpty { inPaths = line == "paths:" }
      guard inPaths else { continue }
      if line.hasPrefix("  /"), line.hasSuffix(":") {
        path = String(line.dropFirst(2).dropLast())
      } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"),
        let path, methods.contains(String(line.dropFirst(4).dropLast()))
      {
        operations.insert(line.dropFirst(4).dropLast().uppercased() + " " + path)
      }
    }
    return operations
  }

  @Test func registeredRoutesAreExactlyTheDocumentedOnes() async throws {
    let server = try await TestServer()
    let registered = Set(server.api.routes.map { "\($0.method.rawValue) \($0.path)" })
    let documented = try Self.documented()
    #expect(registered.subtracting(documented).isEmpty, "not documented")
    #expect(documented.subtracting(registered).isEmpty, "documented, not served")
    // healthz 1 + readyz 1 + sign-in 2 + account deletion 1 + visits 2 + visits/{id} 2 + favorites 3
    // + favorites/{hcpcs} 1 + favorite groups 5 + custom codes 3 + settings 2 + analytics 1
    // + search 1 + RPCs 3 + views 12 + POS 2 + reports 2 = 44 operations.
    #expect(registered.count == 44)
  }
}
