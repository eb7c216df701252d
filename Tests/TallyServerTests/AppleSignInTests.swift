import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyServer

/// `POST /api/auth/mobile/apple` (issue 31), as the RVU backend answers it
/// (`src/app/api/auth/mobile/apple/route.ts`), with a key made here standing in for Apple's.
@Suite struct AppleSignInTests {
  @Test func appleSignInMakesASessionAndKeepsTheFirstName() async throws {
    let server = try await TestServer()
    let first = try await server.apple.appleToken()
    let (status, body) = try await server.test {
      try await $0.json(
        .post, "/api/auth/mobile/apple",
        body:
          #"{"identityToken": "\#(first)", "fullName": {"givenName": "Grace", "familyName": "Hopper"}}"#
      )
    }
    #expect(status == .ok, "\(body)")
    let json = try JSON(body)
    #expect(json["success"] == .bool(true))
    #expect(json["user"]?["id"] == .string("apple_000123.apple"))
    #expect(json["user"]?["email"] == .string("grace@privaterelay.appleid.com"))
    #expect(json["user"]?["name"] == .string("Grace Hopper"))
    #expect(json["user"]?["image"] == .null)
    #expect(json["expiresIn"] == .number(2_592_000))
    let session = try #require(json["sessionToken"]?.string)
    #expect(try await server.api.sessions.userId(of: session) == "apple_000123.apple")

    // Apple sends the name only the first time: a later sign-in keeps it.
    let again = try await server.apple.appleToken()
    let (_, later) = try await server.test {
      try await $0.json(.post, "/api/auth/mobile/apple", body: #"{"identityToken": "\#(again)"}"#)
    }
    #expect(try JSON(later)["user"]?["name"] == .string("Grace Hopper"))
    #expect(try server.api.server.user(id: "apple_000123.apple")?.name == "Grace Hopper")
  }

  @Test func badAppleTokensAre401AndAMissingOneIs400() async throws {
    let server = try await TestServer()
    let apple = server.apple
    let cases: [(String, String)] = [
      ("another app", try await apple.appleToken(audience: "com.example.other")),
      ("another issuer", try await apple.appleToken(issuer: "https://evil.example.com")),
      ("expired", try await apple.appleToken(expires: Date().addingTimeInterval(-3600))),
      ("no email", try await apple.appleToken(email: nil)),
      // Google's key is not Apple's.
      ("signed by another key", try await server.google.appleToken()),
      ("not a token", "abc.def.ghi"),
    ]
    for (reason, token) in cases {
      let (status, body) = try await server.test {
        try await $0.json(.post, "/api/auth/mobile/apple", body: #"{"identityToken": "\#(token)"}"#)
      }
      #expect(status == .unauthorized, "\(reason)")
      #expect(try JSON(body)["error"] == .string("Invalid identity token"), "\(reason)")
    }
    #expect(try server.api.server.user(id: "apple_000123.apple") == nil)
    for body in ["{}", #"{"identityToken": ""}"#] {
      let (status, error) = try await server.test {
        try await $0.json(.post, "/api/auth/mobile/apple", body: body)
      }
      #expect(status == .badRequest)
      #expect(try JSON(error)["error"] == .string("Missing identityToken"))
    }
  }
}
