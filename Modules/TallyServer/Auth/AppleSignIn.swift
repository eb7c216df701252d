import AnalyticsCore
import Foundation
import JWTKit

/// Who an Apple identity token says signed in.
public struct AppleIdentity: Sendable, Equatable {
  /// Apple's stable user id for the app (`sub`).
  public let subject: String
  public let email: String
}

/// Verifies Sign in with Apple identity tokens as `GoogleSignIn` verifies Google's: RS256 against
/// Apple's published keys (a JWKS file the operator refreshes from
/// `https://appleid.apple.com/auth/keys`, so the server makes no outbound request), issuer
/// `https://appleid.apple.com`, an audience that is one of the app's ids (the Services ID of the
/// web and the iOS bundle id), not expired, and a `sub` and `email`.
public struct AppleSignIn: Sendable {
  private let keys: JWTKeyCollection
  private let clientIds: Set<String>

  /// - throws: `TallyError` (bad data) when the JWKS cannot be read.
  public init(jwks: String, clientIds: [String]) async throws {
    do {
      keys = try await JWTKeyCollection().add(jwksJSON: jwks)
    } catch {
      throw TallyError.invalid(
        "jwks", String(jwks.prefix(TallyError.echoLimit)),
        expected: "a JWKS document ({\"keys\": [...]}) as Apple publishes it",
        category: .badData)
    }
    self.clientIds = Set(clientIds)
  }

  /// The identity in a verified token.
  ///
  /// - throws: `AuthFailure.invalidAppleToken` for every failed check.
  public func verify(_ token: String) async throws -> AppleIdentity {
    guard !clientIds.isEmpty else {
      throw AuthFailure.invalidAppleToken("no Apple client id is configured")
    }
    let claims: AppleIdentityToken
    do {
      claims = try await keys.verify(
        token, as: AppleIdentityToken.self, expectedAudiences: clientIds)
    } catch {
      throw AuthFailure.invalidAppleToken("\(error)")
    }
    guard !claims.subject.value.isEmpty, let email = claims.email, !email.isEmpty else {
      throw AuthFailure.invalidAppleToken("sub or email missing")
    }
    return AppleIdentity(subject: claims.subject.value, email: email)
  }
}
