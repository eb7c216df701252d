import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import JWTKit
import Testing

@testable import TallyServer

@Suite struct AuthTests {
  @Test func googleSignInUpsertsTheUserAndAnswersTheSeedShape() async throws {
    let server = try await TestServer()
    let idToken = try await server.google.idToken()
    let (status, body) = try await server.test {
      try await $0.json(.post, "/api/auth/mobile/google", body: #"{"idToken": "\#(idToken)"}"#)
    }
    #expect(status == .ok, "\(body)")
    let json = try JSON(body)
    #expect(json["success"] == .bool(true))
    // 30 days × 86,400 s.
    #expect(json["expiresIn"] == .number(2_592_000))
    #expect(json["user"]?["id"] == .string("google-user-1"))
    #expect(json["user"]?["email"] == .string("ada@example.com"))
    #expect(json["user"]?["name"] == .string("Ada Lovelace"))
    #expect(json["user"]?["image"] == .string("https://example.com/ada.png"))
    let user = try #require(try server.api.server.user(id: "google-user-1"))
    #expect(user.email == "ada@example.com")

    // The session token works on the API, for that user.
    let session = try #require(json["sessionToken"]?.string)
    let (favorites, list) = try await server.test {
      try await $0.json(.get, "/api/favorites", token: session)
    }
    #expect(favorites == .ok)
    #expect(list == "[]")
  }

  @Test func bothIssuerFormsAndBothClientsAreAccepted() async throws {
    let server = try await TestServer()
    for (issuer, audience) in [
      ("accounts.google.com", TestServer.webClient),
      ("https://accounts.google.com", TestServer.iosClient),
    ] {
      let idToken = try await server.google.idToken(audience: audience, issuer: issuer)
      let (status, _) = try await server.test {
        try await $0.json(.post, "/api/auth/mobile/google", body: #"{"idToken": "\#(idToken)"}"#)
      }
      #expect(status == .ok)
    }
  }

  @Test func badGoogleTokensAre401() async throws {
    let server = try await TestServer()
    let google = server.google
    let otherKey = try GoogleKey()
    let tokens: [(String, String)] = [
      (
        "another audience",
        try await google.idToken(audience: "someone-else.apps.googleusercontent.com")
      ),
      ("another issuer", try await google.idToken(issuer: "https://evil.example.com")),
      ("expired", try await google.idToken(expires: Date().addingTimeInterval(-3600))),
      ("no email", try await google.idToken(email: nil)),
      ("empty sub", try await google.idToken(subject: "")),
      // Same kid, another key: the signature does not verify.
      ("signed by another key", try await otherKey.idToken()),
      ("a session token", try await server.token("u1")),
      ("garbage", "not.a.token"),
      ("alg none", unsigned(["sub": "x", "email": "x@example.com", "aud": TestServer.iosClient])),
      // Issue 32: an address Google has not verified; a token from the future (beyond the
      // minute of leeway, `IdentityKeys.leeway`) by `iat` or by `nbf`.
      ("email_verified false", try await google.idToken(emailVerified: false)),
      ("email_verified absent", try await google.idToken(emailVerified: nil)),
      ("iat an hour ahead", try await google.idToken(issuedAt: Date().addingTimeInterval(3600))),
      ("nbf an hour ahead", try await google.notYetValid()),
    ]
    for (name, token) in tokens {
      let (status, body) = try await server.test {
        try await $0.json(.post, "/api/auth/mobile/google", body: #"{"idToken": "\#(token)"}"#)
      }
      #expect(status == .unauthorized, "\(name): \(body)")
      #expect(try JSON(body)["error"]?.string != nil, "\(name)")
    }
    #expect(try server.api.server.user(id: "google-user-1") == nil)
  }

  @Test func missingIdTokenIs400() async throws {
    let server = try await TestServer()
    let (status, body) = try await server.test {
      try await $0.json(.post, "/api/auth/mobile/google", body: "{}")
    }
    #expect(status == .badRequest)
    #expect(try JSON(body)["error"] == .string("Missing field: idToken"))
  }

  /// Every way of not being signed in is a 401 `{error}`.
  @Test func sessionFailuresAre401() async throws {
    let server = try await TestServer()
    let otherSecret = try await SessionTokens(secret: [UInt8](repeating: 9, count: 32))
    let now = Instant(Date())
    let cases: [(String, String?)] = [
      ("no token", nil),
      ("garbage", "garbage"),
      ("expired", try await expired(server.api.sessions)),
      ("alg none", unsigned(["sub": "u1", "exp": now.wholeSecondsSinceEpoch + 3600])),
      ("another secret", try await otherSecret.token(userId: "u1", now: now)),
      ("an RS256 token", try await server.google.idToken(subject: "u1")),
      // Issue 32: issued an hour ahead, or lasting past a year (`SessionTokens.maximumDays`).
      (
        "iat an hour ahead",
        try await server.api.sessions.token(
          userId: "u1", now: now.adding(seconds: 3600))
      ),
      ("a 400-day token", try await server.api.sessions.token(userId: "u1", now: now, days: 400)),
    ]
    for (name, token) in cases {
      let (status, body) = try await server.test {
        try await $0.json(.get, "/api/visits", token: token)
      }
      #expect(status == .unauthorized, "\(name)")
      #expect(try JSON(body)["error"]?.string != nil, "\(name)")
    }
  }

  /// Verified tokens are remembered, but one that was good a moment ago is refused once it
  /// expires: the cache never outlives a token.
  @Test func aCachedTokenIsRefusedOnceExpired() async throws {
    let sessions = try await SessionTokens(secret: [UInt8](repeating: 7, count: 32))
    // Made 30 days less 1.5 seconds ago for 30 days: valid for another 1.5 s.
    let token = try await sessions.token(
      userId: "u1",
      now: Instant(
        millisecondsSinceEpoch: Instant(Date()).millisecondsSinceEpoch - 30 * 86_400_000 + 1_500),
      days: 30)
    #expect(try await sessions.userId(of: token) == "u1")
    #expect(try await sessions.userId(of: token) == "u1")
    try await Task.sleep(for: .seconds(2))
    await #expect(throws: AuthFailure.self) { try await sessions.userId(of: token) }
  }

  @Test func shortSecretsAreRefused() async throws {
    await #expect(throws: TallyError.self) {
      // 31 bytes: one short of HS256's 32.
      _ = try await SessionTokens(secret: [UInt8](repeating: 1, count: 31))
    }
  }

  /// A token that expired a second ago (made 30 days and a second before now).
  private func expired(_ sessions: SessionTokens) async throws -> String {
    try await sessions.token(
      userId: "u1", now: Instant(Date()).adding(seconds: -(30 * 86_400 + 1)), days: 30)
  }

  /// An `alg: none` JWT with these claims and no signature.
  private func unsigned(_ claims: [String: any Sendable]) -> String {
    func part(_ json: String) -> String { Data(json.utf8).base64URL }
    let body = claims.map { key, value in
      value is String ? "\"\(key)\":\"\(value)\"" : "\"\(key)\":\(value)"
    }.joined(separator: ",")
    return part(#"{"alg":"none","typ":"JWT"}"#) + "." + part("{\(body)}") + "."
  }
}

@Suite struct BearerHeaderTests {
  @Test(
    arguments: [
      ("Bearer abc.def", "abc.def"),
      ("bearer abc", "abc"),
      ("BEARER abc", "abc"),
      ("Bearer   abc \t", "abc"),
      ("Bearer \tabc", "abc"),
      ("Bearer ", nil),
      ("Bearer", nil),
      ("Bearerabc", nil),
      ("Basic abc", nil),
      ("", nil),
    ] as [(String, String?)])
  func readsTheToken(header: String, token: String?) {
    #expect(TallyAPI.bearer(header: header) == token)
  }
}
