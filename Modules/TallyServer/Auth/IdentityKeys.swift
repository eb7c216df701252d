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
