import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyServer

/// Issue 32: a note `"NUL\u0000here"` was answered 201 with the whole note and stored as `NUL`
/// (SQLite reads text to its first NUL), and a Google `sub` of `"A\u0000attacker"` signed in as
/// user `A`. Text is now stored as sent or refused.
@Suite struct NULTextTests {
  @Test func aNULInAnyBodyIsRefusedAndAnEscapedBackslashIsText() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      let (status, error) = try await client.json(
        .post, "/api/visits", token: token,
        body:
          #"{"date": "2026-02-08", "notes": "NUL\u0000here", "procedures": [{"hcpcs": "99213"}]}"#
      )
      #expect(status == .badRequest)
      #expect(try JSON(error)["error"]?.string?.contains("NUL") == true)
      #expect(try await client.json(.get, "/api/visits", token: token).body == "[]")
      // `\\u0000` is a backslash and the text u0000: stored and answered as sent.
      let (created, body) = try await client.json(
        .post, "/api/visits", token: token,
        body: #"{"date": "2026-02-08", "notes": "a\\u0000b", "procedures": [{"hcpcs": "99213"}]}"#)
      #expect(created == .created)
      #expect(try JSON(body)["notes"] == .string(#"a\u0000b"#))
    }
    #expect(JSONBody.hasNULEscape(Data(#"{"a": "\\\u0000"}"#.utf8)))
    #expect(!JSONBody.hasNULEscape(Data(#"{"a": "\\\\u0000"}"#.utf8)))
  }

  @Test func aGoogleSubjectWithANULDoesNotSignIn() async throws {
    let server = try await TestServer()
    let idToken = try await server.google.idToken(subject: "A\u{0}attacker")
    let (status, _) = try await server.test {
      try await $0.json(.post, "/api/auth/mobile/google", body: #"{"idToken": "\#(idToken)"}"#)
    }
    #expect(status == .unauthorized)
    #expect(try server.api.server.user(id: "A") == nil)
  }
}
