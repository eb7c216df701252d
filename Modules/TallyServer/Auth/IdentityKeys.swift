import AnalyticsCore
import Foundation
import JWTKit

/// A sign-in provider's published keys (a JWKS file the operator refreshes as the provider
/// rotates them, so the server makes no outbound request) and the app ids its tokens must be
/// for: the verification Google's and Apple's sign-ins share. jwt-kit checks the signature by
/// `kid`, the token's own claims (issuer, expiry) and the audience.
struct IdentityKeys: Sendable {
  private let keys: JWTKeyCollection
  let clientIds: Set<String>

  /// - throws: `TallyError` (bad data) when the JWKS cannot be read.
  init(jwks: String, clientIds: [String], provider: String) async throws {
    do {
      keys = try await JWTKeyCollection().add(jwksJSON: jwks)
    } catch {
      throw TallyError.invalid(
        "jwks", String(jwks.prefix(TallyError.echoLimit)),
        expected: "a JWKS document ({\"keys\": [...]}) as \(provider) publishes it",
        category: .badData)
    }
    self.clientIds = Set(clientIds)
  }

  /// How far a token's `iat` or `nbf` may lie ahead of this server's clock: clocks drift, and a
  /// token issued a second "from now" elsewhere is not an attack; one issued an hour ahead is.
  static let leeway: TimeInterval = 60

  /// Why the timing of a verified token is refused (`iat` or `nbf` after now + `leeway`), if it
  /// is. jwt-kit checks `exp`; the vendor tokens do not decode `nbf`, so it is read from the
  /// payload here.
  static func timingRefusal(_ token: String, issuedAt: Date, now: Date) -> String? {
    let latest = now.addingTimeInterval(leeway)
    if issuedAt > latest { return "issued in the future (iat)" }
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var payload = parts[1].replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
    guard let data = Data(base64Encoded: payload),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let notBefore = object["nbf"]
    else { return nil }
    guard let seconds = (notBefore as? NSNumber)?.doubleValue else { return "nbf is not a time" }
    return Date(timeIntervalSince1970: seconds) > latest ? "not valid yet (nbf)" : nil
  }

  /// Why a token was refused, for the log: the client sees only a 401.
  struct Refusal: Error {
    let reason: String
  }

  /// The claims `check` verifies with the keys and the app ids (each provider's own jwt-kit
  /// call: Google's also checks `azp`).
  func verify<Token>(
    _ check: (JWTKeyCollection, Set<String>) async throws -> Token
  ) async throws(Refusal) -> Token {
    guard !clientIds.isEmpty else { throw Refusal(reason: "no client id is configured") }
    do { return try await check(keys, clientIds) } catch {
      throw Refusal(reason: "\(error)")
    }
  }
}
