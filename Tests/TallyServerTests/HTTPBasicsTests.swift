import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyServer

@Suite struct HTTPBasicsTests {
  @Test func healthzAnswersWithoutAToken() async throws {
    let server = try await TestServer()
    let (status, body) = try await server.test { try await $0.json(.get, "/healthz") }
    #expect(status == .ok)
    #expect(body == #"{"status":"ok"}"#)
  }

  @Test func unknownRouteIs404() async throws {
    let server = try await TestServer()
    let (status, _) = try await server.test { try await $0.json(.get, "/api/nothing") }
    #expect(status == .notFound)
  }

  /// A method the server does not serve on a path it serves is a 405 naming the allowed ones.
  @Test func anotherMethodOnAKnownPathIs405() async throws {
    let server = try await TestServer()
    let (allow, status) = try await server.test { client in
      try await client.execute(uri: "/api/visits/12", method: .get) { response in
        (response.headers[.allow], response.status)
      }
    }
    #expect(status == .methodNotAllowed)
    #expect(allow == "DELETE, PUT")
  }

  /// Limits before anything is read: 413 over 1 MiB, 415 for another content type, 400 for
  /// malformed JSON.
  @Test(arguments: [
    // 1 MiB + 1 byte of JSON string is over the limit.
    ("\"" + String(repeating: "a", count: 1 << 20) + "\"", "application/json", 413),
    (#"{"hcpcs": "99213"}"#, "text/plain", 415),
    (#"{"hcpcs": "99213"}"#, "application/x-www-form-urlencoded", 415),
    (#"{"hcpcs": "#, "application/json", 400),
    ("not json", "application/json", 400),
    (#"{"hcpcs": 99213}"#, "application/json", 400),
    (#"{"hcpcs": "99213"}"#, "application/json; charset=utf-8", 201),
  ])
  func bodyLimits(body: String, contentType: String, expected: Int) async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    let (status, text) = try await server.test {
      try await $0.json(
        .post, "/api/favorites", token: token, body: body, contentType: contentType)
    }
    #expect(status.code == expected, "\(text)")
    if expected >= 400 { #expect(try JSON(text)["error"]?.string != nil) }
  }

  @Test func aMissingFieldIsNamed() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    let (status, body) = try await server.test {
      try await $0.json(.post, "/api/favorites", token: token, body: "{}")
    }
    #expect(status == .badRequest)
    #expect(try JSON(body)["error"] == .string("Missing field: hcpcs"))
  }
}
